import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../../../ui/Button';
import type { BuilderDraft, BuilderRule, DraftQuestion } from './builder-state';
import { BuilderSection } from './BuilderSection';
import styles from './LogicSection.module.css';
import { newRule, questionName, ruleControllers, ruleTargets, ruleValueKind, rulesOf } from './builder-state';

/** `data-focus` key of the Add rule button, where focus goes after a rule is removed. */
export const ADD_RULE_FOCUS_KEY = 'builder-add-rule';

interface Props {
  draft: BuilderDraft;
  /** The logic problem of each question, by id (the rule is kept on the question it shows). */
  problems: ReadonlyMap<string, string>;
  onAdd: (rule: BuilderRule) => void;
  onEdit: (rule: BuilderRule, next: BuilderRule) => void;
  onRemove: (rule: BuilderRule) => void;
}

function nameOf(draft: BuilderDraft, question: DraftQuestion): string {
  return questionName(question, draft.questions.indexOf(question));
}

/** The question choices of a select, keeping a chosen id that is no longer offered so the select says so. */
function QuestionOptions({
  draft,
  choices,
  selected,
}: {
  draft: BuilderDraft;
  choices: DraftQuestion[];
  selected: string;
}) {
  return (
    <>
      {!choices.some((q) => q.id === selected) && <option value={selected}>(a question that is no longer here)</option>}
      {choices.map((q) => (
        <option key={q.id} value={q.id}>
          {nameOf(draft, q)}
        </option>
      ))}
    </>
  );
}

function RuleValue({
  id,
  controller,
  value,
  onChange,
}: {
  id: string;
  controller: DraftQuestion | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const kind = controller ? ruleValueKind(controller) : ({ kind: 'text' } as const);
  if (kind.kind === 'options' || kind.kind === 'rating') {
    return (
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
        {!kind.options.includes(value) && (
          <option value={value}>{value ? `${value} (no longer an option)` : 'Choose an answer'}</option>
        )}
        {kind.options.map((option) => (
          <option key={option} value={option}>
            {kind.kind === 'rating' ? `${option} ${option === '1' ? 'star' : 'stars'}` : option}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      id={id}
      className="input"
      type={kind.kind === 'date' ? 'date' : 'text'}
      value={value}
      maxLength={200}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function RuleRow({
  draft,
  rule,
  number,
  problem,
  onEdit,
  onRemove,
}: { draft: BuilderDraft; rule: BuilderRule; number: number; problem: string | undefined } & Pick<
  Props,
  'onEdit' | 'onRemove'
>) {
  const id = useId();
  const controller = draft.questions.find((q) => q.id === rule.whenQuestionId);
  const shown = draft.questions.find((q) => q.id === rule.showQuestionId);
  const shownName = shown ? nameOf(draft, shown) : 'a question';
  const rulePrefix = <span className="sr-only">Rule {number}: </span>;
  return (
    <li className={styles.rule}>
      <div className={styles.fields}>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-when`}>
            {rulePrefix}When
          </label>
          <select
            id={`${id}-when`}
            className="input select"
            value={rule.whenQuestionId}
            onChange={(e) => onEdit(rule, { ...rule, whenQuestionId: e.target.value })}
          >
            <QuestionOptions
              draft={draft}
              choices={ruleControllers(draft, rule.showQuestionId)}
              selected={rule.whenQuestionId}
            />
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-equals`}>
            {rulePrefix}equals
          </label>
          <RuleValue
            id={`${id}-equals`}
            controller={controller}
            value={rule.equals}
            onChange={(equals) => onEdit(rule, { ...rule, equals })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-show`}>
            {rulePrefix}show
          </label>
          <select
            id={`${id}-show`}
            className="input select"
            value={rule.showQuestionId}
            onChange={(e) => onEdit(rule, { ...rule, showQuestionId: e.target.value })}
          >
            <QuestionOptions
              draft={draft}
              choices={ruleTargets(draft, rule.showQuestionId).filter((q) => q.id !== rule.whenQuestionId)}
              selected={rule.showQuestionId}
            />
          </select>
        </div>
        <button
          type="button"
          className={clsx('icon-button', styles.remove)}
          aria-label={`Remove the rule showing ${shownName}`}
          onClick={() => onRemove(rule)}
        >
          <Trash2 size={16} aria-hidden />
        </button>
      </div>
      {problem && <p className="field-error">{problem}</p>}
    </li>
  );
}

/** "When [question] equals [answer] show [question]" rules; offered once the form has two questions. */
export function LogicSection({ draft, problems, onAdd, onEdit, onRemove }: Props) {
  const rules = rulesOf(draft);
  const next = newRule(draft);
  const offered = draft.questions.length > 1;
  return (
    <BuilderSection
      title="Conditional logic"
      description={
        offered
          ? 'Show a question only when another question has a given answer.'
          : 'Add at least two questions to show one depending on the answer to another.'
      }
    >
      {(offered || rules.length > 0) && (
        <>
          {rules.length > 0 ? (
            <ol className={styles.rules}>
              {rules.map((rule, index) => (
                <RuleRow
                  key={rule.showQuestionId}
                  draft={draft}
                  rule={rule}
                  number={index + 1}
                  problem={problems.get(rule.showQuestionId)}
                  onEdit={onEdit}
                  onRemove={onRemove}
                />
              ))}
            </ol>
          ) : (
            <p className="field-help">No rules yet: every question is shown.</p>
          )}
          {offered && (
            <div>
              <Button
                variant="secondary"
                size="sm"
                data-focus={ADD_RULE_FOCUS_KEY}
                disabled={next === null}
                onClick={() => next && onAdd(next)}
              >
                <Plus size={14} aria-hidden />
                Add rule
              </Button>
              {next === null && <p className="field-help">Every question that could be shown already has a rule.</p>}
            </div>
          )}
        </>
      )}
    </BuilderSection>
  );
}
