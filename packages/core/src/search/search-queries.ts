import { tenantStatement } from '../db/statements';

/* The header search (DECISIONS §4): a prefix full-text query over each kind, five of each. $1 tenant, $2 the tsquery, $3 the limit. */

export const SEARCH_USERS = tenantStatement(
  'search.users',
  `SELECT u.id, u.email, p.first_name, p.last_name, m.role
   FROM memberships m
   JOIN users u ON u.id = m.user_id
   LEFT JOIN profiles p ON p.id = u.id
   WHERE m.tenant_id = $1
     AND to_tsvector('simple', u.email || ' ' || coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) @@ to_tsquery('simple', $2)
   ORDER BY u.email
   LIMIT $3`,
);

export const SEARCH_FILES = tenantStatement(
  'search.files',
  `SELECT id, title, original_name, kind, created_at
   FROM files
   WHERE tenant_id = $1 AND search @@ to_tsquery('simple', $2)
   ORDER BY created_at DESC
   LIMIT $3`,
);

export const SEARCH_FORMS = tenantStatement(
  'search.forms',
  `SELECT id, title, status
   FROM forms
   WHERE tenant_id = $1 AND search @@ to_tsquery('simple', $2)
   ORDER BY created_at DESC
   LIMIT $3`,
);

export const SEARCH_EMBEDS = tenantStatement(
  'search.embeds',
  `SELECT id, title, provider, is_active
   FROM embeds
   WHERE tenant_id = $1 AND search @@ to_tsquery('simple', $2)
   ORDER BY sort_order, title
   LIMIT $3`,
);
