import type { FormSummary } from '@portico/common';

/**
 * The assign-forms-to-roles grid (forms × role keys): what the admin ticked, and which forms
 * changed and need a PATCH. Only role keys of the workspace take part: a key the workspace no
 * longer has is neither shown nor sent back (the server refuses unknown keys).
 */

/** Edited rows by form id: the role keys ticked for that form. */
export type AssignmentDrafts = Readonly<Record<string, readonly string[]>>;

export interface AssignmentChange {
  id: string;
  assigned_roles: string[];
}

/** The role keys of `assigned` that the workspace has, in the workspace's role order. */
export function knownRoles(assigned: readonly string[], roleKeys: readonly string[]): string[] {
  return roleKeys.filter((key) => assigned.includes(key));
}

/** The forms the grid lists: drafts and published forms, not archived ones. */
export function assignableForms<T extends Pick<FormSummary, 'status'>>(forms: readonly T[]): T[] {
  return forms.filter((f) => f.status !== 'archived');
}

/** The ticked keys of one form: the edit when there is one, else what the server has. */
export function ticked(
  form: Pick<FormSummary, 'id' | 'assigned_roles'>,
  drafts: AssignmentDrafts,
  roleKeys: readonly string[],
): string[] {
  return knownRoles(drafts[form.id] ?? form.assigned_roles, roleKeys);
}

/** Ticks or unticks one cell. */
export function toggleCell(
  drafts: AssignmentDrafts,
  form: Pick<FormSummary, 'id' | 'assigned_roles'>,
  roleKey: string,
  roleKeys: readonly string[],
): AssignmentDrafts {
  const current = ticked(form, drafts, roleKeys);
  const next = current.includes(roleKey)
    ? current.filter((k) => k !== roleKey)
    : knownRoles([...current, roleKey], roleKeys);
  return { ...drafts, [form.id]: next };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key) => b.includes(key));
}

/** One PATCH body per form whose ticked keys differ from the server's, in list order. */
export function changedAssignments(
  forms: readonly Pick<FormSummary, 'id' | 'assigned_roles'>[],
  drafts: AssignmentDrafts,
  roleKeys: readonly string[],
): AssignmentChange[] {
  const changes: AssignmentChange[] = [];
  for (const form of forms) {
    const draft = drafts[form.id];
    if (!draft) continue;
    const next = knownRoles(draft, roleKeys);
    if (!sameKeys(next, knownRoles(form.assigned_roles, roleKeys))) changes.push({ id: form.id, assigned_roles: next });
  }
  return changes;
}

/** The drafts left after a save: the rows that were saved are dropped, failed ones stay edited. */
export function withoutSaved(drafts: AssignmentDrafts, savedIds: readonly string[]): AssignmentDrafts {
  return Object.fromEntries(Object.entries(drafts).filter(([id]) => !savedIds.includes(id)));
}

export function saveButtonText(changes: number): string {
  if (changes === 0) return 'Save';
  return changes === 1 ? 'Save 1 change' : `Save ${changes} changes`;
}
