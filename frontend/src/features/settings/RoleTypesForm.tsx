import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ROLE_COLORS, ROLE_KINDS, roleTypesBody } from '@portico/common';
import type { RoleType } from '@portico/common';
import type { z } from 'zod';
import { queryKeys } from '../../lib/api/queries';
import { client } from '../../lib/api/typed-client';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { HiddenColumnHeader } from '../../ui/HiddenColumnHeader';
import { errorMessage } from '../../lib/api/http';
import { AUTH_USER_KEY } from '../../lib/session/session-context';

const PROTECTED_KEY = 'admin';

type RoleTypesFields = z.input<typeof roleTypesBody>;

interface CellInputProps extends Omit<ComponentPropsWithRef<'input'>, 'className'> {
  label: string;
  error: string | undefined;
}

function CellInput({ label, error, ...input }: CellInputProps) {
  return (
    <>
      <input className="input input-sm" aria-label={label} aria-invalid={error ? true : undefined} {...input} />
      {error && <p className="field-error">{error}</p>}
    </>
  );
}

interface CellSelectProps extends Omit<ComponentPropsWithRef<'select'>, 'className'> {
  label: string;
  options: readonly string[];
}

function CellSelect({ label, options, ...select }: CellSelectProps) {
  return (
    <select className="input select input-sm" aria-label={label} {...select}>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

/**
 * The role types table, checked with the API's own `roleTypesBody` (key shape, unique keys, labels)
 * as a whole on every change, so a problem shows on its row wherever the edit was.
 */
export function RoleTypesForm({ tenantId, initial }: { tenantId: string; initial: readonly RoleType[] }) {
  const queryClient = useQueryClient();
  const form = useForm<RoleTypesFields, unknown, z.output<typeof roleTypesBody>>({
    resolver: zodResolver(roleTypesBody),
    defaultValues: { roles: initial.map((r) => ({ ...r })) },
  });
  const rows = useFieldArray({ control: form.control, name: 'roles' });
  const [savedRowIds] = useState(() => new Set(rows.fields.map((f) => f.id)));
  const { errors, isValid } = form.formState;
  const watched = useWatch({ control: form.control, name: 'roles' });

  useEffect(() => {
    void form.trigger();
  }, [form, watched]);

  const save = useMutation({
    mutationFn: (body: z.output<typeof roleTypesBody>) => client.PUT('/tenant-roles', { body, tenantId }),
    onSuccess: (answer) => {
      toast.success('Role types saved successfully!');
      void queryClient.invalidateQueries({ queryKey: [AUTH_USER_KEY] });
      queryClient.setQueryData(queryKeys.tenantRoles(tenantId), answer.roles);
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to save roles')),
  });

  const listError = errors.roles?.root?.message ?? errors.roles?.message;

  return (
    <form className="form" onSubmit={form.handleSubmit((body) => save.mutate(body))} noValidate>
      <div className="table-wrap">
        <table className="table role-table">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Label</th>
              <th scope="col">Colour</th>
              <th scope="col">Kind</th>
              <HiddenColumnHeader label="Actions" />
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((field, index) => {
              const locked = field.role_key === PROTECTED_KEY && savedRowIds.has(field.id);
              const row = watched[index];
              const rowErrors = errors.roles?.[index];
              const n = index + 1;
              return (
                <tr key={field.id}>
                  <td>
                    <Controller
                      control={form.control}
                      name={`roles.${index}.role_key`}
                      render={({ field: key }) => (
                        <CellInput
                          label={`Role key, row ${n}`}
                          name={key.name}
                          ref={key.ref}
                          value={key.value}
                          readOnly={locked}
                          error={rowErrors?.role_key?.message}
                          onBlur={key.onBlur}
                          onChange={(e) => key.onChange(e.target.value.toLowerCase())}
                        />
                      )}
                    />
                  </td>
                  <td>
                    <CellInput
                      label={`Role label, row ${n}`}
                      {...form.register(`roles.${index}.role_label`)}
                      error={rowErrors?.role_label?.message}
                    />
                  </td>
                  <td>
                    <div className="color-cell">
                      <CellSelect
                        label={`Role colour, row ${n}`}
                        options={ROLE_COLORS}
                        {...form.register(`roles.${index}.role_color`)}
                      />
                      <Badge tone={row?.role_color ?? 'gray'}>{row?.role_label || 'Preview'}</Badge>
                    </div>
                  </td>
                  <td>
                    <CellSelect
                      label={`Role kind, row ${n}`}
                      options={ROLE_KINDS}
                      {...form.register(`roles.${index}.kind`)}
                      disabled={locked}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove role ${row?.role_label || row?.role_key || n}`}
                      disabled={locked}
                      title={locked ? 'The admin role must stay' : undefined}
                      onClick={() => rows.remove(index)}
                    >
                      <Trash2 size={16} aria-hidden />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {listError && <Alert tone="error">{listError}</Alert>}
      <div className="form-actions form-actions-split">
        <Button
          variant="secondary"
          onClick={() => rows.append({ role_key: '', role_label: '', role_color: 'gray', kind: 'client' })}
        >
          <Plus size={16} aria-hidden />
          Add Role
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!isValid}>
          Save Role Types
        </Button>
      </div>
    </form>
  );
}
