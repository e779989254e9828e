import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ROLE_COLORS, ROLE_KINDS } from '@portico/common';
import type { RoleType } from '@portico/common';
import { queryKeys } from '../../api/queries';
import type { TenantRolesAnswer } from '../../api/types';
import { api } from '../../auth/client';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { HiddenColumnHeader } from '../../components/HiddenColumnHeader';
import { errorMessage } from '../../lib/http';
import { AUTH_USER_KEY } from '../../session/session-context';
import { toPayload, validateRoleRows } from './role-rows';
import type { RoleRow } from './role-rows';

const PROTECTED_KEY = 'admin';

interface CellInputProps {
  label: string;
  value: string;
  error: string | undefined;
  readOnly?: boolean;
  onChange: (value: string) => void;
}

function CellInput({ label, value, error, readOnly, onChange }: CellInputProps) {
  return (
    <>
      <input
        className="input input-sm"
        aria-label={label}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <p className="field-error">{error}</p>}
    </>
  );
}

interface CellSelectProps<Option extends string> {
  label: string;
  value: Option;
  options: readonly Option[];
  disabled?: boolean;
  onChange: (value: Option) => void;
}

function CellSelect<Option extends string>({ label, value, options, disabled, onChange }: CellSelectProps<Option>) {
  // The select offers `options` only, so its value is one of them.
  return (
    <select
      className="input select input-sm"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Option)}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

export function RoleTypesForm({ tenantId, initial }: { tenantId: string; initial: readonly RoleType[] }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<RoleRow[]>(() => initial.map((r) => ({ ...r, uid: `saved-${r.role_key}` })));
  const nextId = useRef(0);
  const { errors, valid } = validateRoleRows(rows);

  const update = (uid: string, patch: Partial<RoleType>) =>
    setRows((all) => all.map((r) => (r.uid === uid ? { ...r, ...patch } : r)));
  const remove = (uid: string) => setRows((all) => all.filter((r) => r.uid !== uid));
  const add = () => {
    nextId.current += 1;
    setRows((all) => [
      ...all,
      { uid: `new-${nextId.current}`, role_key: '', role_label: '', role_color: 'gray', kind: 'client' },
    ]);
  };

  const save = useMutation({
    mutationFn: (roles: RoleType[]) =>
      api<TenantRolesAnswer>('/api/tenant-roles', { method: 'PUT', body: { roles }, tenantId }),
    onSuccess: (answer) => {
      toast.success('Role types saved successfully!');
      void queryClient.invalidateQueries({ queryKey: [AUTH_USER_KEY] });
      queryClient.setQueryData(queryKeys.tenantRoles(tenantId), answer.roles);
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to save roles')),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (valid) save.mutate(toPayload(rows));
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
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
            {rows.map((row, index) => {
              const locked = row.role_key === PROTECTED_KEY && row.uid.startsWith('saved-');
              const rowErrors = errors[index] ?? {};
              const n = index + 1;
              return (
                <tr key={row.uid}>
                  <td>
                    <CellInput
                      label={`Role key, row ${n}`}
                      value={row.role_key}
                      readOnly={locked}
                      error={rowErrors.role_key}
                      onChange={(value) => update(row.uid, { role_key: value.toLowerCase() })}
                    />
                  </td>
                  <td>
                    <CellInput
                      label={`Role label, row ${n}`}
                      value={row.role_label}
                      error={rowErrors.role_label}
                      onChange={(value) => update(row.uid, { role_label: value })}
                    />
                  </td>
                  <td>
                    <div className="color-cell">
                      <CellSelect
                        label={`Role colour, row ${n}`}
                        value={row.role_color}
                        options={ROLE_COLORS}
                        onChange={(value) => update(row.uid, { role_color: value })}
                      />
                      <Badge tone={row.role_color}>{row.role_label || 'Preview'}</Badge>
                    </div>
                  </td>
                  <td>
                    <CellSelect
                      label={`Role kind, row ${n}`}
                      value={row.kind}
                      options={ROLE_KINDS}
                      disabled={locked}
                      onChange={(value) => update(row.uid, { kind: value })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove role ${row.role_label || row.role_key || n}`}
                      disabled={locked}
                      title={locked ? 'The admin role must stay' : undefined}
                      onClick={() => remove(row.uid)}
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
      <div className="form-actions form-actions-split">
        <Button variant="secondary" onClick={add}>
          <Plus size={16} aria-hidden />
          Add Role
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!valid}>
          Save Role Types
        </Button>
      </div>
    </form>
  );
}
