import { QueryTypes, type Sequelize } from 'sequelize';

export interface ChecklistItem {
  key: 'profile' | 'files' | 'forms';
  label: string;
  done: boolean;
  /** How far along, where the item counts things (e.g. 2 of 3 files opened). */
  progress?: { done: number; total: number };
}

export interface Checklist {
  items: ChecklistItem[];
  /** Whole percent of items done. */
  percent: number;
}

/*
 * Raw SQL naming the tenant by hand. "Shared with you": files addressed to the member or to
 * their role, not ones they uploaded themselves; opened = they viewed or downloaded it.
 */
const CHECKLIST_SQL = `
  SELECT
    (p.first_name IS NOT NULL AND p.last_name IS NOT NULL AND p.phone IS NOT NULL) AS profile_done,
    count(f.id)::int AS files_total,
    count(f.id) FILTER (WHERE EXISTS (
      SELECT 1 FROM file_events e WHERE e.tenant_id = :tenantId AND e.file_id = f.id AND e.user_id = :userId
    ))::int AS files_opened
  FROM users u
  LEFT JOIN profiles p ON p.id = u.id
  LEFT JOIN files f ON f.tenant_id = :tenantId
    AND (f.user_id = :userId OR f.assigned_roles @> ARRAY[:role]::text[])
    AND f.uploaded_by IS DISTINCT FROM :userId
  WHERE u.id = :userId
  GROUP BY p.first_name, p.last_name, p.phone`;

/* Published forms assigned to the member's role (owners answer to admin) and whether they responded. */
const FORMS_SQL = `
  SELECT
    count(*)::int AS forms_total,
    count(*) FILTER (WHERE EXISTS (
      SELECT 1 FROM form_responses r WHERE r.tenant_id = :tenantId AND r.form_id = f.id AND r.user_id = :userId
    ))::int AS forms_submitted
  FROM forms f
  WHERE f.tenant_id = :tenantId AND f.status = 'published' AND f.assigned_roles && ARRAY[:roles]::text[]`;

/** The member's onboarding checklist in a workspace and how much of it is done. */
export async function memberChecklist(sequelize: Sequelize, tenantId: string, userId: string, role: string): Promise<Checklist> {
  const [[row], [forms]] = await Promise.all([
    sequelize.query<{ profile_done: boolean; files_total: number; files_opened: number }>(CHECKLIST_SQL, { replacements: { tenantId, userId, role }, type: QueryTypes.SELECT }),
    sequelize.query<{ forms_total: number; forms_submitted: number }>(FORMS_SQL, {
      replacements: { tenantId, userId, roles: role === 'owner' ? ['owner', 'admin'] : [role] },
      type: QueryTypes.SELECT,
    }),
  ]);
  const items: ChecklistItem[] = [{ key: 'profile', label: 'Complete your profile: name and phone number', done: row?.profile_done ?? false }];
  if (row && row.files_total > 0) {
    items.push({
      key: 'files',
      label: 'Open the files shared with you',
      done: row.files_opened === row.files_total,
      progress: { done: row.files_opened, total: row.files_total },
    });
  }
  if (forms && forms.forms_total > 0) {
    items.push({
      key: 'forms',
      label: 'Submit the forms assigned to you',
      done: forms.forms_submitted === forms.forms_total,
      progress: { done: forms.forms_submitted, total: forms.forms_total },
    });
  }
  const done = items.filter((i) => i.done).length;
  return { items, percent: Math.round((done / items.length) * 100) };
}
