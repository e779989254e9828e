import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { emailField, passwordField, personFields, type RoleType } from '@portico/common';
import { toast } from 'sonner';
import { z } from 'zod';
import { useUpdatePerson, type Person, type PersonPatch } from './api/people';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { Form, FormActions, FormGrid } from '../../ui/Form';
import { RoleOptions } from './RoleOptions';
import { editSuccess, passwordFailure, PROFILE_LOCKED, updateFailure } from './people-text';

/** The API's `personFields` as the drawer edits them: email and role always sent, the password optional. */
const editPersonForm = personFields.pick({ first_name: true, last_name: true }).extend({
  email: emailField,
  role: personFields.shape.role.unwrap(),
  password: z.literal('').or(passwordField('New password')),
});

type EditPerson = z.output<typeof editPersonForm>;

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
  const form = useForm<z.input<typeof editPersonForm>, unknown, EditPerson>({
    resolver: zodResolver(editPersonForm),
    defaultValues: {
      first_name: person.first_name ?? '',
      last_name: person.last_name ?? '',
      email: person.email,
      role: person.role,
      password: '',
    },
    mode: 'onChange',
  });
  const { errors } = form.formState;
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

  function submit({ first_name, last_name, email, role, password }: EditPerson) {
    const patch: PersonPatch = {};
    if (!locked) {
      if ((first_name ?? null) !== (person.first_name || null)) patch.first_name = first_name;
      if ((last_name ?? null) !== (person.last_name || null)) patch.last_name = last_name;
      if (email !== person.email) patch.email = email;
    }
    if (role !== person.role) patch.role = role;
    save.mutate({ patch, newPassword: password });
  }

  return (
    <Form onSubmit={form.handleSubmit(submit)} noValidate>
      {person.profile_lock && <Alert tone="info">{PROFILE_LOCKED[person.profile_lock]}</Alert>}
      <FormGrid>
        <TextField
          label="First name"
          {...form.register('first_name')}
          error={errors.first_name?.message}
          autoComplete="off"
          readOnly={locked}
        />
        <TextField
          label="Last name"
          {...form.register('last_name')}
          error={errors.last_name?.message}
          autoComplete="off"
          readOnly={locked}
        />
      </FormGrid>
      <TextField
        label="Email"
        type="email"
        {...form.register('email')}
        error={errors.email?.message}
        autoComplete="off"
        required
        readOnly={locked}
      />
      <SelectField label="Role" {...form.register('role')}>
        <RoleOptions roles={roleOptions} />
      </SelectField>
      {!locked && (
        <TextField
          label="New password"
          type="password"
          {...form.register('password')}
          autoComplete="new-password"
          help="Optional. Leave blank to keep the current password; a new one signs them out everywhere."
          error={errors.password?.message}
        />
      )}
      <FormActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!form.formState.isValid}>
          Save changes
        </Button>
      </FormActions>
    </Form>
  );
}
