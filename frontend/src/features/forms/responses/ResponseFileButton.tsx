import { useMutation } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { toast } from 'sonner';
import type { ResponseFile } from '@portico/common';
import { downloadFile } from '../../files';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { errorMessage } from '../../../lib/api/http';
import { RESPONSES_TEXT } from '../response-display';
import styles from './ResponseFileButton.module.css';

/** A file answered to a form, downloaded through a signed link (the Files area's access check). */
export function ResponseFileButton({ tenantId, file }: { tenantId: string; file: ResponseFile }) {
  const download = useMutation({
    mutationFn: () => downloadFile(tenantId, file.id),
    onError: (err) => toast.error(RESPONSES_TEXT.downloadFailed, { description: errorMessage(err, 'Unknown error') }),
  });

  return (
    <Button
      variant="link"
      className={styles.file}
      onClick={() => download.mutate()}
      disabled={download.isPending}
      aria-label={`Download ${file.original_name}`}
    >
      {download.isPending ? <Spinner /> : <Paperclip size={14} aria-hidden />}
      <span className={styles.name}>{file.original_name}</span>
    </Button>
  );
}
