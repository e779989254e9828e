import { fieldsIssues, formDefinitionSchema } from '@portico/common';
import type { FormTheme } from '@portico/common';
import type { BuilderDraft } from './builder-state';
import { questionName, toFields } from './builder-state';

/** Where a problem is shown: beside the title, a theme control, or a part of one question. */
export type QuestionPart = 'label' | 'options' | 'logic' | 'other';

export interface DraftIssues {
  title?: string;
  description?: string;
  theme: Partial<Record<keyof FormTheme, string>>;
  /** By question id, then by the part of the question the sentence is about. */
  questions: Record<string, Partial<Record<QuestionPart, string>>>;
  /** Problems with the question list as a whole (e.g. too many questions). */
  form: string[];
  /** Every problem once, in form order, naming its question: what the status line and a refused save say. */
  sentences: string[];
}

export const THEME_KEYS: readonly (keyof FormTheme)[] = ['font', 'primary', 'secondary', 'bg', 'variant'];

function partOf(key: unknown): QuestionPart {
  return key === 'label' || key === 'options' || key === 'logic' ? key : 'other';
}

/**
 * The draft checked by the shared schema (`formDefinitionSchema`, and `fieldsIssues` directly so
 * rule problems show even while a label is still missing — including a rule whose value the
 * controlling question can no longer give, its option renamed or removed).
 */
export function draftIssues(draft: BuilderDraft): DraftIssues {
  const fields = toFields(draft.questions);
  const issues: DraftIssues = { theme: {}, questions: {}, form: [], sentences: [] };

  const addToQuestion = (index: number, part: QuestionPart, message: string) => {
    const question = draft.questions[index];
    if (!question) return;
    const parts = (issues.questions[question.id] ??= {});
    parts[part] ??= message;
  };

  const parsed = formDefinitionSchema.safeParse({
    title: draft.title,
    description: draft.description,
    fields,
    theme: draft.theme,
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [area, index, key] = issue.path;
    if (area === 'title') issues.title ??= issue.message;
    else if (area === 'description') issues.description ??= issue.message;
    else if (area === 'theme' && THEME_KEYS.includes(index as keyof FormTheme))
      issues.theme[index as keyof FormTheme] ??= issue.message;
    else if (area === 'fields' && typeof index === 'number') addToQuestion(index, partOf(key), issue.message);
    else issues.form.push(issue.message);
  }
  for (const issue of fieldsIssues(fields)) {
    const [index, key] = issue.path;
    if (typeof index === 'number') addToQuestion(index, partOf(key), issue.message);
  }

  if (issues.title) issues.sentences.push(`Title: ${issues.title}`);
  if (issues.description) issues.sentences.push(`Description: ${issues.description}`);
  issues.sentences.push(...issues.form);
  draft.questions.forEach((q, index) => {
    const parts = issues.questions[q.id];
    if (!parts) return;
    for (const part of ['label', 'options', 'logic', 'other'] as const) {
      if (parts[part]) issues.sentences.push(`${questionName(q, index)}: ${parts[part]}`);
    }
  });
  for (const key of THEME_KEYS) if (issues.theme[key]) issues.sentences.push(`Theme: ${issues.theme[key]}`);
  return issues;
}
