import type { FormStatus, RoleColor } from '@portico/common';

/** The pure rules of the form management page (/forms, tenant-portal §2 Forms). */

export type FormsViewMode = 'cards' | 'table';

/** localStorage key of the list's card/table choice (one choice per browser, not per workspace). */
export const FORMS_VIEW_KEY = 'portico.forms.view';

/** The stored view mode; anything unknown (nothing stored, an old value) shows cards. */
export function viewModeOf(stored: string | null | undefined): FormsViewMode {
  return stored === 'table' ? 'table' : 'cards';
}

/** The list size the spec names for form management (§9). */
export const MANAGE_LIST_LIMIT = 200;
export const FORMS_SEARCH_DEBOUNCE_MS = 300;

export const STATUS_LABELS: Record<FormStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};
export const STATUS_TONES: Record<FormStatus, RoleColor> = { draft: 'gray', published: 'green', archived: 'orange' };

/** Completion rate as shown in the list: `—` when no member holds the assigned roles. */
export function completionText(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${Math.round(rate)}%`;
}

export function countText(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** Where each form action goes, before the tenant is added to the address. */
export const formPaths = {
  list: () => '/forms',
  selected: (id: string) => `/forms?selected=${encodeURIComponent(id)}`,
  create: () => '/forms/new',
  edit: (id: string) => `/forms/new?edit=${encodeURIComponent(id)}`,
  fill: (id: string) => `/forms/${encodeURIComponent(id)}`,
  responses: (id: string) => `/forms/${encodeURIComponent(id)}/responses`,
  assign: () => '/assign-roles',
};

/** The status an Archive / Unarchive button sets: archived forms go back to draft. */
export function archiveTarget(status: FormStatus): FormStatus {
  return status === 'archived' ? 'draft' : 'archived';
}

export const FORM_ACTION_TEXT = {
  copied: 'Form copied',
  archived: 'Form archived',
  unarchived: 'Form moved back to drafts',
  deleted: 'Form deleted',
  copyFailed: 'Copy failed',
  updateFailed: 'Update failed',
  deleteFailed: 'Delete failed',
} as const;

/** What the delete confirmation says: the responses go with the form. */
export function deleteWarning(title: string, responses: number): string {
  const lost =
    responses === 0
      ? 'It has no responses yet.'
      : `Its ${countText(responses, 'response', 'responses')} will be deleted too.`;
  return `Delete “${title}”? ${lost} Files uploaded with answers stay in Files. This cannot be undone.`;
}
