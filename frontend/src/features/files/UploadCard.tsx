import { useId, useMemo } from 'react';
import clsx from 'clsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { FILE_MESSAGES, fileTitleField, missingRecipient, type RecipientChoice } from '@portico/common';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { useTenantRoles } from '../../lib/api/queries';
import { useFileUpload, useTenantUsers } from './api';
import type { PortalFile, UploadInput } from './api';
import { Button } from '../../ui/Button';
import { Card, CardHeader } from '../../ui/Card';
import { CheckboxField, SelectField, TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { uploadSuccessMessage } from './upload-messages';
import type { UploadMode } from './upload-messages';
import { pickedFiles } from './upload-queue/dropped-files';
import { folderPathResolver, type FolderPathResolver } from './upload-queue/folder-paths';
import { usePageFileDrop } from './upload-queue/use-page-file-drop';
import { useUploadQueue, type ChosenFile, type UploadItem } from './upload-queue/use-upload-queue';
import { UploadRow } from './upload-queue/UploadRow';
import queueStyles from './upload-queue/UploadQueue.module.css';
import styles from './UploadCard.module.css';

interface UploadCardProps {
  tenantId: string;
  mode: UploadMode;
  /** The folder the files go in; the top level when absent. */
  folderId?: string | null;
  onUploaded?: (file: PortalFile) => void;
}

interface UploadValues {
  files: ChosenFile[];
  title?: string;
  assign_to: 'user' | 'role';
  user_id: string;
  assigned_roles: string[];
}

/** Which recipient fields a mode shows and sends: in `choice`, only the kind picked. */
function recipientFields(mode: UploadMode, assignTo: UploadValues['assign_to']) {
  return {
    useUser: mode === 'both' || (mode === 'choice' && assignTo === 'user'),
    useRoles: mode === 'both' || (mode === 'choice' && assignTo === 'role'),
  };
}

/** The recipients the form sends. */
function recipientsOf(
  mode: UploadMode,
  values: Pick<UploadValues, 'assign_to' | 'user_id' | 'assigned_roles'>,
): RecipientChoice {
  const { useUser, useRoles } = recipientFields(mode, values.assign_to);
  return {
    assignTo: mode === 'choice' ? values.assign_to : undefined,
    userId: useUser && values.user_id ? values.user_id : undefined,
    roles: useRoles ? values.assigned_roles : [],
  };
}

/**
 * The upload form's rules: a file, the API's title rule and, for admins, the API's rule for
 * recipients (in a folder, choosing nobody is allowed: the file is shared as the folder is).
 */
function uploadForm(mode: UploadMode, inFolder: boolean) {
  return z
    .object({
      files: z.array(z.custom<ChosenFile>()).min(1, FILE_MESSAGES.selectFile),
      title: fileTitleField,
      assign_to: z.enum(['user', 'role']),
      user_id: z.string(),
      assigned_roles: z.array(z.string()),
    })
    .superRefine((values, ctx) => {
      const recipients = recipientsOf(mode, values);
      const nobody = !recipients.userId && recipients.roles.length === 0;
      const missing = mode === 'self' || (inFolder && mode === 'both' && nobody) ? null : missingRecipient(recipients);
      if (missing) ctx.addIssue({ code: 'custom', message: missing, path: ['user_id'] });
    });
}
type UploadForm = ReturnType<typeof uploadForm>;

const EMPTY: UploadValues = { files: [], title: '', assign_to: 'user', user_id: '', assigned_roles: [] };

/** What each file of one press of Upload is sent with; the role labels are for the success sentence. */
type UploadTarget = Omit<UploadInput, 'file'> & {
  roleLabels: string[];
  /** Admins' drops keep their folders: each file goes in the folder its path names, made if need be. */
  folderOf?: FolderPathResolver;
};
type QueuedUpload = UploadItem<UploadTarget, PortalFile>;

/** The toasts once the queue has sent everything: the spec's sentence for one file, a count for several. */
function announceEnded(mode: UploadMode, ended: readonly QueuedUpload[]) {
  const stored = ended.filter((item) => item.status === 'done');
  const refused = ended.filter((item) => item.status === 'failed');
  const [onlyStored] = stored;
  if (stored.length > 1) toast.success(`${stored.length} files uploaded`);
  else if (onlyStored?.result)
    toast.success(uploadSuccessMessage(mode, onlyStored.result, onlyStored.target.roleLabels));
  const [firstRefused] = refused;
  if (refused.length > 1) toast.error(`${refused.length} files were not uploaded`);
  else if (firstRefused) toast.error(`Upload failed: ${firstRefused.error ?? 'Upload failed'}`);
}

export function UploadCard({ tenantId, mode, folderId, onUploaded }: UploadCardProps) {
  const assigning = mode !== 'self';
  const users = useTenantUsers(tenantId, assigning);
  const roles = useTenantRoles(assigning ? tenantId : null);
  const titleId = useId();
  const queueTitleId = useId();
  const sendFile = useFileUpload(tenantId);
  const queue = useUploadQueue<UploadTarget, PortalFile>({
    upload: async ({ file, relativePath, target: { folderOf, ...target } }, control) => {
      const folderId = folderOf ? await folderOf(target.folderId ?? null, relativePath) : target.folderId;
      const uploaded = await sendFile({ file, ...target, folderId }, control);
      onUploaded?.(uploaded);
      return uploaded;
    },
    onIdle: (ended) => announceEnded(mode, ended),
  });
  const schema = useMemo(() => uploadForm(mode, Boolean(folderId)), [mode, folderId]);
  const form = useForm<UploadValues, unknown, z.output<UploadForm>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [files, assignTo, selectedRoles] = useWatch({
    control: form.control,
    name: ['files', 'assign_to', 'assigned_roles'],
  });
  const dragging = usePageFileDrop(choose);

  const memberRoles = (roles.data ?? []).filter((r) => r.role_key !== 'admin');
  const { useUser, useRoles } = recipientFields(mode, assignTo);

  function choose(chosen: ChosenFile[]) {
    form.setValue('files', [...form.getValues('files'), ...chosen]);
    form.clearErrors();
  }

  function unchoose(index: number) {
    form.setValue(
      'files',
      form.getValues('files').filter((_, i) => i !== index),
    );
  }

  function send(values: z.output<UploadForm>) {
    const recipients = recipientsOf(mode, values);
    const roleLabels = recipients.roles.map((key) => roles.data?.find((r) => r.role_key === key)?.role_label ?? key);
    queue.add(values.files, {
      // A title names one file: several keep their own names.
      title: values.files.length === 1 ? values.title || undefined : undefined,
      assignTo: recipients.assignTo,
      userId: recipients.userId ?? undefined,
      roles: [...recipients.roles],
      folderId,
      roleLabels,
      // Only admins make folders; a member's dropped folder uploads its files where they are.
      folderOf: assigning ? folderPathResolver(tenantId) : undefined,
    });
    // The recipients stay chosen for the next files.
    form.reset({ ...form.getValues(), files: [], title: '' });
  }

  function toggleRole(key: string) {
    const current = form.getValues('assigned_roles');
    form.setValue('assigned_roles', current.includes(key) ? current.filter((k) => k !== key) : [...current, key]);
  }

  const problem = errors.files?.message ?? errors.title?.message ?? errors.user_id?.message ?? null;
  const anyStored = queue.items.some((item) => item.status === 'done');
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Upload a file"
        description={
          assigning ? 'Share a file with one person or with everyone holding a role.' : 'Upload a file for yourself.'
        }
      />
      <Form className={styles.form} onSubmit={(e) => void form.handleSubmit(send)(e)} noValidate>
        <div className={clsx(styles.dropzone, dragging && styles.dragging)}>
          <TextField
            label="File"
            type="file"
            multiple
            help={
              dragging
                ? 'Drop the files or a folder to add them.'
                : 'Choose one or more files, or drop files or a folder on this page · PDF, DOC, XLS, images and more'
            }
            onChange={(e) => {
              choose(pickedFiles(e.target.files));
              // The same file can be chosen again after it is removed.
              e.target.value = '';
            }}
          />
        </div>
        {files.length > 0 && (
          <ul className={queueStyles.list} aria-label="Files to upload">
            {files.map((chosen, index) => (
              <UploadRow
                key={`${chosen.relativePath}-${index}`}
                name={chosen.relativePath}
                size={chosen.file.size}
                status="ready"
                onRemove={() => unchoose(index)}
              />
            ))}
          </ul>
        )}
        <TextField
          label="Title (optional)"
          maxLength={255}
          help={files.length > 1 ? 'Several files each keep their own name as title.' : undefined}
          {...form.register('title')}
        />
        {mode === 'choice' && (
          <fieldset className={styles.choices}>
            <legend>Assign to</legend>
            <label>
              <input type="radio" value="user" {...form.register('assign_to')} /> Specific user
            </label>
            <label>
              <input type="radio" value="role" {...form.register('assign_to')} /> Role
            </label>
          </fieldset>
        )}
        {useUser && (
          <SelectField
            label={mode === 'both' ? 'Recipient' : 'User'}
            {...form.register('user_id')}
            disabled={users.isPending}
          >
            <option value="">{users.isPending ? 'Loading users…' : 'Select a user'}</option>
            {users.data?.map((u) => (
              <option key={u.id} value={u.id}>
                {u.email}
              </option>
            ))}
          </SelectField>
        )}
        {useRoles && (
          <fieldset className={styles.choices}>
            <legend>Roles</legend>
            {memberRoles.map((r) => (
              <CheckboxField
                key={r.role_key}
                label={r.role_label}
                checked={selectedRoles.includes(r.role_key)}
                onChange={() => toggleRole(r.role_key)}
              />
            ))}
          </fieldset>
        )}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <FormActions>
          <Button type="submit" disabled={files.length === 0}>
            <Upload size={16} aria-hidden />
            Upload
          </Button>
        </FormActions>
      </Form>
      {queue.items.length > 0 && (
        <section className={styles.queue} aria-labelledby={queueTitleId}>
          <div className={queueStyles.heading}>
            <h3 id={queueTitleId}>Uploads</h3>
            {anyStored && (
              <Button variant="ghost" size="sm" onClick={queue.clearDone}>
                Clear uploaded
              </Button>
            )}
          </div>
          <ul className={queueStyles.list}>
            {queue.items.map((item) => (
              <UploadRow
                key={item.id}
                name={item.relativePath}
                size={item.file.size}
                status={item.status}
                progress={item.progress}
                error={item.error}
                onCancel={() => queue.cancel(item.id)}
                onRetry={() => queue.retry(item.id)}
                onRemove={() => queue.dismiss(item.id)}
              />
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}
