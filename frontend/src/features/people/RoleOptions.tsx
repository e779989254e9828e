import type { RoleType } from '@portico/common';

/** The workspace's roles as the options of a select, by label; a select adds its own "All …" first. */
export function RoleOptions({ roles }: { roles: readonly Pick<RoleType, 'role_key' | 'role_label'>[] | undefined }) {
  return roles?.map((r) => (
    <option key={r.role_key} value={r.role_key}>
      {r.role_label}
    </option>
  ));
}
