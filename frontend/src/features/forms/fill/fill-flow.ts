import type { FieldError, Resolver, ResolverResult } from 'react-hook-form';
import { FORM_MESSAGES, HOME_BY_KIND, checkAnswers } from '@portico/common';
import type { Answers, AnswerValue, FormQuestion, FormStatus, RoleKind } from '@portico/common';
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

/** What the fill form holds: each answer under its question's `answerKey`. */
export interface FillValues {
  answers: Record<string, AnswerValue | null>;
}

/** What a valid fill form submits: the checked answers, keyed by question id. */
export interface CheckedAnswers {
  answers: Record<string, AnswerValue>;
}

/**
 * The name of a question's answer in the fill form. Question ids are whatever the builder typed,
 * and react-hook-form reads dots and brackets in a name as a path (and skips `constructor`), so
 * anything but letters, digits and `_` is written as `-` and its four hex digits.
 */
export function answerKey(questionId: string): string {
  return `q${questionId.replace(/[^A-Za-z0-9_]/g, (c) => `-${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`;
}

/** The fill form's answers keyed by question id, as the shared rule and the preview read them. */
export function answersById(fields: readonly Pick<FormQuestion, 'id'>[], values: FillValues['answers']): Answers {
  return Object.fromEntries(fields.map((q) => [q.id, values[answerKey(q.id)]]));
}

/** Problems by question id, from the fill form's errors (each kept under its answer's key). */
export function problemsById(
  fields: readonly Pick<FormQuestion, 'id'>[],
  errors: Partial<Record<string, Pick<FieldError, 'message'>>> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    fields.flatMap((q) => {
      const message = errors?.[answerKey(q.id)]?.message;
      return message ? [[q.id, message]] : [];
    }),
  );
}

/** Checks the answers with the rule the server applies (`checkAnswers`), each problem under its answer's key. */
export function answersResolver(fields: readonly FormQuestion[]): Resolver<FillValues, unknown, CheckedAnswers> {
  return ({ answers }): ResolverResult<FillValues, CheckedAnswers> => {
    const check = checkAnswers(fields, answersById(fields, answers));
    const problems = Object.entries(check.problems);
    if (problems.length === 0) return { values: { answers: check.answers }, errors: {} };
    return {
      values: {},
      errors: {
        answers: Object.fromEntries(problems.map(([id, message]) => [answerKey(id), { type: 'answer', message }])),
      },
    };
  };
}
