import type { FormSummary } from '@portico/common';

/** How many assigned forms the member dashboard shows (tenant-portal §2, §9). */
export const DASHBOARD_FORMS = 2;
/** The list size the spec names for the dashboard (§9). */
export const DASHBOARD_FORMS_LIMIT = 1000;

/**
 * The newest published forms assigned to this member's role. The server already answers only
 * those to members; a team member (a form builder) gets every form, so the rule is applied here too.
 */
export function assignedForms<T extends Pick<FormSummary, 'status' | 'assigned_roles' | 'created_at'>>(
  forms: readonly T[],
  roleKey: string | null,
): T[] {
  return forms
    .filter((f) => f.status === 'published' && (roleKey === null || f.assigned_roles.includes(roleKey)))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, DASHBOARD_FORMS);
}
