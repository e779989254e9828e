/**
 * The form model (tenant-portal §2 Forms, §3, §5, §9), one zod schema shared by the builder,
 * the fill page and the API: what the builder saves, the fill page renders and the server
 * validates are the same thing.
 */
import { z } from 'zod';
import type { ResponseFile } from './api/forms';
import { isUuid } from './ids';
import { ownValue, recordWithoutPrototype } from './records';

/* ---------- constants ---------- */

export const QUESTION_TYPES = ['short', 'long', 'choice', 'multi', 'dropdown', 'rating', 'date', 'file'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  short: 'Short answer',
  long: 'Long answer',
  choice: 'Multiple choice',
  multi: 'Checkboxes',
  dropdown: 'Dropdown',
  rating: 'Rating',
  date: 'Date',
  file: 'File upload',
};

/** Type names older forms were saved with; the fill page still renders them. */
export const LEGACY_QUESTION_TYPES: Readonly<Record<string, QuestionType>> = {
  short_answer: 'short',
  text: 'short',
  long_answer: 'long',
  longtext: 'long',
  file_upload: 'file',
};

/** Question types whose answer is picked from `options`. */
export const OPTION_TYPES: readonly QuestionType[] = ['choice', 'multi', 'dropdown'];

export const FORM_STATUSES = ['draft', 'published', 'archived'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export const RATING_MAX = 5;
export const DEFAULT_FORM_TITLE = 'Untitled Form';
export const FIRST_OPTION = 'Option 1';
/** Builder autosave delay after the last change (ms). */
export const FORM_AUTOSAVE_MS = 1200;
/** List sizes the spec names: 1000 (dashboard), 200 (form management). */
export const FORM_LIST_LIMITS = [200, 1000] as const;
/** Responses per page of `GET /api/form-responses`: the default, and the most a caller may ask for. */
export const RESPONSE_PAGE_SIZE = 50;
export const RESPONSE_PAGE_MAX = 200;
export const MAX_QUESTIONS = 200;
export const MAX_OPTIONS = 100;
export const SHORT_ANSWER_MAX = 2000;
export const LONG_ANSWER_MAX = 20000;

/** Fonts offered by the theme picker, each with a CSS stack that works without web fonts. */
export const FORM_FONTS: Readonly<Record<string, string>> = {
  Inter: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  'System UI': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  Arial: 'Arial, Helvetica, sans-serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
  Verdana: 'Verdana, Geneva, sans-serif',
  'Trebuchet MS': '"Trebuchet MS", Helvetica, sans-serif',
  Georgia: 'Georgia, "Times New Roman", serif',
  'Times New Roman': '"Times New Roman", Times, serif',
  'Courier New': '"Courier New", Courier, monospace',
};
export const FORM_FONT_NAMES = Object.keys(FORM_FONTS) as [string, ...string[]];

export const THEME_VARIANTS = ['solid', 'gradient'] as const;

export const DEFAULT_THEME = {
  font: 'Inter',
  primary: '#3B82F6',
  secondary: '#6B7280',
  bg: '#FFFFFF',
  variant: 'solid',
} as const;

export const FORM_MESSAGES = {
  noAccess: 'You do not have access to this form.',
  submitted: 'Form submitted successfully!',
  assignmentsSaved: 'Assignments saved successfully',
  loadFailed: 'Failed to load forms',
  saveFailed: 'Failed to save',
  empty: 'No assigned forms at this time.',
  notFound: 'This form does not exist.',
  notPublished: 'This form is not accepting responses.',
  required: 'This question is required.',
  labelRequired: 'Every question needs a label.',
  optionsRequired: 'Choice, checkbox and dropdown questions need at least one option.',
  duplicateId: 'Two questions share the same id.',
  logicMissing: 'A logic rule points at a question that does not exist.',
  logicSelf: 'A question cannot depend on itself.',
  logicLoop: 'These logic rules form a loop.',
  logicSingle: 'Conditional logic needs more than one question.',
  logicValue: 'Choose the answer that shows the question.',
  invalidRole: 'Assign the form to role keys of this workspace.',
} as const;

/* ---------- schema ---------- */

const HEX = /^#[0-9a-fA-F]{6}$/;
const hex = (name: string) =>
  z
    .string({ error: `The ${name} colour must be a hex colour like #3B82F6.` })
    .regex(HEX, `The ${name} colour must be a hex colour like #3B82F6.`);

export const formThemeSchema = z.object({
  font: z
    .enum(FORM_FONT_NAMES, { error: `The font must be one of ${FORM_FONT_NAMES.join(', ')}.` })
    .default(DEFAULT_THEME.font),
  primary: hex('primary').default(DEFAULT_THEME.primary),
  secondary: hex('secondary').default(DEFAULT_THEME.secondary),
  bg: hex('background').default(DEFAULT_THEME.bg),
  variant: z
    .enum(THEME_VARIANTS, { error: 'The background must be solid or gradient.' })
    .default(DEFAULT_THEME.variant),
});
export type FormTheme = z.output<typeof formThemeSchema>;

/** "When question X equals value, show question Y" — kept on Y, so `showQuestionId` is Y's id. */
export const logicRuleSchema = z.object({
  whenQuestionId: z.string({ error: FORM_MESSAGES.logicMissing }).min(1, FORM_MESSAGES.logicMissing).max(64),
  equals: z.string({ error: FORM_MESSAGES.logicValue }).trim().min(1, FORM_MESSAGES.logicValue).max(200),
  showQuestionId: z.string().max(64).optional(),
});

/** Legacy type names become builder types; anything else must be a builder type. */
export function normalizeQuestionType(type: unknown): unknown {
  return typeof type === 'string' ? (ownValue(LEGACY_QUESTION_TYPES, type) ?? type) : type;
}

export const questionSchema = z
  .object({
    id: z
      .string({ error: 'Every question needs an id.' })
      .trim()
      .min(1, 'Every question needs an id.')
      .max(64, 'Question ids must be at most 64 characters.')
      // Answers arrive as JSON objects keyed by question id, and no parser keeps a __proto__ key.
      .refine((id) => id !== '__proto__', 'This question id is reserved; choose another.'),
    type: z.preprocess(
      normalizeQuestionType,
      z.enum(QUESTION_TYPES, { error: `Question types are ${QUESTION_TYPES.join(', ')}.` }),
    ),
    label: z
      .string({ error: FORM_MESSAGES.labelRequired })
      .trim()
      .min(1, FORM_MESSAGES.labelRequired)
      .max(500, 'Question labels must be at most 500 characters.'),
    required: z.boolean({ error: 'required must be true or false.' }).default(false),
    options: z
      .array(z.string({ error: 'Options must be text.' }).trim().max(200, 'Options must be at most 200 characters.'), {
        error: 'Options must be a list.',
      })
      .max(MAX_OPTIONS, `A question can have at most ${MAX_OPTIONS} options.`)
      .default([])
      .transform((options) => [...new Set(options.filter((o) => o.length > 0))]),
    logic: logicRuleSchema.nullable().optional(),
  })
  .transform(({ logic, ...question }) => ({
    ...question,
    options: OPTION_TYPES.includes(question.type) ? question.options : [],
    logic: logic ? { whenQuestionId: logic.whenQuestionId, equals: logic.equals, showQuestionId: question.id } : null,
  }));
export type FormQuestion = z.output<typeof questionSchema>;
export type LogicRule = NonNullable<FormQuestion['logic']>;

/** Which question id (if any) closes a loop through the logic rules. */
function loopIn(fields: readonly FormQuestion[]): string | null {
  const controller = new Map(fields.filter((q) => q.logic).map((q) => [q.id, q.logic!.whenQuestionId]));
  for (const start of controller.keys()) {
    const seen = new Set<string>([start]);
    let next = controller.get(start);
    while (next !== undefined) {
      if (seen.has(next)) return start;
      seen.add(next);
      next = controller.get(next);
    }
  }
  return null;
}

/** Whether a controlling question can be answered with a rule's value: one of its options, a rating 1–5; never a file. */
export function ruleValueReachable(controller: Pick<FormQuestion, 'type' | 'options'>, equals: string): boolean {
  if (controller.type === 'file') return false;
  if (OPTION_TYPES.includes(controller.type)) return controller.options.includes(equals);
  if (controller.type === 'rating') return /^[1-9]\d*$/.test(equals) && Number(equals) <= RATING_MAX;
  return true;
}

/** Problems with the questions as a whole: ids, options, logic. Path names the question's index. */
export function fieldsIssues(fields: readonly FormQuestion[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const ids = new Set<string>();
  fields.forEach((q, i) => {
    if (ids.has(q.id)) issues.push({ path: [i, 'id'], message: FORM_MESSAGES.duplicateId });
    ids.add(q.id);
    if (OPTION_TYPES.includes(q.type) && q.options.length === 0)
      issues.push({ path: [i, 'options'], message: FORM_MESSAGES.optionsRequired });
  });
  fields.forEach((q, i) => {
    if (!q.logic) return;
    if (fields.length < 2) issues.push({ path: [i, 'logic'], message: FORM_MESSAGES.logicSingle });
    else if (q.logic.whenQuestionId === q.id) issues.push({ path: [i, 'logic'], message: FORM_MESSAGES.logicSelf });
    else if (!ids.has(q.logic.whenQuestionId)) issues.push({ path: [i, 'logic'], message: FORM_MESSAGES.logicMissing });
    else if (
      !ruleValueReachable(
        fields.find((c) => c.id === q.logic!.whenQuestionId)!,
        q.logic.equals,
      )
    )
      issues.push({ path: [i, 'logic'], message: FORM_MESSAGES.logicValue });
  });
  if (issues.length === 0) {
    const looping = loopIn(fields);
    if (looping)
      issues.push({ path: [fields.findIndex((q) => q.id === looping), 'logic'], message: FORM_MESSAGES.logicLoop });
  }
  return issues;
}

export const formFieldsSchema = z
  .array(questionSchema, { error: 'fields must be a list of questions.' })
  .max(MAX_QUESTIONS, `A form can have at most ${MAX_QUESTIONS} questions.`)
  .superRefine((fields, ctx) => {
    for (const issue of fieldsIssues(fields))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const formTitleSchema = z
  .string({ error: 'The title must be text.' })
  .trim()
  .max(200, 'The title must be at most 200 characters.')
  .transform((t) => t || DEFAULT_FORM_TITLE);
export const formDescriptionSchema = z
  .string({ error: 'The description must be text.' })
  .trim()
  .max(5000, 'The description must be at most 5000 characters.');

/** What the builder edits and the fill page renders. */
export const formDefinitionSchema = z.object({
  title: formTitleSchema.default(DEFAULT_FORM_TITLE),
  description: formDescriptionSchema.default(''),
  fields: formFieldsSchema.default([]),
  theme: formThemeSchema.default(DEFAULT_THEME),
});
export type FormDefinition = z.output<typeof formDefinitionSchema>;

export function emptyFormDefinition(): FormDefinition {
  return { title: DEFAULT_FORM_TITLE, description: '', fields: [], theme: { ...DEFAULT_THEME } };
}

/* ---------- builder helpers ---------- */

/** Builder options are typed as comma-separated text: split, trimmed, empties dropped (§5). */
export function splitOptions(text: string): string[] {
  return text
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
}

export function joinOptions(options: readonly string[]): string {
  return options.join(', ');
}

/** A new question of a type; choice-like questions start with 'Option 1'. */
export function newQuestion(type: QuestionType, id: string): FormQuestion {
  return {
    id,
    type,
    label: '',
    required: false,
    options: OPTION_TYPES.includes(type) ? [FIRST_OPTION] : [],
    logic: null,
  };
}

/* ---------- answers ---------- */

export type AnswerValue = string | string[] | number;
export type Answers = Record<string, AnswerValue | null | undefined>;

/** Whether an answer meets a logic rule: a checkbox answer includes the value; others equal it. */
export function answerEquals(answer: AnswerValue | null | undefined, value: string): boolean {
  if (answer === null || answer === undefined) return false;
  if (Array.isArray(answer)) return answer.includes(value);
  return String(answer) === value;
}

/**
 * The ids of the questions shown for these answers: a question with a rule shows only when its
 * controlling question is itself shown and its answer equals the rule's value.
 */
export function visibleQuestionIds(fields: readonly FormQuestion[], answers: Answers): Set<string> {
  const byId = new Map(fields.map((q) => [q.id, q]));
  const memo = new Map<string, boolean>();
  const shown = (id: string, path: Set<string>): boolean => {
    const cached = memo.get(id);
    if (cached !== undefined) return cached;
    const q = byId.get(id);
    if (!q) return false;
    let result = true;
    if (q.logic) {
      if (path.has(id)) result = false;
      else
        result =
          shown(q.logic.whenQuestionId, new Set([...path, id])) &&
          answerEquals(ownValue(answers, q.logic.whenQuestionId), q.logic.equals);
    }
    memo.set(id, result);
    return result;
  };
  return new Set(fields.filter((q) => shown(q.id, new Set())).map((q) => q.id));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The problem with one answer to one question, or null when it is acceptable. */
export function answerProblem(q: FormQuestion, value: unknown): string | null {
  if (isBlank(value)) return q.required ? FORM_MESSAGES.required : null;
  switch (q.type) {
    case 'short':
      if (typeof value !== 'string') return 'Answer with text.';
      return value.length > SHORT_ANSWER_MAX ? `Answers must be at most ${SHORT_ANSWER_MAX} characters.` : null;
    case 'long':
      if (typeof value !== 'string') return 'Answer with text.';
      return value.length > LONG_ANSWER_MAX ? `Answers must be at most ${LONG_ANSWER_MAX} characters.` : null;
    case 'choice':
    case 'dropdown':
      return typeof value === 'string' && q.options.includes(value) ? null : 'Choose one of the options.';
    case 'multi':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && q.options.includes(v)))
        return 'Choose from the options.';
      return new Set(value).size === value.length ? null : 'Choose each option once.';
    case 'rating':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= RATING_MAX
        ? null
        : `Choose a rating from 1 to ${RATING_MAX}.`;
    case 'date':
      return typeof value === 'string' && isRealDate(value) ? null : 'Enter a date as YYYY-MM-DD.';
    case 'file':
      return isUuid(value) ? null : 'Upload a file.';
  }
}

export interface AnswerCheck {
  /** Answers to the shown questions only, trimmed; hidden and unknown questions dropped. */
  answers: Record<string, AnswerValue>;
  /** Problems by question id. */
  problems: Record<string, string>;
}

/** Checks answers (keyed by question id) against the questions, the same way in the browser and on the server. */
export function checkAnswers(fields: readonly FormQuestion[], raw: Answers): AnswerCheck {
  // Question ids are whatever the builder typed (`constructor` is allowed): none may read an inherited property.
  const tidy: Answers = recordWithoutPrototype();
  for (const q of fields) {
    const value = ownValue(raw, q.id);
    tidy[q.id] = typeof value === 'string' && q.type !== 'file' ? value.trim() : value;
  }
  const visible = visibleQuestionIds(fields, tidy);
  const answers = recordWithoutPrototype<AnswerValue>();
  const problems = recordWithoutPrototype<string>();
  for (const q of fields) {
    if (!visible.has(q.id)) continue;
    const value = tidy[q.id];
    const problem = answerProblem(q, value);
    if (problem) problems[q.id] = problem;
    else if (!isBlank(value)) answers[q.id] = value as AnswerValue;
  }
  return { answers, problems };
}

/** What a submission sends: answers keyed by question id, and the version that was filled. */
export const answersPayloadSchema = z.record(
  z.string().max(64),
  z.union(
    [z.string().max(LONG_ANSWER_MAX + 1000), z.number(), z.array(z.string().max(1000)).max(MAX_OPTIONS + 1), z.null()],
    { error: 'Each answer must be text, a number or a list of options.' },
  ),
  { error: 'answers must be an object keyed by question id.' },
);

/* What the API answers is described in ./api/forms.ts. */

/** An answer as a line of text (tables, CSV, emails). */
export function answerText(value: AnswerValue | null | undefined, file?: ResponseFile | null): string {
  if (value === null || value === undefined) return '';
  if (file) return file.original_name;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}
