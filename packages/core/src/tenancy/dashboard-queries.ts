import { tenantStatement } from '../db/statements';

/*
 * The member checklist (DECISIONS §4). "Shared with you": files addressed to the member or to
 * their role, not ones they uploaded themselves; opened = they viewed or downloaded it.
 * $1 tenant, $2 the member, $3 their role.
 */
export const CHECKLIST_PROFILE_AND_FILES = tenantStatement(
  'dashboard.checklist.profile-and-files',
  `SELECT
     (p.first_name IS NOT NULL AND p.last_name IS NOT NULL AND p.phone IS NOT NULL) AS profile_done,
     count(f.id)::int AS files_total,
     count(f.id) FILTER (WHERE EXISTS (
       SELECT 1 FROM file_events e WHERE e.tenant_id = $1 AND e.file_id = f.id AND e.user_id = $2
     ))::int AS files_opened
   FROM users u
   LEFT JOIN profiles p ON p.id = u.id
   LEFT JOIN files f ON f.tenant_id = $1
     AND (f.user_id = $2 OR f.assigned_roles @> ARRAY[$3]::text[])
     AND f.uploaded_by IS DISTINCT FROM $2
   WHERE u.id = $2
   GROUP BY p.first_name, p.last_name, p.phone`,
);

/** Published forms assigned to the member's roles ($3: owners answer to admin too) and how many they submitted. */
export const CHECKLIST_FORMS = tenantStatement(
  'dashboard.checklist.forms',
  `SELECT
     count(*)::int AS forms_total,
     count(*) FILTER (WHERE EXISTS (
       SELECT 1 FROM form_responses r WHERE r.tenant_id = $1 AND r.form_id = f.id AND r.user_id = $2
     ))::int AS forms_submitted
   FROM forms f
   WHERE f.tenant_id = $1 AND f.status = 'published' AND f.assigned_roles && $3::text[]`,
);
