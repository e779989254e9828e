import { useId } from 'react';
import type { CSSProperties } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, Copy, GripVertical, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { QUESTION_TYPE_LABELS, QUESTION_TYPES } from '@portico/common';
import type { QuestionType } from '@portico/common';
import { IconButton } from '../../../ui/Button';
import { CheckboxField, SelectField, TextField } from '../../../ui/Field';
import type { QuestionPart } from './builder-issues';
import type { DraftQuestion } from './builder-state';
import { hasOptions, questionName } from './builder-state';
import { Note } from './Note';
import styles from './QuestionList.module.css';

export interface QuestionActions {
  onLabel: (id: string, label: string) => void;
  onRequired: (id: string, required: boolean) => void;
  onOptions: (id: string, optionsText: string) => void;
  onType: (id: string, type: QuestionType) => void;
  onMove: (id: string, delta: -1 | 1) => void;
  onReorder: (activeId: string, overId: string) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
}

/** `data-focus` keys of the controls the builder moves focus to after a move, a copy or a delete. */
export const questionFocusKeys = {
  label: (id: string) => `question-${id}-label`,
  moveUp: (id: string) => `question-${id}-up`,
  moveDown: (id: string) => `question-${id}-down`,
};

/** Focuses the control with this `data-focus` key once React has put it on the page. */
export function focusSoon(key: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-focus="${window.CSS.escape(key)}"]`)?.focus());
}

interface CardProps extends QuestionActions {
  question: DraftQuestion;
  index: number;
  count: number;
  issues: Partial<Record<QuestionPart, string>> | undefined;
  /** What the question's rule says, when it has one. */
  ruleSummary: string | null;
  autoFocus: boolean;
}

function QuestionCard({ question, index, count, issues, ruleSummary, autoFocus, ...actions }: CardProps) {
  const headingId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: question.id,
  });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  const name = questionName(question, index);
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={clsx(styles.question, isDragging && styles.dragging)}
      aria-labelledby={headingId}
    >
      <div className={styles.head}>
        <IconButton
          ref={setActivatorNodeRef}
          className={styles.drag}
          label={`Drag to reorder ${name}`}
          icon={GripVertical}
          {...attributes}
          {...listeners}
        />
        <h3 className={styles.title} id={headingId}>
          <span>Question {index + 1}</span>
          <span className={styles.type}>{QUESTION_TYPE_LABELS[question.type]}</span>
        </h3>
        <div className={styles.actions}>
          <IconButton
            data-focus={questionFocusKeys.moveUp(question.id)}
            label={`Move ${name} up`}
            icon={ArrowUp}
            disabled={index === 0}
            onClick={() => actions.onMove(question.id, -1)}
          />
          <IconButton
            data-focus={questionFocusKeys.moveDown(question.id)}
            label={`Move ${name} down`}
            icon={ArrowDown}
            disabled={index === count - 1}
            onClick={() => actions.onMove(question.id, 1)}
          />
          <IconButton label={`Duplicate ${name}`} icon={Copy} onClick={() => actions.onDuplicate(question.id)} />
          <IconButton
            className={styles.delete}
            label={`Delete ${name}`}
            icon={Trash2}
            onClick={() => actions.onDelete(question.id)}
          />
        </div>
      </div>
      <div className={styles.body}>
        <TextField
          data-focus={questionFocusKeys.label(question.id)}
          label="Question"
          placeholder="What would you like to ask?"
          value={question.label}
          maxLength={500}
          error={issues?.label}
          // A question just added takes focus so its label can be typed at once.
          autoFocus={autoFocus}
          onChange={(e) => actions.onLabel(question.id, e.target.value)}
        />
        <div className={styles.row}>
          <SelectField
            label="Type"
            value={question.type}
            onChange={(e) => actions.onType(question.id, e.target.value as QuestionType)}
          >
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {QUESTION_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            className={styles.required}
            label="Required"
            checked={question.required}
            onChange={(e) => actions.onRequired(question.id, e.target.checked)}
          />
        </div>
        {hasOptions(question.type) && (
          <TextField
            label="Options"
            help="Separate options with commas, e.g. Red, Green, Blue."
            value={question.optionsText}
            error={issues?.options}
            onChange={(e) => actions.onOptions(question.id, e.target.value)}
          />
        )}
        {ruleSummary && !issues?.logic && <Note>{ruleSummary}</Note>}
        {issues?.logic && <Note error>Logic: {issues.logic}</Note>}
        {issues?.other && <Note error>{issues.other}</Note>}
      </div>
    </li>
  );
}

interface ListProps extends QuestionActions {
  questions: DraftQuestion[];
  issues: Record<string, Partial<Record<QuestionPart, string>>>;
  ruleSummaries: ReadonlyMap<string, string>;
  /** The question added last, which takes focus when it appears. */
  addedId: string | null;
}

/** The questions in order: drag by the handle (mouse, touch or keyboard) or use the arrow buttons. */
export function QuestionList({ questions, issues, ruleSummaries, addedId, ...actions }: ListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = questions.map((q) => q.id);
  const nameOf = (id: UniqueIdentifier) => {
    const index = ids.indexOf(String(id));
    const question = questions[index];
    return question ? questionName(question, index) : 'the question';
  };
  const position = (id: UniqueIdentifier | undefined) =>
    id === undefined ? '' : ` position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  // dnd-kit's default announcements read out element ids (UUIDs here); these name the questions.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over${position(over.id)}.` : `${nameOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at${position(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) actions.onReorder(String(active.id), String(over.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={styles.questions}>
          {questions.map((question, index) => (
            <QuestionCard
              key={question.id}
              question={question}
              index={index}
              count={questions.length}
              issues={issues[question.id]}
              ruleSummary={ruleSummaries.get(question.id) ?? null}
              autoFocus={question.id === addedId}
              {...actions}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
