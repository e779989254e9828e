import { FORM_MESSAGES, HOME_BY_KIND } from '@portico/common';
import type { FormQuestion, FormStatus, RoleKind } from '@portico/common';
import { ApiError } from '../../../lib/api/http';

/** Where "Back to dashboard" goes after a submission. */
export function dashboardPath(roleKind: RoleKind | null, isSuperAdmin: boolean): string {
  if (roleKind) return HOME_BY_KIND[roleKind];
  return isSuperAdmin ? HOME_BY_KIND.admin : HOME_BY_KIND.client;
}

export type LoadOutcome =
  | { kind: 'noAccess'; message: string }
  | { kind: 'notFound'; message: string }
  /** Builders go back to /forms (tenant-portal §8: a form-load error redirects to /forms). */
  | { kind: 'backToForms'; message: string }
  | { kind: 'retry'; message: string };

/** What the fill page shows when the form could not be read. */
export function loadOutcome(error: unknown, builder: boolean): LoadOutcome {
  const status = error instanceof ApiError ? error.status : null;
  if (status === 403) return { kind: 'noAccess', message: FORM_MESSAGES.noAccess };
  if (status === 404)
    return {
      kind: 'notFound',
      message: error instanceof ApiError && error.message ? error.message : FORM_MESSAGES.notFound,
    };
  const message = error instanceof Error && error.message ? error.message : FORM_MESSAGES.loadFailed;
  return builder ? { kind: 'backToForms', message } : { kind: 'retry', message };
}

/** The problems by question id a refused submission carries in `details.fields`, if any. */
export function submissionProblems(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) return null;
  const fields: unknown = (error.details as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return null;
  const problems = Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return Object.keys(problems).length > 0 ? problems : null;
}

/** The first question, in form order, that has a problem: where focus goes after a refused submit. */
export function firstProblemId(
  fields: readonly Pick<FormQuestion, 'id'>[],
  problems: Record<string, string>,
): string | null {
  return fields.find((q) => problems[q.id] !== undefined)?.id ?? null;
}

/** The note a builder sees on a form members cannot open yet; null when it is published. */
export function unpublishedNote(status: FormStatus): string | null {
  if (status === 'draft') return 'This form is a draft; members cannot see it yet.';
  if (status === 'archived') return 'This form is archived; members cannot see it.';
  return null;
}
