import clsx from 'clsx';
import { useState, type KeyboardEvent } from 'react';
import { MESSAGE_MESSAGES } from '@portico/common';
import { Download, Eye, FileText } from 'lucide-react';
import { toast } from 'sonner';
import { downloadFile, FilePreview, isPreviewable } from '../files';
import { errorMessage } from '../../lib/api/http';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import { TextAreaField } from '../../ui/Field';
import { InlineConfirm } from '../../ui/InlineConfirm';
import { formatBytes, formatDateTime } from '../../ui/format';
import { useInlineConfirm } from '../../ui/use-inline-confirm';
import { useDeleteMessage, useEditMessage, type MessageFile, type ThreadMessage } from './api';
import { RichText } from './RichText';
import styles from './Messages.module.css';

interface MessageItemProps {
  tenantId: string;
  message: ThreadMessage;
  /** Now, as the conversation last looked: whether the edit window is still open. */
  now: number;
}

function Attachment({ tenantId, file }: { tenantId: string; file: MessageFile }) {
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const name = file.title || file.original_name;
  function download() {
    setBusy(true);
    downloadFile(tenantId, file.id)
      .catch((err: unknown) => toast.error(errorMessage(err, 'The file could not be downloaded.')))
      .finally(() => setBusy(false));
  }
  const downloadButton = (
    <Button
      size="sm"
      variant="secondary"
      loading={busy}
      onClick={download}
      aria-label={`Download ${file.original_name}`}
    >
      {!busy && <Download size={14} aria-hidden />}
      Download
    </Button>
  );
  return (
    <li className={styles.attachment}>
      <FileText size={18} aria-hidden />
      <span className={styles.attachmentName}>
        {name}
        <span className={styles.attachmentSize}>{formatBytes(file.size_bytes)}</span>
      </span>
      {isPreviewable(file) && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setPreviewing(true)}
          aria-label={`Preview ${file.original_name}`}
        >
          <Eye size={14} aria-hidden />
          Preview
        </Button>
      )}
      {downloadButton}
      {previewing && (
        <Drawer open onOpenChange={(open) => !open && setPreviewing(false)} title={name}>
          <div className={styles.previewBody}>
            <div>{downloadButton}</div>
            <FilePreview tenantId={tenantId} file={file} />
          </div>
        </Drawer>
      )}
    </li>
  );
}

function EditForm({ tenantId, message, onDone }: { tenantId: string; message: ThreadMessage; onDone: () => void }) {
  const [body, setBody] = useState(message.body);
  const edit = useEditMessage(tenantId, message.thread_id);
  const problem = body.trim() === '' ? MESSAGE_MESSAGES.bodyRequired : null;
  function save() {
    if (problem) return;
    edit.mutate(
      { id: message.id, body },
      { onSuccess: onDone, onError: (err) => toast.error(errorMessage(err, 'The message could not be saved.')) },
    );
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  }
  return (
    <div className={styles.editForm}>
      <TextAreaField
        label="Edit message"
        value={body}
        rows={3}
        autoFocus
        error={problem ?? undefined}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.messageActions}>
        <Button size="sm" loading={edit.isPending} disabled={problem !== null} onClick={save}>
          Save
        </Button>
        <Button size="sm" variant="secondary" disabled={edit.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** One message: its author and time, its text (or that it was deleted), its files, and its author's Edit and Delete. */
export function MessageItem({ tenantId, message, now }: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const { confirming, triggerRef, ask, cancel } = useInlineConfirm();
  const remove = useDeleteMessage(tenantId, message.thread_id);
  const deleted = message.deleted_at !== null;
  const editable = !deleted && message.editable_until !== null && Date.parse(message.editable_until) > now;
  const author = message.mine ? 'You' : (message.author?.name ?? 'The workspace');

  return (
    <li className={clsx(styles.message, message.mine && styles.mine)} data-message-id={message.id}>
      <p className={styles.messageMeta}>
        <span className={styles.author}>{author}</span>
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        {message.edited_at && !deleted && <span>(edited)</span>}
        {message.team_only && <span>· visible to the team only</span>}
      </p>
      {deleted ? (
        <p className={styles.deleted}>{MESSAGE_MESSAGES.deleted}</p>
      ) : editing ? (
        <EditForm tenantId={tenantId} message={message} onDone={() => setEditing(false)} />
      ) : (
        <RichText body={message.body} />
      )}
      {message.files.length > 0 && (
        <ul className={styles.attachments} aria-label="Attachments">
          {message.files.map((file) => (
            <Attachment key={file.id} tenantId={tenantId} file={file} />
          ))}
        </ul>
      )}
      {message.mine && !deleted && !editing && (
        <div className={styles.messageActions}>
          {confirming ? (
            <InlineConfirm
              question="Delete this message?"
              busy={remove.isPending}
              onCancel={cancel}
              onConfirm={() =>
                remove.mutate(message.id, {
                  onError: (err) => {
                    cancel();
                    toast.error(errorMessage(err, 'The message could not be deleted.'));
                  },
                })
              }
            />
          ) : (
            <>
              {editable && (
                <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
              <Button size="sm" variant="ghost" ref={triggerRef} onClick={ask}>
                Delete
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
