import { useId, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { FILE_MESSAGES, fileTitleField, missingRecipient, type RecipientChoice } from '@portico/common';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { useTenantRoles } from '../../lib/api/queries';
import { useTenantUsers, useUploadFile } from './api';
import type { PortalFile } from './api';
import { Button } from '../../ui/Button';
import { Card, CardHeader } from '../../ui/Card';
import { CheckboxField, SelectField, TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { errorMessage } from '../../lib/api/http';
import { uploadSuccessMessage } from './upload-messages';
import type { UploadMode } from './upload-messages';
import progressBar from '../../ui/Progress.module.css';
import styles from './UploadCard.module.css';

interface UploadCardProps {
  tenantId: string;
  mode: UploadMode;
  /** The folder the file goes in; the top level when absent. */
  folderId?: string | null;
  onUploaded?: (file: PortalFile) => void;
}

interface UploadValues {
  file: File | null;
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
      file: z.custom<File | null>().pipe(z.instanceof(File, { error: FILE_MESSAGES.selectFile })),
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

const EMPTY: UploadValues = { file: null, title: '', assign_to: 'user', user_id: '', assigned_roles: [] };

export function UploadCard({ tenantId, mode, folderId, onUploaded }: UploadCardProps) {
  const assigning = mode !== 'self';
  const users = useTenantUsers(tenantId, assigning);
  const roles = useTenantRoles(assigning ? tenantId : null);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [progress, setProgress] = useState(0);
  const upload = useUploadFile(tenantId, setProgress);
  const schema = useMemo(() => uploadForm(mode, Boolean(folderId)), [mode, folderId]);
  const form = useForm<UploadValues, unknown, z.output<UploadForm>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [file, assignTo, selectedRoles] = useWatch({
    control: form.control,
    name: ['file', 'assign_to', 'assigned_roles'],
  });

  const memberRoles = (roles.data ?? []).filter((r) => r.role_key !== 'admin');
  const { useUser, useRoles } = recipientFields(mode, assignTo);

  function send(values: z.output<UploadForm>) {
    const recipients = recipientsOf(mode, values);
    setProgress(0);
    upload.mutate(
      {
        file: values.file,
        title: values.title || undefined,
        assignTo: recipients.assignTo,
        userId: recipients.userId ?? undefined,
        roles: [...recipients.roles],
        folderId,
      },
      {
        onSuccess: (uploaded) => {
          const roleLabels = values.assigned_roles.map(
            (key) => roles.data?.find((r) => r.role_key === key)?.role_label ?? key,
          );
          toast.success(uploadSuccessMessage(mode, uploaded, roleLabels));
          form.reset(EMPTY);
          if (fileInput.current) fileInput.current.value = '';
          onUploaded?.(uploaded);
        },
        onError: (err) => toast.error(`Upload failed: ${errorMessage(err, 'Upload failed')}`),
      },
    );
  }

  function toggleRole(key: string) {
    const current = form.getValues('assigned_roles');
    form.setValue('assigned_roles', current.includes(key) ? current.filter((k) => k !== key) : [...current, key]);
  }

  const problem =
    errors.file?.message ??
    errors.title?.message ??
    errors.user_id?.message ??
    (upload.isError ? `Upload failed: ${errorMessage(upload.error, 'Upload failed')}` : null);
  const uploading = upload.isPending;
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
        <TextField
          ref={fileInput}
          label="File"
          type="file"
          help={`${file ? file.name : 'Choose a file'} · PDF, DOC, XLS, images and more`}
          onChange={(e) => {
            form.setValue('file', e.target.files?.[0] ?? null);
            form.clearErrors();
            upload.reset();
          }}
        />
        <TextField label="Title (optional)" maxLength={255} {...form.register('title')} />
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
        {uploading && (
          <div className={progressBar.progress}>
            <progress max={1} value={progress} aria-label="Upload progress" />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        )}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <FormActions>
          <Button type="submit" disabled={!file} loading={uploading}>
            {!uploading && <Upload size={16} aria-hidden />}
            Upload
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
