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
import { errorMessage } from '../../lib/http';
import { AUTH_USER_KEY } from '../../session/session-context';
import { toPayload, validateRoleRows } from './role-rows';
import type { RoleRow } from './role-rows';

const PROTECTED_KEY = 'admin';

export function RoleTypesForm({ tenantId, initial }: { tenantId: string; initial: readonly RoleType[] }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<RoleRow[]>(() => initial.map((r) => ({ ...r, uid: `saved-${r.role_key}` })));
  const nextId = useRef(0);
  const { errors, valid } = validateRoleRows(rows);

  const update = (uid: string, patch: Partial<RoleType>) => setRows((all) => all.map((r) => (r.uid === uid ? { ...r, ...patch } : r)));
  const remove = (uid: string) => setRows((all) => all.filter((r) => r.uid !== uid));
  const add = () => {
    nextId.current += 1;
    setRows((all) => [...all, { uid: `new-${nextId.current}`, role_key: '', role_label: '', role_color: 'gray', kind: 'client' }]);
  };

  const save = useMutation({
    mutationFn: (roles: RoleType[]) => api<TenantRolesAnswer>('/api/tenant-roles', { method: 'PUT', body: { roles }, tenantId }),
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
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
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
                    <input
                      className="input input-sm"
                      aria-label={`Role key, row ${n}`}
                      value={row.role_key}
                      readOnly={locked}
                      aria-invalid={rowErrors.role_key ? true : undefined}
                      onChange={(e) => update(row.uid, { role_key: e.target.value.toLowerCase() })}
                    />
                    {rowErrors.role_key && <p className="field-error">{rowErrors.role_key}</p>}
                  </td>
                  <td>
                    <input
                      className="input input-sm"
                      aria-label={`Role label, row ${n}`}
                      value={row.role_label}
                      aria-invalid={rowErrors.role_label ? true : undefined}
                      onChange={(e) => update(row.uid, { role_label: e.target.value })}
                    />
                    {rowErrors.role_label && <p className="field-error">{rowErrors.role_label}</p>}
                  </td>
                  <td>
                    <div className="color-cell">
                      <select
                        className="input select input-sm"
                        aria-label={`Role colour, row ${n}`}
                        value={row.role_color}
                        onChange={(e) => update(row.uid, { role_color: e.target.value as RoleType['role_color'] })}
                      >
                        {ROLE_COLORS.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </select>
                      <Badge tone={row.role_color}>{row.role_label || 'Preview'}</Badge>
                    </div>
                  </td>
                  <td>
                    <select
                      className="input select input-sm"
                      aria-label={`Role kind, row ${n}`}
                      value={row.kind}
                      disabled={locked}
                      onChange={(e) => update(row.uid, { kind: e.target.value as RoleType['kind'] })}
                    >
                      {ROLE_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {k}
                        </option>
                      ))}
                    </select>
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
