/** `path` with `tenant_id` set in its query (or removed when `tenantId` is null). */
export function withTenantId(path: string, tenantId: string | null): string {
  const [pathname = '', query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  if (tenantId) params.set('tenant_id', tenantId);
  else params.delete('tenant_id');
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
