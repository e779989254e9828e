import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, type RoleType } from '@portico/common';
import { toast } from 'sonner';
import { useUpdatePerson, type Person, type PersonPatch } from '../../api/people';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { editSuccess, passwordFailure, PROFILE_LOCKED, updateFailure } from './people-text';

const MIN_PASSWORD = PASSWORD_MIN_LENGTH;

interface EditPersonFormProps {
  tenantId: string;
  person: Person;
  roles: readonly RoleType[];
  onDone: () => void;
}

/**
 * The edit drawer: names, email, role and an optional new password. When the server says the
 * person's profile is not this admin's to change (`profile_lock`), names and email are shown
 * read-only with the reason, and no password is offered: only the role can be saved.
 */
export function EditPersonForm({ tenantId, person, roles, onDone }: EditPersonFormProps) {
  const locked = person.profile_lock !== null;
  const update = useUpdatePerson(tenantId);
  const [firstName, setFirstName] = useState(person.first_name ?? '');
  const [lastName, setLastName] = useState(person.last_name ?? '');
  const [email, setEmail] = useState(person.email);
  const [role, setRole] = useState(person.role);
  const [password, setPassword] = useState('');
  const passwordError =
    password && password.length < MIN_PASSWORD ? `New password must be at least ${MIN_PASSWORD} characters.` : null;
  const roleOptions = roles.some((r) => r.role_key === person.role)
    ? roles
    : [
        ...roles,
        { role_key: person.role, role_label: person.role_label, role_color: 'gray', kind: 'client' } as RoleType,
      ];

  // The details and a new password are two calls, each with its own failure sentence.
  const save = useMutation({
    mutationFn: async ({ patch, newPassword }: { patch: PersonPatch; newPassword: string }) => {
      let saved = person;
      if (Object.keys(patch).length > 0) {
        const answer = await update.mutateAsync({ id: person.id, patch }).catch((err: unknown) => {
          throw new Error(updateFailure(err));
        });
        saved = answer.user;
      }
      if (newPassword)
        await update.mutateAsync({ id: person.id, patch: { password: newPassword } }).catch((err: unknown) => {
          throw new Error(passwordFailure(err));
        });
      return saved;
    },
    onSuccess: (saved, { patch }) => {
      toast.success(editSuccess(patch.role ? saved.role_label : null));
      onDone();
    },
    onError: (err) => toast.error(err.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (passwordError) return;
    const patch: PersonPatch = {};
    if (!locked) {
      if (firstName.trim() !== (person.first_name ?? '')) patch.first_name = firstName.trim() || null;
      if (lastName.trim() !== (person.last_name ?? '')) patch.last_name = lastName.trim() || null;
      if (email.trim().toLowerCase() !== person.email) patch.email = email.trim();
    }
    if (role !== person.role) patch.role = role;
    save.mutate({ patch, newPassword: password });
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {person.profile_lock && <Alert tone="info">{PROFILE_LOCKED[person.profile_lock]}</Alert>}
      <div className="form-grid">
        <TextField
          label="First name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          autoComplete="off"
          maxLength={100}
          readOnly={locked}
        />
        <TextField
          label="Last name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          autoComplete="off"
          maxLength={100}
          readOnly={locked}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="off"
        required
        readOnly={locked}
      />
      <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value)}>
        {roleOptions.map((r) => (
          <option key={r.role_key} value={r.role_key}>
            {r.role_label}
          </option>
        ))}
      </SelectField>
      {!locked && (
        <TextField
          label="New password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          help="Optional. Leave blank to keep the current password; a new one signs them out everywhere."
          error={passwordError}
        />
      )}
      <div className="form-actions">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!email.trim() || Boolean(passwordError)}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
