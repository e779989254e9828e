import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { fileLink, type PortalFile } from './api';
import { isPreviewable } from './file-format';
import styles from './FilePreview.module.css';

/** What a preview needs of a file: a file row, or an attachment of a message. */
export type PreviewableFile = Pick<PortalFile, 'id' | 'title' | 'original_name' | 'content_type'> & { kind: string };

/** A pdf or an image shown inline through a fresh signed link; any other kind says to download it. */
export function FilePreview({ tenantId, file }: { tenantId: string; file: PreviewableFile }) {
  const previewable = isPreviewable(file);
  // Each opening gets a fresh signed link; the server records the view when it is loaded.
  const link = useQuery({
    queryKey: ['file-preview-link', tenantId, file.id],
    queryFn: () => fileLink(tenantId, file.id, 'preview'),
    enabled: previewable,
    gcTime: 0,
    staleTime: Infinity,
  });
  if (!previewable) return <p className={styles.note}>This file type cannot be previewed. Use Download to open it.</p>;
  if (link.isPending) return <Skeleton height={320} />;
  if (link.isError)
    return (
      <ErrorState message="Failed to load the preview" onRetry={() => void link.refetch()} retrying={link.isFetching} />
    );
  return file.kind === 'pdf' ? (
    <iframe className={styles.frame} src={link.data} title={`Preview of ${file.title}`} />
  ) : (
    <img className={styles.image} src={link.data} alt={`Preview of ${file.title}`} />
  );
}
