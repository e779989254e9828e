import {
  SHARE_LINK_MAX_DAYS,
  SHARE_LINK_MAX_DOWNLOADS,
  type ShareLinkBody,
  type ShareLinkStatus,
} from '@portico/common';
import { Link2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api/http';
import { Alert } from '../../ui/Alert';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { CopyLink } from '../../ui/CopyLink';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { SelectField, TextField } from '../../ui/Field';
import { Form, FormActions, FormGrid } from '../../ui/Form';
import { InlineConfirm } from '../../ui/InlineConfirm';
import { Skeleton } from '../../ui/Skeleton';
import { formatDate, formatDateTime } from '../../ui/format';
import { useInlineConfirm } from '../../ui/use-inline-confirm';
import type { PortalFile } from './api';
import { useCreateShareLink, useRevokeShareLink, useShareLinks, type ShareLink } from './share-links';
import styles from './ShareLinkDialog.module.css';

/*
 * "Share link" of a file's actions (issue 33): an admin makes an expiring link for someone outside
 * the workspace, copies it (it is shown once), and sees and revokes the file's links.
 */

const EXPIRY_CHOICES = { '1': '1 day', '7': '7 days', '30': '30 days', custom: 'Custom date' } as const;
type ExpiryChoice = keyof typeof EXPIRY_CHOICES;

const STATUS_BADGES: Record<ShareLinkStatus, { tone: BadgeTone; label: string }> = {
  active: { tone: 'green', label: 'Active' },
  expired: { tone: 'gray', label: 'Expired' },
  revoked: { tone: 'red', label: 'Revoked' },
  used_up: { tone: 'orange', label: 'Used up' },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date input's value (`yyyy-mm-dd`) of the local day `days` from today. */
function localDay(days: number): string {
  const date = new Date(Date.now() + days * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The body for the form's choices, or the sentence saying what is missing. */
function shareLinkBodyOf(expiry: ExpiryChoice, date: string, limit: string): ShareLinkBody | string {
  const maxDownloads = limit.trim() === '' ? null : Number(limit);
  if (
    maxDownloads !== null &&
    (!Number.isInteger(maxDownloads) || maxDownloads < 1 || maxDownloads > SHARE_LINK_MAX_DOWNLOADS)
  )
    return 'The download limit must be a whole number from 1 to 1000.';
  if (expiry !== 'custom') return { expires_in_days: Number(expiry), max_downloads: maxDownloads };
  if (!date) return 'Choose the date the link expires.';
  // The link works until the end of the chosen day, where the admin is.
  const end = new Date(`${date}T23:59:59`);
  if (Number.isNaN(end.getTime())) return 'Choose the date the link expires.';
  return { expires_at: end.toISOString(), max_downloads: maxDownloads };
}

function downloadsOf(link: ShareLink): string {
  const count = `${link.download_count} download${link.download_count === 1 ? '' : 's'}`;
  return link.max_downloads === null ? count : `${count} of ${link.max_downloads}`;
}

function ShareLinkItem({ tenantId, fileId, link }: { tenantId: string; fileId: string; link: ShareLink }) {
  const revoke = useRevokeShareLink(tenantId, fileId);
  const { confirming, triggerRef, ask, cancel } = useInlineConfirm();
  const badge = STATUS_BADGES[link.status];
  const when =
    link.status === 'revoked' && link.revoked_at
      ? `Revoked ${formatDateTime(link.revoked_at)}`
      : `${link.status === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(link.expires_at)}`;
  return (
    <li className={styles.item}>
      <div className={styles.head}>
        <Badge tone={badge.tone}>{badge.label}</Badge>
        <span className={styles.meta}>{when}</span>
      </div>
      <p className={styles.meta}>
        {downloadsOf(link)} · made {formatDate(link.created_at)}
        {link.created_by_email ? ` by ${link.created_by_email}` : ''}
      </p>
      {link.status === 'active' &&
        (confirming ? (
          <InlineConfirm
            question="Revoke this link? It stops working at once."
            busy={revoke.isPending}
            onConfirm={() =>
              revoke.mutate(link.id, {
                onSuccess: () => toast.success('Link revoked'),
                onError: (err) =>
                  toast.error('Could not revoke the link', { description: errorMessage(err, 'Failed') }),
              })
            }
            onCancel={cancel}
          />
        ) : (
          <div>
            <Button ref={triggerRef} variant="secondary" size="sm" onClick={ask}>
              Revoke
            </Button>
          </div>
        ))}
    </li>
  );
}

function ShareLinkList({ tenantId, fileId }: { tenantId: string; fileId: string }) {
  const links = useShareLinks(tenantId, fileId);
  if (links.isPending) return <Skeleton height={60} />;
  if (links.isError)
    return (
      <ErrorState
        message="Failed to load the share links"
        onRetry={() => void links.refetch()}
        retrying={links.isFetching}
      />
    );
  if (links.data.length === 0) return <EmptyState icon={Link2} message="No share links yet." />;
  return (
    <ul className={styles.list} aria-label="Share links">
      {links.data.map((link) => (
        <ShareLinkItem key={link.id} tenantId={tenantId} fileId={fileId} link={link} />
      ))}
    </ul>
  );
}

function ShareLinkForm({ tenantId, file }: { tenantId: string; file: PortalFile }) {
  const create = useCreateShareLink(tenantId, file.id);
  const [expiry, setExpiry] = useState<ExpiryChoice>('7');
  const [date, setDate] = useState('');
  const [limit, setLimit] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = shareLinkBodyOf(expiry, date, limit);
    if (typeof body === 'string') {
      setProblem(body);
      return;
    }
    setProblem(null);
    create.mutate(body, {
      onSuccess: (made) => setUrl(made.url),
      onError: (err) => setProblem(errorMessage(err, 'Could not make the link')),
    });
  }

  if (url)
    return (
      <div className={styles.created}>
        <Alert tone="success">Link created. Copy it now: it is not shown again.</Alert>
        <CopyLink link={url} label="Link to send" />
        <div>
          <Button variant="secondary" size="sm" onClick={() => setUrl(null)}>
            Make another link
          </Button>
        </div>
      </div>
    );

  return (
    <Form onSubmit={submit} noValidate>
      <FormGrid>
        <SelectField label="Expires after" value={expiry} onChange={(e) => setExpiry(e.target.value as ExpiryChoice)}>
          {(Object.keys(EXPIRY_CHOICES) as ExpiryChoice[]).map((key) => (
            <option key={key} value={key}>
              {EXPIRY_CHOICES[key]}
            </option>
          ))}
        </SelectField>
        {expiry === 'custom' && (
          <TextField
            label="Expiry date"
            type="date"
            min={localDay(0)}
            max={localDay(SHARE_LINK_MAX_DAYS - 1)}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            help="The link works until the end of this day."
          />
        )}
        <TextField
          label="Download limit (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          max={SHARE_LINK_MAX_DOWNLOADS}
          value={limit}
          placeholder="No limit"
          onChange={(e) => setLimit(e.target.value)}
        />
      </FormGrid>
      {problem && <Alert tone="error">{problem}</Alert>}
      <FormActions>
        <Button type="submit" loading={create.isPending}>
          Create link
        </Button>
      </FormActions>
    </Form>
  );
}

interface ShareLinkDialogProps {
  tenantId: string;
  file: PortalFile | null;
  onClose: () => void;
}

/** The share links of `file` (an admin's); closed while `file` is null. */
export function ShareLinkDialog({ tenantId, file, onClose }: ShareLinkDialogProps) {
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Share link"
      description={
        file
          ? `Anyone with the link can download “${file.title}” without signing in, until it expires or you revoke it.`
          : undefined
      }
      wide
    >
      {file && (
        <div className={styles.body}>
          <ShareLinkForm key={file.id} tenantId={tenantId} file={file} />
          <section aria-labelledby="share-links-heading">
            <h3 id="share-links-heading" className={styles.heading}>
              Links to this file
            </h3>
            <ShareLinkList tenantId={tenantId} fileId={file.id} />
          </section>
        </div>
      )}
    </Dialog>
  );
}
