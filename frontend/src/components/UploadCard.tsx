import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { useTenantRoles } from '../api/queries';
import { fileKeys, uploadFile, useTenantUsers } from '../api/files';
import type { PortalFile } from '../api/files';
import { Button } from './Button';
import { SelectField, TextField } from './Field';
import { errorMessage } from '../lib/http';
import { uploadSuccessMessage } from './upload-messages';

/**
 * How recipients are chosen: `self` (members: the file is theirs), `choice` (admins on /files:
 * a specific user or a role), `both` (admins on /admin/files: a recipient and/or roles).
 */
export type UploadMode = 'self' | 'choice' | 'both';

interface UploadCardProps {
  tenantId: string;
  mode: UploadMode;
  onUploaded?: (file: PortalFile) => void;
}

export function UploadCard({ tenantId, mode, onUploaded }: UploadCardProps) {
  const queryClient = useQueryClient();
  const assigning = mode !== 'self';
  const users = useTenantUsers(tenantId, assigning);
  const roles = useTenantRoles(assigning ? tenantId : null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [assignTo, setAssignTo] = useState<'user' | 'role'>('user');
  const [userId, setUserId] = useState('');
  const [selectedRoles, setSelectedRoles] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const memberRoles = (roles.data ?? []).filter((r) => r.role_key !== 'admin');
  const useUser = mode === 'both' || (mode === 'choice' && assignTo === 'user');
  const useRoles = mode === 'both' || (mode === 'choice' && assignTo === 'role');

  function validate(): string | null {
    if (!file) return 'Please select a file';
    if (mode === 'choice' && assignTo === 'user' && !userId) return 'Please select a user';
    if (mode === 'choice' && assignTo === 'role' && selectedRoles.length === 0) return 'Please select a role';
    if (mode === 'both' && !userId && selectedRoles.length === 0) return 'Select a user or roles';
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate();
    setError(problem);
    if (problem || !file) return;
    setProgress(0);
    try {
      const uploaded = await uploadFile(
        tenantId,
        {
          file,
          title: title.trim() || undefined,
          assignTo: mode === 'choice' ? assignTo : undefined,
          userId: useUser && userId ? userId : undefined,
          roles: useRoles ? selectedRoles : undefined,
        },
        setProgress,
      );
      const roleLabels = selectedRoles.map((key) => roles.data?.find((r) => r.role_key === key)?.role_label ?? key);
      toast.success(uploadSuccessMessage(mode, uploaded, roleLabels));
      setFile(null);
      setTitle('');
      setUserId('');
      setSelectedRoles([]);
      if (fileInput.current) fileInput.current.value = '';
      await queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) });
      onUploaded?.(uploaded);
    } catch (err) {
      const message = errorMessage(err, 'Upload failed');
      setError(`Upload failed: ${message}`);
      toast.error(`Upload failed: ${message}`);
    } finally {
      setProgress(null);
    }
  }

  function toggleRole(key: string) {
    setSelectedRoles((current) => (current.includes(key) ? current.filter((k) => k !== key) : [...current, key]));
  }

  const uploading = progress !== null;
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
      <form className="files-upload-form" onSubmit={(e) => void submit(e)} noValidate>
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
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          <p className="field-help" id={`${fileId}-help`}>
            {file ? file.name : 'Choose a file'} · PDF, DOC, XLS, images and more
          </p>
        </div>
        <TextField label="Title (optional)" value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} />
        {mode === 'choice' && (
          <fieldset className="files-assign-type">
            <legend className="field-label">Assign to</legend>
            <label>
              <input
                type="radio"
                name={`${fileId}-assign`}
                checked={assignTo === 'user'}
                onChange={() => setAssignTo('user')}
              />{' '}
              Specific user
            </label>
            <label>
              <input
                type="radio"
                name={`${fileId}-assign`}
                checked={assignTo === 'role'}
                onChange={() => setAssignTo('role')}
              />{' '}
              Role
            </label>
          </fieldset>
        )}
        {useUser && (
          <SelectField
            label={mode === 'both' ? 'Recipient' : 'User'}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
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
          <fieldset className="files-roles">
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
          <div className="files-progress">
            <progress max={1} value={progress} aria-label="Upload progress" />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
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
