import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldArrayWithId } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Tags, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ROLE_COLORS, ROLE_KINDS, roleTypesBody } from '@portico/common';
import type { RoleType } from '@portico/common';
import type { z } from 'zod';
import { queryKeys } from '../../lib/api/queries';
import { client } from '../../lib/api/typed-client';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button, IconButton } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { Input, Select } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { errorMessage } from '../../lib/api/http';
import { AUTH_USER_KEY } from '../../lib/session/session-context';
import styles from './RoleTypesForm.module.css';

const PROTECTED_KEY = 'admin';

type RoleTypesFields = z.input<typeof roleTypesBody>;

/** A row of the table: the field array's entry and its place in the array. */
interface RoleRow {
  field: FieldArrayWithId<RoleTypesFields, 'roles'>;
  index: number;
}

interface CellInputProps extends Omit<ComponentPropsWithRef<'input'>, 'className' | 'size'> {
  label: string;
  error: string | undefined;
}

function CellInput({ label, error, ...input }: CellInputProps) {
  return (
    <>
      <Input size="sm" aria-label={label} aria-invalid={error ? true : undefined} {...input} />
      {error && <p className={styles.error}>{error}</p>}
    </>
  );
}

interface CellSelectProps extends Omit<ComponentPropsWithRef<'select'>, 'className' | 'size'> {
  label: string;
  options: readonly string[];
}

function CellSelect({ label, options, ...select }: CellSelectProps) {
  return (
    <Select size="sm" aria-label={label} {...select}>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </Select>
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
  const isLocked = (field: { id: string; role_key: string }) =>
    field.role_key === PROTECTED_KEY && savedRowIds.has(field.id);

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

  const columns: Column<RoleRow>[] = [
    {
      header: 'Key',
      className: styles.cell,
      cell: ({ field, index }) => (
        <Controller
          control={form.control}
          name={`roles.${index}.role_key`}
          render={({ field: key }) => (
            <CellInput
              label={`Role key, row ${index + 1}`}
              name={key.name}
              ref={key.ref}
              value={key.value}
              readOnly={isLocked(field)}
              error={errors.roles?.[index]?.role_key?.message}
              onBlur={key.onBlur}
              onChange={(e) => key.onChange(e.target.value.toLowerCase())}
            />
          )}
        />
      ),
    },
    {
      header: 'Label',
      className: styles.cell,
      cell: ({ index }) => (
        <CellInput
          label={`Role label, row ${index + 1}`}
          {...form.register(`roles.${index}.role_label`)}
          error={errors.roles?.[index]?.role_label?.message}
        />
      ),
    },
    {
      header: 'Colour',
      className: styles.cell,
      cell: ({ index }) => (
        <div className={styles.colour}>
          <CellSelect
            label={`Role colour, row ${index + 1}`}
            options={ROLE_COLORS}
            {...form.register(`roles.${index}.role_color`)}
          />
          <Badge tone={watched[index]?.role_color ?? 'gray'}>{watched[index]?.role_label || 'Preview'}</Badge>
        </div>
      ),
    },
    {
      header: 'Kind',
      className: styles.cell,
      cell: ({ field, index }) => (
        <CellSelect
          label={`Role kind, row ${index + 1}`}
          options={ROLE_KINDS}
          {...form.register(`roles.${index}.kind`)}
          disabled={isLocked(field)}
        />
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      variant: 'actions',
      cell: ({ field, index }) => {
        const row = watched[index];
        return (
          <IconButton
            label={`Remove role ${row?.role_label || row?.role_key || index + 1}`}
            icon={Trash2}
            disabled={isLocked(field)}
            title={isLocked(field) ? 'The admin role must stay' : undefined}
            onClick={() => rows.remove(index)}
          />
        );
      },
    },
  ];

  const listError = errors.roles?.root?.message ?? errors.roles?.message;

  return (
    <Form onSubmit={form.handleSubmit((body) => save.mutate(body))} noValidate>
      <DataTable
        rows={rows.fields.map((field, index) => ({ field, index }))}
        columns={columns}
        rowKey={({ field }) => field.id}
        caption="Role types"
        empty={{ icon: Tags, message: 'No role types yet: add one.' }}
      />
      {listError && <Alert tone="error">{listError}</Alert>}
      <FormActions split>
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
      </FormActions>
    </Form>
  );
}
