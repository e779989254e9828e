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
import { SelectField, TextField } from '../../ui/Field';
import { errorMessage } from '../../lib/api/http';
import { uploadSuccessMessage } from './upload-messages';
import type { UploadMode } from './upload-messages';
import styles from './UploadCard.module.css';

interface UploadCardProps {
  tenantId: string;
  mode: UploadMode;
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

/** The upload form's rules: a file, the API's title rule and, for admins, the API's rule for recipients. */
function uploadForm(mode: UploadMode) {
  return z
    .object({
      file: z.custom<File | null>().pipe(z.instanceof(File, { error: FILE_MESSAGES.selectFile })),
      title: fileTitleField,
      assign_to: z.enum(['user', 'role']),
      user_id: z.string(),
      assigned_roles: z.array(z.string()),
    })
    .superRefine((values, ctx) => {
      const missing = mode === 'self' ? null : missingRecipient(recipientsOf(mode, values));
      if (missing) ctx.addIssue({ code: 'custom', message: missing, path: ['user_id'] });
    });
}
type UploadForm = ReturnType<typeof uploadForm>;

const EMPTY: UploadValues = { file: null, title: '', assign_to: 'user', user_id: '', assigned_roles: [] };

export function UploadCard({ tenantId, mode, onUploaded }: UploadCardProps) {
  const assigning = mode !== 'self';
  const users = useTenantUsers(tenantId, assigning);
  const roles = useTenantRoles(assigning ? tenantId : null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [progress, setProgress] = useState(0);
  const upload = useUploadFile(tenantId, setProgress);
  const schema = useMemo(() => uploadForm(mode), [mode]);
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
    <section className="card" aria-labelledby={`${fileId}-title`}>
      <div className="card-header">
        <h2 className="card-title" id={`${fileId}-title`}>
          Upload a file
        </h2>
        <p className="card-description">
          {assigning ? 'Share a file with one person or with everyone holding a role.' : 'Upload a file for yourself.'}
        </p>
      </div>
      <form className={styles.form} onSubmit={(e) => void form.handleSubmit(send)(e)} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={fileId}>
            File
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            className="input"
            aria-describedby={`${fileId}-help`}
            onChange={(e) => {
              form.setValue('file', e.target.files?.[0] ?? null);
              form.clearErrors();
              upload.reset();
            }}
          />
          <p className="field-help" id={`${fileId}-help`}>
            {file ? file.name : 'Choose a file'} · PDF, DOC, XLS, images and more
          </p>
        </div>
        <TextField label="Title (optional)" maxLength={255} {...form.register('title')} />
        {mode === 'choice' && (
          <fieldset className={styles.choices}>
            <legend className="field-label">Assign to</legend>
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
            <legend className="field-label">Roles</legend>
            {memberRoles.map((r) => (
              <label key={r.role_key}>
                <input
                  type="checkbox"
                  checked={selectedRoles.includes(r.role_key)}
                  onChange={() => toggleRole(r.role_key)}
                />{' '}
                {r.role_label}
              </label>
            ))}
          </fieldset>
        )}
        {uploading && (
          <div className={styles.progress}>
            <progress max={1} value={progress} aria-label="Upload progress" />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        )}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div>
          <Button type="submit" disabled={!file} loading={uploading}>
            {!uploading && <Upload size={16} aria-hidden />}
            Upload
          </Button>
        </div>
      </form>
    </section>
  );
}
