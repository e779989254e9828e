import type { RoleType } from '@portico/common';
import { Badge } from './Badge';

/** A member's role as the tenant names and colours it (role types), the key itself as a fallback. */
export function RoleBadge({ roleKey, roles }: { roleKey: string; roles: readonly RoleType[] | undefined }) {
  const type = roles?.find((r) => r.role_key === roleKey);
  return <Badge tone={type?.role_color ?? 'gray'}>{type?.role_label ?? roleKey}</Badge>;
}
