import { crossTenantStatement } from '../db/statements';

/*
 * The console's tenant table and a tenant's Usage tab (issue 14): what each workspace holds.
 * $1 the workspaces' ids.
 */
export const TENANT_USAGE = crossTenantStatement(
  'tenants.usage',
  'The platform console shows the figures of many workspaces in one table; each subquery is pinned to one tenant_id.',
  `SELECT t.id AS tenant_id,
     (SELECT count(*) FROM memberships m WHERE m.tenant_id = t.id)::int AS members,
     (SELECT count(*) FROM tenant_domains td WHERE td.tenant_id = t.id)::int AS custom_domains,
     (SELECT coalesce(sum(size_bytes), 0) FROM (
        SELECT DISTINCT ON (f.storage_key) f.size_bytes FROM files f WHERE f.tenant_id = t.id
      ) stored)::text AS storage_bytes,
     (SELECT coalesce(sum(k.calls_count), 0) FROM api_keys k WHERE k.tenant_id = t.id)::text AS api_calls,
     (SELECT count(*) FROM webhooks w WHERE w.tenant_id = t.id)::int AS webhooks,
     (SELECT count(*) FROM webhook_deliveries d WHERE d.tenant_id = t.id)::int AS webhook_deliveries
   FROM unnest($1::uuid[]) AS t(id)`,
);
