import { useId, useMemo } from 'react';
import type { CSSProperties, JSX, ReactNode } from 'react';
import { Star } from 'lucide-react';
import clsx from 'clsx';
import {
  DEFAULT_FORM_TITLE,
  LONG_ANSWER_MAX,
  RATING_MAX,
  SHORT_ANSWER_MAX,
  ownValue,
  visibleQuestionIds,
} from '@portico/common';
import type { Answers, AnswerValue, FormDefinition, FormQuestion } from '@portico/common';
import { asList, asRating, asText, toggleOption } from './form-view-answers';
import { Button } from '../../ui/Button';
import { Input, Select } from '../../ui/Field';
import { formThemeVariables } from './form-view-theme';
import styles from './FormView.module.css';

export interface FormViewProps {
  form: Pick<FormDefinition, 'title' | 'description' | 'fields' | 'theme'>;
  /** Keyed by question id. */
  answers?: Answers;
  /** Absent → read-only preview. */
  onAnswer?: (questionId: string, value: AnswerValue | null) => void;
  /** By question id, shown under each question. */
  problems?: Record<string, string>;
  /** Renders the control of a file question (the fill page passes its uploader); preview shows a disabled picker. */
  renderFile?: (question: FormQuestion) => ReactNode;
  /** E.g. the submit button. */
  footer?: ReactNode;
  /** The heading level of the form's title: h1 where the form is the page, h2 (default) inside another page. */
  titleAs?: 'h1' | 'h2' | 'h3';
  /** How much room around the form: the fill page's, a panel's (default), or the builder's narrow preview. */
  density?: 'page' | 'panel' | 'compact';
}

const RATINGS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

interface QuestionProps {
  question: FormQuestion;
  value: Answers[string];
  /** Prefix of this question's element ids. */
  domId: string;
  problem: string | undefined;
  onAnswer: ((value: AnswerValue | null) => void) | undefined;
  renderFile: FormViewProps['renderFile'];
}

function RequiredMark({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <>
      <span className={styles.required} aria-hidden>
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

/** aria-describedby of a control: its hint, then its problem. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(' ') : undefined;
}

function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p className={styles.problem} id={id}>
      {problem}
    </p>
  );
}

/** A question answered in one control: a label above it. */
function SingleControl({
  question,
  domId,
  problem,
  children,
}: {
  question: FormQuestion;
  domId: string;
  problem: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.question} data-question-id={question.id}>
      <label className={styles.label} htmlFor={`${domId}-control`}>
        {question.label}
        <RequiredMark required={question.required} />
      </label>
      {children}
      <Problem id={`${domId}-problem`} problem={problem} />
    </div>
  );
}

/** A question answered in a group of controls: a fieldset named by its legend. */
function GroupControl({
  question,
  domId,
  problem,
  hint,
  children,
}: {
  question: FormQuestion;
  domId: string;
  problem: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={styles.question}
      data-question-id={question.id}
      aria-describedby={describedBy(hint !== undefined && `${domId}-hint`, problem !== undefined && `${domId}-problem`)}
      aria-invalid={problem ? true : undefined}
    >
      <legend className={styles.label}>
        {question.label}
        <RequiredMark required={question.required} />
      </legend>
      {hint && (
        <p className={styles.hint} id={`${domId}-hint`}>
          {hint}
        </p>
      )}
      {children}
      <Problem id={`${domId}-problem`} problem={problem} />
    </fieldset>
  );
}

function RatingStars({
  question,
  value,
  domId,
  onAnswer,
}: {
  question: FormQuestion;
  value: number | null;
  domId: string;
  onAnswer: QuestionProps['onAnswer'];
}) {
  return (
    <div className={styles.rating}>
      <div className={styles.stars}>
        {RATINGS.map((n) => (
          <label key={n} className={clsx(styles.star, value !== null && n <= value && styles.starOn)}>
            <input
              type="radio"
              className={styles.starInput}
              name={`${domId}-rating`}
              value={n}
              checked={value === n}
              onChange={() => onAnswer?.(n)}
            />
            <Star size={28} aria-hidden />
            <span className="sr-only">
              {n} of {RATING_MAX} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </div>
      {value !== null && !question.required && onAnswer && (
        <Button variant="link" className={styles.clear} onClick={() => onAnswer(null)}>
          Clear rating
        </Button>
      )}
    </div>
  );
}

function Question({ question, value, domId, problem, onAnswer, renderFile }: QuestionProps) {
  const controlId = `${domId}-control`;
  const problemId = problem ? `${domId}-problem` : undefined;
  const invalid = problem ? true : undefined;
  const text = (next: string) => onAnswer?.(next === '' ? null : next);

  switch (question.type) {
    case 'short':
      return (
        <SingleControl question={question} domId={domId} problem={problem}>
          <Input
            id={controlId}
            type="text"
            value={asText(value)}
            maxLength={SHORT_ANSWER_MAX}
            aria-required={question.required || undefined}
            aria-invalid={invalid}
            aria-describedby={problemId}
            onChange={(e) => text(e.target.value)}
          />
        </SingleControl>
      );
    case 'long':
      return (
        <SingleControl question={question} domId={domId} problem={problem}>
          <textarea
            id={controlId}
            className={styles.textarea}
            rows={4}
            value={asText(value)}
            maxLength={LONG_ANSWER_MAX}
            aria-required={question.required || undefined}
            aria-invalid={invalid}
            aria-describedby={problemId}
            onChange={(e) => text(e.target.value)}
          />
        </SingleControl>
      );
    case 'dropdown':
      return (
        <SingleControl question={question} domId={domId} problem={problem}>
          <Select
            id={controlId}
            value={asText(value)}
            aria-required={question.required || undefined}
            aria-invalid={invalid}
            aria-describedby={problemId}
            onChange={(e) => text(e.target.value)}
          >
            <option value="">Choose an option</option>
            {question.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </SingleControl>
      );
    case 'date':
      return (
        <SingleControl question={question} domId={domId} problem={problem}>
          <Input
            id={controlId}
            className={styles.date}
            type="date"
            value={asText(value)}
            aria-required={question.required || undefined}
            aria-invalid={invalid}
            aria-describedby={problemId}
            onChange={(e) => text(e.target.value)}
          />
        </SingleControl>
      );
    case 'choice':
      return (
        <GroupControl question={question} domId={domId} problem={problem}>
          <div className={styles.options}>
            {question.options.map((option) => (
              <label key={option} className={styles.option}>
                <input
                  type="radio"
                  name={`${domId}-choice`}
                  value={option}
                  checked={asText(value) === option}
                  onChange={() => onAnswer?.(option)}
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
        </GroupControl>
      );
    case 'multi': {
      const chosen = asList(value);
      return (
        <GroupControl question={question} domId={domId} problem={problem} hint="Choose all that apply.">
          <div className={styles.options}>
            {question.options.map((option) => (
              <label key={option} className={styles.option}>
                <input
                  type="checkbox"
                  value={option}
                  checked={chosen.includes(option)}
                  onChange={() => {
                    const next = toggleOption(chosen, option, question.options);
                    onAnswer?.(next.length > 0 ? next : null);
                  }}
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
        </GroupControl>
      );
    }
    case 'rating':
      return (
        <GroupControl
          question={question}
          domId={domId}
          problem={problem}
          hint={`Choose from 1 to ${RATING_MAX} stars.`}
        >
          <RatingStars question={question} value={asRating(value)} domId={domId} onAnswer={onAnswer} />
        </GroupControl>
      );
    case 'file':
      return (
        <GroupControl question={question} domId={domId} problem={problem}>
          {renderFile ? (
            renderFile(question)
          ) : (
            <Input type="file" className={styles.file} aria-label={question.label} disabled />
          )}
        </GroupControl>
      );
    default:
      // The schema normalises every known name; a form saved by something else must still render.
      return (
        <div className={styles.question} data-question-id={question.id}>
          <p className={styles.label}>{question.label}</p>
          <p className={styles.hint}>This question cannot be shown here.</p>
        </div>
      );
  }
}

/**
 * A form as the people filling it see it, with its theme: the fill page, the builder's live
 * preview and the management page's Preview tab all render through this one component.
 */
export function FormView({
  form,
  answers,
  onAnswer,
  problems,
  renderFile,
  footer,
  titleAs: Title = 'h2',
  density = 'panel',
}: FormViewProps): JSX.Element {
  const baseId = useId();
  const given = answers ?? {};
  const visible = useMemo(() => visibleQuestionIds(form.fields, answers ?? {}), [form.fields, answers]);
  const readOnly = onAnswer === undefined;
  const style = formThemeVariables(form.theme) as CSSProperties;
  return (
    <div
      className={clsx(
        styles.formView,
        density === 'page' && styles.pageSized,
        density === 'compact' && styles.compact,
        'brand-scope',
      )}
      style={style}
      data-readonly={readOnly || undefined}
    >
      <div className={styles.column}>
        <header className={clsx(styles.card, styles.header)}>
          <Title className={styles.title}>{form.title.trim() || DEFAULT_FORM_TITLE}</Title>
          {form.description.trim() && <p className={styles.description}>{form.description}</p>}
        </header>
        {/* A disabled fieldset makes the whole preview inert without restyling each control. */}
        <fieldset className={styles.questions} disabled={readOnly}>
          <legend className="sr-only">{readOnly ? 'Questions (preview)' : 'Questions'}</legend>
          {form.fields.map(
            (question, index) =>
              visible.has(question.id) && (
                <div key={question.id} className={styles.card}>
                  <Question
                    question={question}
                    // Question ids are any text (`constructor` too): only what was given for the question counts.
                    value={ownValue(given, question.id)}
                    domId={`${baseId}-q${index}`}
                    problem={problems && ownValue(problems, question.id)}
                    onAnswer={onAnswer && ((value) => onAnswer(question.id, value))}
                    renderFile={renderFile}
                  />
                </div>
              ),
          )}
          {form.fields.length === 0 && <p className={clsx(styles.card, styles.hint)}>No questions yet.</p>}
        </fieldset>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
