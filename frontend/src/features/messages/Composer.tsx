import { useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MESSAGE_MAX_FILES, MESSAGE_MESSAGES, messagePostBody } from '@portico/common';
import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api/http';
import { useSession } from '../../lib/session/session-context';
import { Button, IconButton } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import progressBar from '../../ui/Progress.module.css';
import { usePostMessage, uploadAttachment } from './api';
import styles from './Messages.module.css';

interface Attachment {
  key: number;
  name: string;
  progress: number;
  /** The stored file's id, once uploaded. */
  fileId: string | null;
  error: string | null;
}

const composerForm = messagePostBody.pick({ body: true });

interface ComposerProps {
  tenantId: string;
  threadId: string;
  /** Said under the box (an announcement's replies go to the team only). */
  note?: string;
  onTyping: () => void;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The box under a conversation: Enter sends, Shift+Enter starts a new line; files upload as they are chosen. */
export function Composer({ tenantId, threadId, note, onTyping, ref }: ComposerProps) {
  const { user } = useSession();
  const post = usePostMessage(tenantId, threadId);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const nextKey = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<{ body: string }>({
    resolver: zodResolver(composerForm),
    defaultValues: { body: '' },
    shouldFocusError: false,
  });
  const { ref: registerRef, ...body } = form.register('body', { onChange: onTyping });

  const uploading = attachments.some((a) => a.fileId === null && a.error === null);
  const update = (key: number, change: Partial<Attachment>) =>
    setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  function attach(files: FileList | null) {
    if (!files || !user) return;
    const room = MESSAGE_MAX_FILES - attachments.length;
    if (files.length > room) toast.error(MESSAGE_MESSAGES.tooManyFiles);
    for (const file of [...files].slice(0, Math.max(0, room))) {
      const key = nextKey.current++;
      setAttachments((list) => [...list, { key, name: file.name, progress: 0, fileId: null, error: null }]);
      uploadAttachment(tenantId, user.id, file, (progress) => update(key, { progress }))
        .then((stored) => update(key, { fileId: stored.id, progress: 1 }))
        .catch((err: unknown) => update(key, { error: errorMessage(err, 'Upload failed') }));
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  function send({ body: text }: { body: string }) {
    if (uploading) return;
    const fileIds = attachments.flatMap((a) => (a.fileId ? [a.fileId] : []));
    post.mutate(
      { body: text, file_ids: fileIds.length > 0 ? fileIds : undefined },
      {
        onSuccess: () => {
          form.reset({ body: '' });
          setAttachments([]);
        },
        onError: (err) => toast.error(errorMessage(err, 'The message could not be sent.')),
      },
    );
  }
  const submit = form.handleSubmit(send);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form className={styles.composer} onSubmit={(e) => void submit(e)} noValidate aria-label="Write a message">
      {attachments.length > 0 && (
        <ul className={styles.pending} aria-label="Files to send">
          {attachments.map((a) => (
            <li key={a.key} className={styles.pendingFile}>
              <span className={styles.attachmentName}>{a.name}</span>
              {a.error ? (
                <span className={styles.problem} role="alert">
                  Upload failed: {a.error}
                </span>
              ) : a.fileId === null ? (
                <span className={progressBar.progress}>
                  <progress max={1} value={a.progress} aria-label={`Uploading ${a.name}`} />
                  <span>{Math.round(a.progress * 100)}%</span>
                </span>
              ) : (
                <span className={styles.attachmentSize}>Ready</span>
              )}
              <IconButton
                size="sm"
                icon={X}
                label={`Remove ${a.name}`}
                onClick={() => setAttachments((list) => list.filter((b) => b.key !== a.key))}
              />
            </li>
          ))}
        </ul>
      )}
      <TextAreaField
        label="Message"
        rows={2}
        className={styles.composerBox}
        help={note ?? 'Enter sends, Shift+Enter starts a new line. **bold**, *italic*, - lists and links work.'}
        error={form.formState.errors.body?.message}
        onKeyDown={onKeyDown}
        ref={(node) => {
          registerRef(node);
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        {...body}
      />
      <div className={styles.composerActions}>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label="Attach files"
          onChange={(e) => attach(e.target.files)}
        />
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
          <Paperclip size={14} aria-hidden />
          Attach files
        </Button>
        <Button type="submit" size="sm" loading={post.isPending} disabled={uploading}>
          {!post.isPending && <SendHorizontal size={14} aria-hidden />}
          Send
        </Button>
      </div>
    </form>
  );
}
