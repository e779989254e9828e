import { useId } from 'react';
import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../../ui/Button';
import { Input, Select } from '../../../ui/Field';
import type { BuilderDraft, BuilderRule, DraftQuestion } from './builder-state';
import { BuilderSection } from './BuilderSection';
import { FieldLabel, Note } from './Note';
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
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {!kind.options.includes(value) && (
          <option value={value}>{value ? `${value} (no longer an option)` : 'Choose an answer'}</option>
        )}
        {kind.options.map((option) => (
          <option key={option} value={option}>
            {kind.kind === 'rating' ? `${option} ${option === '1' ? 'star' : 'stars'}` : option}
          </option>
        ))}
      </Select>
    );
  }
  return (
    <Input
      id={id}
      type={kind.kind === 'date' ? 'date' : 'text'}
      value={value}
      maxLength={200}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** One control of a rule, labelled "Rule 2: When" for assistive technology and "When" on screen. */
function RuleField({
  id,
  number,
  label,
  children,
}: {
  id: string;
  number: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <FieldLabel as="label" htmlFor={id}>
        <span className="sr-only">Rule {number}: </span>
        {label}
      </FieldLabel>
      {children}
    </div>
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
  return (
    <li className={styles.rule}>
      <div className={styles.fields}>
        <RuleField id={`${id}-when`} number={number} label="When">
          <Select
            id={`${id}-when`}
            value={rule.whenQuestionId}
            onChange={(e) => onEdit(rule, { ...rule, whenQuestionId: e.target.value })}
          >
            <QuestionOptions
              draft={draft}
              choices={ruleControllers(draft, rule.showQuestionId)}
              selected={rule.whenQuestionId}
            />
          </Select>
        </RuleField>
        <RuleField id={`${id}-equals`} number={number} label="equals">
          <RuleValue
            id={`${id}-equals`}
            controller={controller}
            value={rule.equals}
            onChange={(equals) => onEdit(rule, { ...rule, equals })}
          />
        </RuleField>
        <RuleField id={`${id}-show`} number={number} label="show">
          <Select
            id={`${id}-show`}
            value={rule.showQuestionId}
            onChange={(e) => onEdit(rule, { ...rule, showQuestionId: e.target.value })}
          >
            <QuestionOptions
              draft={draft}
              choices={ruleTargets(draft, rule.showQuestionId).filter((q) => q.id !== rule.whenQuestionId)}
              selected={rule.showQuestionId}
            />
          </Select>
        </RuleField>
        <IconButton
          className={styles.remove}
          label={`Remove the rule showing ${shownName}`}
          icon={Trash2}
          onClick={() => onRemove(rule)}
        />
      </div>
      {problem && <Note error>{problem}</Note>}
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
            <Note>No rules yet: every question is shown.</Note>
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
              {next === null && <Note>Every question that could be shown already has a rule.</Note>}
            </div>
          )}
        </>
      )}
    </BuilderSection>
  );
}
