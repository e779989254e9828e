import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHARE_LINK_MESSAGES, type PublicShareLinkAnswer } from '@portico/common';
import { Download, FileText } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { errorMessage, errorStatus } from '../../lib/api/http';
import { client } from '../../lib/api/typed-client';
import { useSite, type Site } from '../../lib/site/site';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { fileNameOf, saveBlob } from '../../ui/download';
import { formatBytes, formatDateTime } from '../../ui/format';
import { Skeleton } from '../../ui/Skeleton';
import { AuthCard } from '../auth';
import styles from './ShareLinkPage.module.css';

/*
 * /s/{token}: the page a share link opens (issue 33), for someone outside the workspace, with no
 * sign-in. It wears the brand of the workspace that shared the file, names the file and its size,
 * and downloads it; a link that ended says why (expired, revoked, used up, file deleted).
 */

const shareLinkKey = (token: string) => ['share-link', token] as const;

/** The host's site, wearing the brand of the workspace the link belongs to once it is known. */
function brandedSite(site: Site | undefined, workspace: PublicShareLinkAnswer['workspace'] | undefined) {
  if (!site || !workspace) return site;
  return { ...site, kind: 'tenant' as const, ...workspace };
}

/** Fetches the file through the link (counting one download) and hands it to the browser. */
async function downloadThrough(token: string, fallbackName: string): Promise<void> {
  const response = await fetch(`/api/public/share-links/${encodeURIComponent(token)}/download`);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? 'The download failed. Try again.');
  }
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? fallbackName);
}

export function ShareLinkPage() {
  const { token = '' } = useParams();
  const site = useSite();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: shareLinkKey(token),
    queryFn: () => client.GET('/public/share-links/{token}', { params: { path: { token } }, tenantId: null }),
    retry: false,
  });
  const download = useMutation({
    mutationFn: () => downloadThrough(token, link.data?.share_link.file_name ?? 'download'),
    // The downloads left, or why the link no longer works.
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinkKey(token) }),
  });

  const body = () => {
    if (link.isPending) return <Skeleton height={96} />;
    if (link.isError) {
      const ended = errorStatus(link.error) === 410;
      return (
        <Alert tone={ended ? 'info' : 'error'}>
          {errorMessage(link.error, SHARE_LINK_MESSAGES.unknown)} Ask the person who sent it for a new link.
        </Alert>
      );
    }
    const { share_link: file } = link.data;
    return (
      <>
        <div className={styles.file}>
          <FileText size={28} aria-hidden className={styles.icon} />
          <div>
            <p className={styles.name}>{file.file_name}</p>
            <p className={styles.meta}>{formatBytes(file.size_bytes)}</p>
          </div>
        </div>
        <p className={styles.meta}>
          Available until {formatDateTime(file.expires_at)}
          {file.downloads_left !== null &&
            ` · ${file.downloads_left} download${file.downloads_left === 1 ? '' : 's'} left`}
          .
        </p>
        {download.isError && <Alert tone="error">{download.error.message}</Alert>}
        <Button loading={download.isPending} onClick={() => download.mutate()}>
          {!download.isPending && <Download size={16} aria-hidden />}
          Download
        </Button>
      </>
    );
  };

  const workspace = link.data?.workspace;
  return (
    <AuthCard
      title={workspace ? `${workspace.name} shared a file with you` : 'Shared file'}
      site={brandedSite(site.data, workspace)}
    >
      <div className={styles.body}>{body()}</div>
    </AuthCard>
  );
}
