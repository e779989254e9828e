import {
  DEFAULT_FORM_TITLE,
  DEFAULT_THEME,
  OPTION_TYPES,
  RATING_MAX,
  joinOptions,
  newQuestion,
  splitOptions,
} from '@portico/common';
import type { FormDefinition, FormDetail, FormQuestion, FormStatus, FormTheme, QuestionType } from '@portico/common';
import type { FormInput } from '../api/forms';

/**
 * What the builder edits, and the pure edits it makes. Options stay as the text the builder
 * typed ("Red, Green, ") until they are saved or previewed, so typing a comma never eats it.
 */

export interface DraftRule {
  whenQuestionId: string;
  equals: string;
}

export interface DraftQuestion {
  id: string;
  type: QuestionType;
  label: string;
  required: boolean;
  /** Comma-separated, as typed. */
  optionsText: string;
  /** "When question `whenQuestionId` equals `equals`, show this question." */
  logic: DraftRule | null;
}

export interface BuilderDraft {
  title: string;
  description: string;
  questions: DraftQuestion[];
  theme: FormTheme;
  assignedRoles: string[];
}

/** A rule as the logic section lists it: kept on the question it shows. */
export interface BuilderRule extends DraftRule {
  showQuestionId: string;
}

export function emptyDraft(): BuilderDraft {
  return { title: DEFAULT_FORM_TITLE, description: '', questions: [], theme: { ...DEFAULT_THEME }, assignedRoles: [] };
}

function toDraftQuestion(question: FormQuestion): DraftQuestion {
  return {
    id: question.id,
    type: question.type,
    label: question.label,
    required: question.required,
    optionsText: joinOptions(question.options),
    logic: question.logic ? { whenQuestionId: question.logic.whenQuestionId, equals: question.logic.equals } : null,
  };
}

export function draftFromForm(
  form: Pick<FormDetail, 'title' | 'description' | 'fields' | 'theme' | 'assigned_roles'>,
): BuilderDraft {
  return {
    title: form.title,
    description: form.description,
    questions: form.fields.map(toDraftQuestion),
    theme: { ...DEFAULT_THEME, ...form.theme },
    assignedRoles: [...form.assigned_roles],
  };
}

export function draftQuestion(type: QuestionType, id: string): DraftQuestion {
  return toDraftQuestion(newQuestion(type, id));
}

export function hasOptions(type: QuestionType): boolean {
  return OPTION_TYPES.includes(type);
}

/** The options a question will be saved with: split, trimmed, empties dropped, each once. */
export function questionOptions(question: Pick<DraftQuestion, 'type' | 'optionsText'>): string[] {
  return hasOptions(question.type) ? [...new Set(splitOptions(question.optionsText))] : [];
}

export function toFields(questions: readonly DraftQuestion[]): FormQuestion[] {
  return questions.map((q) => ({
    id: q.id,
    type: q.type,
    label: q.label,
    required: q.required,
    options: questionOptions(q),
    logic: q.logic ? { whenQuestionId: q.logic.whenQuestionId, equals: q.logic.equals, showQuestionId: q.id } : null,
  }));
}

/** The form as the preview renders it. */
export function previewDefinition(
  draft: BuilderDraft,
): Pick<FormDefinition, 'title' | 'description' | 'fields' | 'theme'> {
  return { title: draft.title, description: draft.description, fields: toFields(draft.questions), theme: draft.theme };
}

/** The body of a save; `status` only when the builder chose Save Draft or Publish. */
export function toFormInput(draft: BuilderDraft, status?: FormStatus): FormInput {
  return {
    title: draft.title,
    description: draft.description,
    fields: toFields(draft.questions),
    // The font is one of FORM_FONTS' names (the picker offers no other), which common types as any string.
    theme: draft.theme as FormInput['theme'],
    assigned_roles: draft.assignedRoles,
    ...(status ? { status } : {}),
  };
}

/** How a question is named where its label may still be empty. */
export function questionName(question: Pick<DraftQuestion, 'label'>, index: number): string {
  return question.label.trim() || `Question ${index + 1}`;
}

/* ---------- edits ---------- */

function mapQuestion(draft: BuilderDraft, id: string, edit: (q: DraftQuestion) => DraftQuestion): BuilderDraft {
  return { ...draft, questions: draft.questions.map((q) => (q.id === id ? edit(q) : q)) };
}

export function addQuestion(draft: BuilderDraft, type: QuestionType, id: string): BuilderDraft {
  return { ...draft, questions: [...draft.questions, draftQuestion(type, id)] };
}

export function updateQuestion(
  draft: BuilderDraft,
  id: string,
  patch: Partial<Pick<DraftQuestion, 'label' | 'required' | 'optionsText'>>,
): BuilderDraft {
  return mapQuestion(draft, id, (q) => ({ ...q, ...patch }));
}

/** A new type keeps the label, required flag, rule and typed options; an option question never starts without one. */
export function changeType(draft: BuilderDraft, id: string, type: QuestionType): BuilderDraft {
  return mapQuestion(draft, id, (q) => {
    const optionsText =
      hasOptions(type) && splitOptions(q.optionsText).length === 0
        ? draftQuestion(type, q.id).optionsText
        : q.optionsText;
    return { ...q, type, optionsText };
  });
}

/** A copy right below the original, with its own id and the same rule. */
export function duplicateQuestion(draft: BuilderDraft, id: string, newId: string): BuilderDraft {
  const index = draft.questions.findIndex((q) => q.id === id);
  const original = draft.questions[index];
  if (!original) return draft;
  const copy: DraftQuestion = {
    ...original,
    id: newId,
    label: original.label.trim() ? `${original.label} (copy)` : '',
    logic: original.logic && { ...original.logic },
  };
  const questions = [...draft.questions];
  questions.splice(index + 1, 0, copy);
  return { ...draft, questions };
}

/** Removes a question and every rule that depended on it; `removedRules` names the questions that lost theirs. */
export function removeQuestion(
  draft: BuilderDraft,
  id: string,
): { draft: BuilderDraft; removedRules: DraftQuestion[] } {
  const removedRules = draft.questions.filter((q) => q.id !== id && q.logic?.whenQuestionId === id);
  const questions = draft.questions
    .filter((q) => q.id !== id)
    .map((q) => (q.logic?.whenQuestionId === id ? { ...q, logic: null } : q));
  return { draft: { ...draft, questions }, removedRules };
}

/** Moves a question one place up or down; unchanged at the ends. */
export function moveQuestion(draft: BuilderDraft, id: string, delta: -1 | 1): BuilderDraft {
  const from = draft.questions.findIndex((q) => q.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= draft.questions.length) return draft;
  return reorderQuestions(draft, id, draft.questions[to]!.id);
}

/** Puts question `activeId` where `overId` is (a drop). */
export function reorderQuestions(draft: BuilderDraft, activeId: string, overId: string): BuilderDraft {
  const from = draft.questions.findIndex((q) => q.id === activeId);
  const to = draft.questions.findIndex((q) => q.id === overId);
  if (from < 0 || to < 0 || from === to) return draft;
  const questions = [...draft.questions];
  const [moved] = questions.splice(from, 1);
  questions.splice(to, 0, moved!);
  return { ...draft, questions };
}

/* ---------- conditional logic ---------- */

export function rulesOf(draft: BuilderDraft): BuilderRule[] {
  return draft.questions.flatMap((q) => (q.logic ? [{ ...q.logic, showQuestionId: q.id }] : []));
}

/** What the "equals" control offers for a controlling question. */
export type RuleValueKind =
  { kind: 'options'; options: string[] } | { kind: 'rating'; options: string[] } | { kind: 'date' } | { kind: 'text' };

const RATING_VALUES = Array.from({ length: RATING_MAX }, (_, i) => String(i + 1));

export function ruleValueKind(controller: Pick<DraftQuestion, 'type' | 'optionsText'>): RuleValueKind {
  if (hasOptions(controller.type)) return { kind: 'options', options: questionOptions(controller) };
  if (controller.type === 'rating') return { kind: 'rating', options: RATING_VALUES };
  if (controller.type === 'date') return { kind: 'date' };
  return { kind: 'text' };
}

/** The value a rule starts with when its controlling question is chosen. */
export function defaultRuleValue(controller: Pick<DraftQuestion, 'type' | 'optionsText'>): string {
  const value = ruleValueKind(controller);
  return value.kind === 'options' || value.kind === 'rating' ? (value.options[0] ?? '') : '';
}

/** Questions whose answer may control `showQuestionId` (a file answer is an upload id nobody can type). */
export function ruleControllers(draft: BuilderDraft, showQuestionId: string): DraftQuestion[] {
  return draft.questions.filter((q) => q.id !== showQuestionId && q.type !== 'file');
}

/** Questions a rule may show: those without a rule, and the one it shows now. */
export function ruleTargets(draft: BuilderDraft, currentShowId: string | null): DraftQuestion[] {
  return draft.questions.filter((q) => q.logic === null || q.id === currentShowId);
}

/**
 * A new rule, ready to edit: it shows the last question without a rule, controlled by the first
 * question before it that can be (or any other); null when no question is left to show.
 */
export function newRule(draft: BuilderDraft): BuilderRule | null {
  const targets = draft.questions.map((q, i) => ({ q, i })).filter(({ q }) => q.logic === null);
  for (const { q: target, i } of [...targets].reverse()) {
    const controllers = ruleControllers(draft, target.id);
    const controller = controllers.find((c) => draft.questions.indexOf(c) < i) ?? controllers[0];
    if (controller)
      return { showQuestionId: target.id, whenQuestionId: controller.id, equals: defaultRuleValue(controller) };
  }
  return null;
}

/** Sets (or with null removes) the rule kept on `showQuestionId`. */
export function setRule(draft: BuilderDraft, showQuestionId: string, rule: DraftRule | null): BuilderDraft {
  return mapQuestion(draft, showQuestionId, (q) => ({
    ...q,
    logic: rule && { whenQuestionId: rule.whenQuestionId, equals: rule.equals },
  }));
}

/** Changes a rule: another controlling question resets the value to one it can give; another shown question moves the rule there. */
export function editRule(draft: BuilderDraft, rule: BuilderRule, next: BuilderRule): BuilderDraft {
  let equals = next.equals;
  if (next.whenQuestionId !== rule.whenQuestionId) {
    const controller = draft.questions.find((q) => q.id === next.whenQuestionId);
    equals = controller ? defaultRuleValue(controller) : '';
  }
  const moved = next.showQuestionId !== rule.showQuestionId ? setRule(draft, rule.showQuestionId, null) : draft;
  return setRule(moved, next.showQuestionId, { whenQuestionId: next.whenQuestionId, equals });
}
