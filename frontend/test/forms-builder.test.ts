import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, FORM_MESSAGES } from '@portico/common';
import type { FormDetail } from '@portico/common';
import { draftIssues } from '../src/features/forms/builder/builder-issues';
import {
  addQuestion,
  changeType,
  draftFromForm,
  draftQuestion,
  duplicateQuestion,
  editRule,
  emptyDraft,
  moveQuestion,
  newRule,
  questionName,
  removeQuestion,
  reorderQuestions,
  ruleValueKind,
  rulesOf,
  setRule,
  toFields,
  toFormInput,
  updateQuestion,
} from '../src/features/forms/builder/builder-state';
import type { BuilderDraft, DraftQuestion } from '../src/features/forms/builder/builder-state';
import { saveStatus, savedAgo } from '../src/features/forms/builder/save-status';

function q(id: string, patch: Partial<DraftQuestion> = {}): DraftQuestion {
  return { id, type: 'short', label: `Label ${id}`, required: false, optionsText: '', logic: null, ...patch };
}

function draftOf(questions: DraftQuestion[]): BuilderDraft {
  return { ...emptyDraft(), questions };
}

const ids = (draft: BuilderDraft) => draft.questions.map((x) => x.id);

describe('options typed as text', () => {
  it('splits on commas, trims, drops empties and repeats when saving', () => {
    const [field] = toFields([q('a', { type: 'choice', optionsText: ' Red, ,Green ,, Red,Blue ' })]);
    expect(field?.options).toEqual(['Red', 'Green', 'Blue']);
  });

  it('round-trips a saved form: options shown joined, saved split', () => {
    const form = {
      title: 'Survey',
      description: '',
      fields: [{ id: 'a', type: 'multi', label: 'Colours', required: true, options: ['Red', 'Green'], logic: null }],
      theme: { ...DEFAULT_THEME },
      assigned_roles: ['role2'],
    } satisfies Pick<FormDetail, 'title' | 'description' | 'fields' | 'theme' | 'assigned_roles'>;
    const draft = draftFromForm(form);
    expect(draft.questions[0]?.optionsText).toBe('Red, Green');
    expect(toFields(draft.questions)).toEqual(form.fields);
    expect(draft.assignedRoles).toEqual(['role2']);
  });

  it('keeps no options on questions that do not take them', () => {
    expect(toFields([q('a', { type: 'short', optionsText: 'leftover' })])[0]?.options).toEqual([]);
  });
});

describe('questions', () => {
  it('starts a choice question with Option 1 and a text question without options', () => {
    expect(draftQuestion('choice', 'x')).toEqual({
      id: 'x',
      type: 'choice',
      label: '',
      required: false,
      optionsText: 'Option 1',
      logic: null,
    });
    expect(draftQuestion('short', 'y').optionsText).toBe('');
  });

  it('adds at the end and edits label, required and options', () => {
    let draft = addQuestion(draftOf([q('a')]), 'dropdown', 'b');
    draft = updateQuestion(draft, 'b', { label: 'Pick', required: true, optionsText: 'One, Two' });
    expect(draft.questions[1]).toMatchObject({
      id: 'b',
      type: 'dropdown',
      label: 'Pick',
      required: true,
      optionsText: 'One, Two',
    });
  });

  it('gives an option question Option 1 when its type changes and it has none', () => {
    const draft = changeType(draftOf([q('a', { label: 'Kept', required: true })]), 'a', 'choice');
    expect(draft.questions[0]).toMatchObject({
      type: 'choice',
      optionsText: 'Option 1',
      label: 'Kept',
      required: true,
    });
    const typed = changeType(draftOf([q('a', { type: 'choice', optionsText: 'Yes, No' })]), 'a', 'dropdown');
    expect(typed.questions[0]?.optionsText).toBe('Yes, No');
  });

  it('duplicates right below with a new id, a (copy) label and the same rule', () => {
    const rule = { whenQuestionId: 'a', equals: 'x' };
    const draft = duplicateQuestion(draftOf([q('a'), q('b', { logic: rule }), q('c')]), 'b', 'b2');
    expect(ids(draft)).toEqual(['a', 'b', 'b2', 'c']);
    expect(draft.questions[2]).toMatchObject({ label: 'Label b (copy)', logic: rule });
    expect(draft.questions[2]?.logic).not.toBe(draft.questions[1]?.logic);
  });

  it('deleting a question removes the rules that depended on it and says which', () => {
    const draft = draftOf([
      q('a'),
      q('b', { logic: { whenQuestionId: 'a', equals: 'x' } }),
      q('c', { logic: { whenQuestionId: 'b', equals: 'y' } }),
    ]);
    const { draft: next, removedRules } = removeQuestion(draft, 'a');
    expect(ids(next)).toEqual(['b', 'c']);
    expect(next.questions[0]?.logic).toBeNull();
    expect(next.questions[1]?.logic).toEqual({ whenQuestionId: 'b', equals: 'y' });
    expect(removedRules.map((x) => x.id)).toEqual(['b']);
  });

  it('moves one place up or down, not past the ends, and reorders on a drop', () => {
    const draft = draftOf([q('a'), q('b'), q('c')]);
    expect(ids(moveQuestion(draft, 'b', -1))).toEqual(['b', 'a', 'c']);
    expect(ids(moveQuestion(draft, 'b', 1))).toEqual(['a', 'c', 'b']);
    expect(moveQuestion(draft, 'a', -1)).toBe(draft);
    expect(moveQuestion(draft, 'c', 1)).toBe(draft);
    expect(ids(reorderQuestions(draft, 'a', 'c'))).toEqual(['b', 'c', 'a']);
    expect(ids(reorderQuestions(draft, 'c', 'a'))).toEqual(['c', 'a', 'b']);
  });

  it('names a question by its label, or its number while the label is empty', () => {
    expect(questionName({ label: '  ' }, 2)).toBe('Question 3');
    expect(questionName({ label: 'Email' }, 0)).toBe('Email');
  });
});

describe('conditional logic rules', () => {
  it('offers options, 1–5 or free text for the value depending on the controlling question', () => {
    expect(ruleValueKind({ type: 'choice', optionsText: 'Yes, No' })).toEqual({
      kind: 'options',
      options: ['Yes', 'No'],
    });
    expect(ruleValueKind({ type: 'rating', optionsText: '' })).toEqual({
      kind: 'rating',
      options: ['1', '2', '3', '4', '5'],
    });
    expect(ruleValueKind({ type: 'date', optionsText: '' })).toEqual({ kind: 'date' });
    expect(ruleValueKind({ type: 'long', optionsText: '' })).toEqual({ kind: 'text' });
  });

  it('starts a new rule on the last question without one, controlled by an earlier question', () => {
    const draft = draftOf([q('a', { type: 'choice', optionsText: 'Yes, No' }), q('b'), q('c')]);
    expect(newRule(draft)).toEqual({ showQuestionId: 'c', whenQuestionId: 'a', equals: 'Yes' });
    const withRule = setRule(draft, 'c', { whenQuestionId: 'a', equals: 'No' });
    expect(rulesOf(withRule)).toEqual([{ showQuestionId: 'c', whenQuestionId: 'a', equals: 'No' }]);
    expect(newRule(withRule)?.showQuestionId).toBe('b');
  });

  it('has no new rule once every question has one, and never lets a file answer control one', () => {
    const rule = { whenQuestionId: 'c', equals: 'x' };
    const draft = draftOf([
      q('a', { logic: rule }),
      q('b', { logic: rule }),
      q('c', { logic: { whenQuestionId: 'b', equals: 'y' } }),
    ]);
    expect(newRule(draft)).toBeNull();
    expect(newRule(draftOf([q('a', { type: 'file' }), q('b', { type: 'file' })]))).toBeNull();
  });

  it('resets the value when the controlling question changes and moves the rule when the shown one does', () => {
    const draft = draftOf([
      q('a', { type: 'rating' }),
      q('b', { type: 'dropdown', optionsText: 'Hi, Lo' }),
      q('c', { logic: { whenQuestionId: 'a', equals: '4' } }),
    ]);
    const [rule] = rulesOf(draft);
    const switched = editRule(draft, rule!, { ...rule!, whenQuestionId: 'b' });
    expect(switched.questions[2]?.logic).toEqual({ whenQuestionId: 'b', equals: 'Hi' });
    const moved = editRule(draft, rule!, { ...rule!, showQuestionId: 'b' });
    expect(moved.questions[2]?.logic).toBeNull();
    expect(moved.questions[1]?.logic).toEqual({ whenQuestionId: 'a', equals: '4' });
  });

  it('saves the rule on the question it shows', () => {
    const [, field] = toFields(draftOf([q('a'), q('b', { logic: { whenQuestionId: 'a', equals: 'yes' } })]).questions);
    expect(field?.logic).toEqual({ whenQuestionId: 'a', equals: 'yes', showQuestionId: 'b' });
  });
});

describe('draftIssues', () => {
  it('has nothing to say about a valid draft, nor about an empty title (it becomes Untitled Form)', () => {
    const draft = {
      ...draftOf([
        q('a', { type: 'choice', optionsText: 'Yes, No' }),
        q('b', { logic: { whenQuestionId: 'a', equals: 'Yes' } }),
      ]),
      title: '',
    };
    expect(draftIssues(draft).sentences).toEqual([]);
  });

  it('puts the schema sentence next to the question: label, options', () => {
    const issues = draftIssues(draftOf([q('a', { label: ' ' }), q('b', { type: 'choice', optionsText: ' , ' })]));
    expect(issues.questions.a?.label).toBe(FORM_MESSAGES.labelRequired);
    expect(issues.questions.b?.options).toBe(FORM_MESSAGES.optionsRequired);
    expect(issues.sentences).toEqual([
      `Question 1: ${FORM_MESSAGES.labelRequired}`,
      `Label b: ${FORM_MESSAGES.optionsRequired}`,
    ]);
  });

  it('refuses a rule pointing at a missing question, at itself, or forming a loop', () => {
    expect(
      draftIssues(draftOf([q('a'), q('b', { logic: { whenQuestionId: 'gone', equals: 'x' } })])).questions.b?.logic,
    ).toBe(FORM_MESSAGES.logicMissing);
    expect(
      draftIssues(draftOf([q('a'), q('b', { logic: { whenQuestionId: 'b', equals: 'x' } })])).questions.b?.logic,
    ).toBe(FORM_MESSAGES.logicSelf);
    const loop = draftIssues(
      draftOf([
        q('a', { logic: { whenQuestionId: 'b', equals: 'x' } }),
        q('b', { logic: { whenQuestionId: 'a', equals: 'y' } }),
      ]),
    );
    expect(Object.values(loop.questions).map((parts) => parts.logic)).toContain(FORM_MESSAGES.logicLoop);
    expect(loop.sentences.length).toBeGreaterThan(0);
  });

  it('reports rule problems even while a label is still missing', () => {
    const issues = draftIssues(
      draftOf([q('a', { label: '' }), q('b', { logic: { whenQuestionId: 'gone', equals: 'x' } })]),
    );
    expect(issues.questions.a?.label).toBe(FORM_MESSAGES.labelRequired);
    expect(issues.questions.b?.logic).toBe(FORM_MESSAGES.logicMissing);
  });

  it('refuses a rule on a one-question form and a rule without a value', () => {
    expect(draftIssues(draftOf([q('a', { logic: { whenQuestionId: 'x', equals: 'y' } })])).questions.a?.logic).toBe(
      FORM_MESSAGES.logicSingle,
    );
    expect(
      draftIssues(draftOf([q('a'), q('b', { logic: { whenQuestionId: 'a', equals: ' ' } })])).questions.b?.logic,
    ).toBe(FORM_MESSAGES.logicValue);
  });

  it('refuses a rule whose value the controlling question can no longer give', () => {
    const draft = draftOf([
      q('a', { type: 'choice', optionsText: 'Yes, No' }),
      q('b', { logic: { whenQuestionId: 'a', equals: 'Maybe' } }),
    ]);
    expect(draftIssues(draft).questions.b?.logic).toBe(FORM_MESSAGES.logicValue);
    const rating = draftOf([q('a', { type: 'rating' }), q('b', { logic: { whenQuestionId: 'a', equals: '6' } })]);
    expect(draftIssues(rating).questions.b?.logic).toBe(FORM_MESSAGES.logicValue);
  });

  it('puts theme problems next to the colour', () => {
    const issues = draftIssues({ ...emptyDraft(), theme: { ...DEFAULT_THEME, primary: '#12' } });
    expect(issues.theme.primary).toMatch(/primary colour must be a hex colour/);
    expect(issues.sentences[0]).toMatch(/^Theme: /);
  });
});

describe('toFormInput', () => {
  it('sends the whole definition and roles, and a status only for Save Draft or Publish', () => {
    const draft = { ...draftOf([q('a')]), title: 'T', description: 'D', assignedRoles: ['role1'] };
    const auto = toFormInput(draft);
    expect(auto).toEqual({
      title: 'T',
      description: 'D',
      fields: toFields(draft.questions),
      theme: draft.theme,
      assigned_roles: ['role1'],
    });
    expect('status' in auto).toBe(false);
    expect(toFormInput(draft, 'published').status).toBe('published');
  });
});

describe('save status', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  const base = { saving: false, dirty: false, invalid: null, failed: null, savedAt: null };

  it('reads just now, then seconds, then the relative age', () => {
    expect(savedAgo(now - 2000, now)).toBe('just now');
    expect(savedAgo(now - 5000, now)).toBe('5 seconds ago');
    expect(savedAgo(now - 59_000, now)).toBe('59 seconds ago');
    expect(savedAgo(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(savedAgo(now + 3000, now)).toBe('just now');
  });

  it("says 'Saving…' then 'Last saved … ago'", () => {
    expect(saveStatus({ ...base, saving: true, dirty: true }, now)).toEqual({ text: 'Saving…', tone: 'busy' });
    expect(saveStatus({ ...base, savedAt: now - 10_000 }, now)).toEqual({
      text: 'Last saved 10 seconds ago',
      tone: 'neutral',
    });
  });

  it('says why it cannot save, and that a save failed with the server sentence', () => {
    expect(saveStatus({ ...base, dirty: true, invalid: 'Question 1: Every question needs a label.' }, now).text).toBe(
      'Not saved: Question 1: Every question needs a label.',
    );
    expect(
      saveStatus(
        { ...base, dirty: true, failed: 'Assign the form to role keys of this workspace.', savedAt: now },
        now,
      ),
    ).toEqual({
      text: 'Failed to save: Assign the form to role keys of this workspace.',
      tone: 'error',
    });
  });

  it('tells a new form apart from one with edits waiting', () => {
    expect(saveStatus(base, now).text).toBe('Not saved yet');
    expect(saveStatus({ ...base, dirty: true }, now).text).toBe('Unsaved changes');
  });
});
