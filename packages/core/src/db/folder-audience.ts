/*
 * Who a folder of files is shared with, as SQL (issue 33): a folder is shared with whoever its own
 * member or roles name, and a folder naming nobody with whoever its parent is shared with. Written
 * once, below the domains that read it: the files lists and folders (files) and the member's
 * checklist (tenancy, which files builds on).
 */

/**
 * The ids of the workspace's folders shared with a viewer, as a subquery: `viewer` and `role` are
 * the statement's parameters holding their user id and role key; `$1` is the tenant.
 */
export const foldersSharedWith = (viewer: string, role: string) => `WITH RECURSIVE shared AS (
      SELECT d.id FROM folders d
      WHERE d.tenant_id = $1 AND (d.user_id = ${viewer}::uuid OR d.assigned_roles @> ARRAY[${role}::text])
      UNION
      SELECT c.id FROM folders c JOIN shared s ON c.parent_id = s.id
      WHERE c.tenant_id = $1 AND c.user_id IS NULL AND cardinality(c.assigned_roles) = 0
    ) SELECT id FROM shared`;
