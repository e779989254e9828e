import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus } from 'lucide-react';
import clsx from 'clsx';
import { toast } from 'sonner';
import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  checkAnswers,
  formDescriptionSchema,
  formThemeSchema,
  formTitleSchema,
} from '@portico/common';
import type { Answers, FormDetail, FormStatus, FormTheme, QuestionType } from '@portico/common';
import { Badge } from '../../../ui/Badge';
import type { BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { FormActions } from '../../../ui/Form';
import { Page } from '../../../ui/Page';
import { Dialog } from '../../../ui/Dialog';
import { TextAreaField, TextField } from '../../../ui/Field';
import { registeredField } from '../../../lib/forms/registered-field';
import { useScope } from '../../../lib/scope/scope-context';
import { BackLink } from '../BackLink';
import { FormView } from '../FormView';
import { BuilderSection } from './BuilderSection';
import { FieldLabel, Note } from './Note';
import styles from './FormBuilder.module.css';
import { THEME_KEYS, draftIssues } from './builder-issues';
import type { BuilderDraft, BuilderRule, DraftQuestion } from './builder-state';
import {
  addQuestion,
  changeType,
  draftFromForm,
  duplicateQuestion,
  editRule,
  emptyDraft,
  moveQuestion,
  previewDefinition,
  questionName,
  removeQuestion,
  reorderQuestions,
  setRule,
  updateQuestion,
} from './builder-state';
import { ADD_RULE_FOCUS_KEY, LogicSection } from './LogicSection';
import { focusSoon, QuestionList, questionFocusKeys } from './QuestionList';
import { RolePicker } from './RolePicker';
import { saveStatus } from './save-status';
import type { SaveStatusTone } from './save-status';
import { ThemeSection } from './ThemeSection';
import { useBuilderSave } from './use-builder-save';
import type { SaveKind } from './use-builder-save';

/** How often "Last saved … ago" is brought up to date. */
const STATUS_TICK_MS = 5000;
const ADD_QUESTION_FOCUS_KEY = 'builder-add-question';

/**
 * The draft's check: the shared form schema's title, description and theme. The questions are
 * checked by `draftIssues` (it places each problem on its question and part), so here they pass as they are.
 */
const draftSchema = z.object({
  title: formTitleSchema,
  description: formDescriptionSchema,
  // The builder always holds every theme setting, so none takes the schema's default.
  theme: formThemeSchema.required(),
  questions: z.array(z.custom<DraftQuestion>()),
  assignedRoles: z.array(z.string()),
});

const SAVE_TONES: Record<SaveStatusTone, string | undefined> = {
  neutral: undefined,
  busy: styles.saveBusy,
  warning: styles.saveWarning,
  error: styles.saveError,
};

const STATUS_BADGES: Record<FormStatus, { tone: BadgeTone; label: string }> = {
  draft: { tone: 'gray', label: 'Draft' },
  published: { tone: 'green', label: 'Published' },
  archived: { tone: 'orange', label: 'Archived' },
};

/** What the builder keeps in the address's history entry so replacing `?edit=` after the first save keeps the editor. */
export interface BuilderLocationState {
  builderSession: string;
}

interface Props {
  tenantId: string;
  /** The form being edited; null for a new one. */
  form: FormDetail | null;
  /** Identifies this editing session across the address change of the first save. */
  session: string;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), STATUS_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Warns before leaving with edits that are not saved: closing the tab, and links inside the portal. */
function LeaveGuard({
  unsaved,
  canSave,
  save,
}: {
  unsaved: boolean;
  canSave: boolean;
  save: (kind: SaveKind) => Promise<boolean>;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only show the prompt when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  async function saveAndLeave() {
    setSaving(true);
    const saved = await save('auto');
    setSaving(false);
    if (blocker.state !== 'blocked') return;
    if (saved) blocker.proceed();
    else blocker.reset();
  }

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      title="Leave without saving?"
      description={
        canSave
          ? 'Your latest changes have not been saved yet.'
          : 'Your latest changes cannot be saved until the problems shown are fixed.'
      }
    >
      <FormActions>
        <Button variant="secondary" onClick={() => blocker.state === 'blocked' && blocker.reset()}>
          Stay
        </Button>
        <Button
          variant={canSave ? 'secondary' : 'danger'}
          onClick={() => blocker.state === 'blocked' && blocker.proceed()}
        >
          Leave without saving
        </Button>
        {canSave && (
          <Button loading={saving} onClick={() => void saveAndLeave()}>
            Save and leave
          </Button>
        )}
      </FormActions>
    </Dialog>
  );
}

/** The form builder: details, questions, logic, theme and roles on the left, the live form on the right. */
export function FormBuilder({ tenantId, form, session }: Props) {
  const navigate = useNavigate();
  const { tenantPath } = useScope();
  const previewHeadingId = useId();
  const statusId = useId();
  const [initialDraft] = useState(() => (form ? draftFromForm(form) : emptyDraft()));
  const builder = useForm<BuilderDraft, unknown, z.output<typeof draftSchema>>({
    defaultValues: initialDraft,
    resolver: zodResolver(draftSchema),
    mode: 'onChange',
  });
  const [title, description, questions, theme, assignedRoles] = useWatch({
    control: builder.control,
    name: ['title', 'description', 'questions', 'theme', 'assignedRoles'],
  });
  const draft = useMemo<BuilderDraft>(
    () => ({ title, description, questions, theme, assignedRoles }),
    [title, description, questions, theme, assignedRoles],
  );
  /** Counts edits: the autosave runs after the last, and a save records the revision it sent. */
  const [revision, setRevision] = useState(0);
  const edited = useMemo(() => ({ draft, revision }), [draft, revision]);
  const [addedId, setAddedId] = useState<string | null>(null);
  const [previewAnswers, setPreviewAnswers] = useState<Answers>({});
  const [previewProblems, setPreviewProblems] = useState<Record<string, string>>({});
  const [pressed, setPressed] = useState<SaveKind | null>(null);
  const now = useNow();
  const { trigger } = builder;
  // A loaded form shows what is wrong with its settings at once, as the questions' problems show.
  useEffect(() => {
    void trigger();
  }, [trigger]);
  const themeErrors = builder.formState.errors.theme;
  const themeProblems: Partial<Record<keyof FormTheme, string>> = Object.fromEntries(
    THEME_KEYS.flatMap((key) => {
      const message = themeErrors?.[key]?.message;
      return message ? [[key, message]] : [];
    }),
  );

  const issues = useMemo(() => draftIssues(draft), [draft]);
  const [firstIssue] = issues.sentences;
  const invalid =
    firstIssue === undefined
      ? null
      : issues.sentences.length > 1
        ? `${firstIssue} (and ${issues.sentences.length - 1} more)`
        : firstIssue;

  // The first save of a new form happens while the builder is open; once it has left, the address is someone else's.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const onCreated = useCallback(
    (created: FormDetail) => {
      if (!mounted.current) return;
      const state: BuilderLocationState = { builderSession: session };
      navigate(tenantPath(`/forms/new?edit=${encodeURIComponent(created.id)}`), { replace: true, state });
    },
    [navigate, tenantPath, session],
  );

  const saver = useBuilderSave({ tenantId, form, edited, invalid, onCreated });
  const status = saveStatus(
    { saving: saver.saving, dirty: saver.dirty, invalid, failed: saver.failed, savedAt: saver.savedAt },
    now,
  );
  const badge = STATUS_BADGES[saver.status];

  const bump = useCallback(() => setRevision((r) => r + 1), []);
  const { getValues, setValue } = builder;
  /** An edit of the questions, theme or roles (the typed title and description are registered fields). */
  const change = useCallback(
    (edit: (current: BuilderDraft) => BuilderDraft) => {
      const current = getValues();
      const next = edit(current);
      if (next.questions !== current.questions) setValue('questions', next.questions);
      if (next.theme !== current.theme) setValue('theme', next.theme, { shouldValidate: true });
      if (next.assignedRoles !== current.assignedRoles) setValue('assignedRoles', next.assignedRoles);
      bump();
    },
    [getValues, setValue, bump],
  );

  async function press(kind: SaveKind) {
    setPressed(kind);
    await saver.save(kind);
    setPressed(null);
  }

  function add(type: QuestionType) {
    const id = crypto.randomUUID();
    change((d) => addQuestion(d, type, id));
    setAddedId(id);
  }

  function remove(id: string) {
    const index = draft.questions.findIndex((q) => q.id === id);
    const question = draft.questions[index];
    if (!question) return;
    const name = questionName(question, index);
    const { removedRules } = removeQuestion(draft, id);
    change((d) => removeQuestion(d, id).draft);
    toast.success(`Deleted ${name}`);
    if (removedRules.length > 0) {
      const shown = removedRules.map((q) => questionName(q, draft.questions.indexOf(q))).join(', ');
      toast.info(
        `${removedRules.length === 1 ? 'A logic rule' : `${removedRules.length} logic rules`} depended on ${name} and ${removedRules.length === 1 ? 'was' : 'were'} removed: ${shown} now always shows.`,
      );
    }
    const neighbour = draft.questions[index + 1] ?? draft.questions[index - 1];
    focusSoon(neighbour ? questionFocusKeys.label(neighbour.id) : ADD_QUESTION_FOCUS_KEY);
  }

  function duplicate(id: string) {
    const copyId = crypto.randomUUID();
    change((d) => duplicateQuestion(d, id, copyId));
    setAddedId(copyId);
  }

  function move(id: string, delta: -1 | 1) {
    const to = draft.questions.findIndex((q) => q.id === id) + delta;
    change((d) => moveQuestion(d, id, delta));
    // At either end the button just used is disabled, so focus goes to the other one.
    const atEnd = to <= 0 || to >= draft.questions.length - 1;
    const sameDirection = delta < 0 ? questionFocusKeys.moveUp(id) : questionFocusKeys.moveDown(id);
    const otherDirection = delta < 0 ? questionFocusKeys.moveDown(id) : questionFocusKeys.moveUp(id);
    focusSoon(atEnd ? otherDirection : sameDirection);
  }

  function removeRule(rule: BuilderRule) {
    change((d) => setRule(d, rule.showQuestionId, null));
    focusSoon(ADD_RULE_FOCUS_KEY);
  }

  function tryPreview() {
    const check = checkAnswers(previewDefinition(draft).fields, previewAnswers);
    setPreviewProblems(check.problems);
    if (Object.keys(check.problems).length === 0)
      toast.success('Every answer passes. In the published form this would be sent.');
  }

  const ruleSummaries = useMemo(() => {
    const summaries = new Map<string, string>();
    for (const q of draft.questions) {
      if (!q.logic) continue;
      const index = draft.questions.findIndex((c) => c.id === q.logic?.whenQuestionId);
      const controller = draft.questions[index];
      if (!controller) continue;
      summaries.set(
        q.id,
        `Shown only when “${questionName(controller, index)}” ${controller.type === 'multi' ? 'includes' : 'is'} “${q.logic.equals}”.`,
      );
    }
    return summaries;
  }, [draft.questions]);
  const logicProblems = useMemo(() => {
    const problems = new Map<string, string>();
    for (const [id, parts] of Object.entries(issues.questions)) if (parts.logic) problems.set(id, parts.logic);
    return problems;
  }, [issues]);

  return (
    <Page width="wide">
      <header className={styles.header}>
        <div>
          <BackLink to={tenantPath('/forms')} />
          <div className={styles.heading}>
            <h1 className={styles.title}>{saver.formId ? 'Edit form' : 'New form'}</h1>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </div>
          <p id={statusId} className={clsx(styles.saveStatus, SAVE_TONES[status.tone])}>
            {status.text}
            {status.tone === 'error' && (
              <>
                {' '}
                <Button variant="link" onClick={() => void saver.save('auto')}>
                  Retry
                </Button>
              </>
            )}
          </p>
          {/* Announced once per change of state, not on every tick of the relative time (a failure is also a toast). */}
          <p className="sr-only" role="status">
            {status.tone === 'busy'
              ? 'Saving…'
              : status.tone === 'error'
                ? 'Not saved.'
                : saver.savedAt !== null && !saver.dirty
                  ? 'All changes saved.'
                  : ''}
          </p>
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            loading={pressed === 'draft'}
            disabled={invalid !== null || pressed !== null}
            aria-describedby={statusId}
            onClick={() => void press('draft')}
          >
            Save Draft
          </Button>
          <Button
            loading={pressed === 'publish'}
            disabled={invalid !== null || pressed !== null}
            aria-describedby={statusId}
            onClick={() => void press('publish')}
          >
            Publish
          </Button>
        </div>
      </header>

      <div className={styles.layout}>
        <div className={styles.main}>
          <BuilderSection label="Form details">
            <TextField
              label="Title"
              placeholder="Untitled Form"
              maxLength={200}
              {...registeredField(builder, 'title', { onChange: bump })}
            />
            <TextAreaField
              label="Description"
              rows={3}
              placeholder="What is this form for? Shown under the title."
              maxLength={5000}
              {...registeredField(builder, 'description', { onChange: bump })}
            />
          </BuilderSection>

          <BuilderSection
            title="Questions"
            description="Drag a question by its handle, or use the arrows, to change the order."
          >
            {draft.questions.length === 0 ? (
              <Note>No questions yet. Add the first one below.</Note>
            ) : (
              <QuestionList
                questions={draft.questions}
                issues={issues.questions}
                ruleSummaries={ruleSummaries}
                addedId={addedId}
                onLabel={(id, label) => change((d) => updateQuestion(d, id, { label }))}
                onRequired={(id, required) => change((d) => updateQuestion(d, id, { required }))}
                onOptions={(id, optionsText) => change((d) => updateQuestion(d, id, { optionsText }))}
                onType={(id, type) => change((d) => changeType(d, id, type))}
                onMove={move}
                onReorder={(activeId, overId) => change((d) => reorderQuestions(d, activeId, overId))}
                onDuplicate={duplicate}
                onDelete={remove}
              />
            )}
            {issues.form.map((message) => (
              <Note key={message} error>
                {message}
              </Note>
            ))}
            <div className={styles.add} role="group" aria-labelledby="builder-add-label">
              <FieldLabel id="builder-add-label">Add a question</FieldLabel>
              <div className={styles.addButtons}>
                {QUESTION_TYPES.map((type, index) => (
                  <Button
                    key={type}
                    variant="secondary"
                    size="sm"
                    data-focus={index === 0 ? ADD_QUESTION_FOCUS_KEY : undefined}
                    onClick={() => add(type)}
                  >
                    <Plus size={14} aria-hidden />
                    {QUESTION_TYPE_LABELS[type]}
                  </Button>
                ))}
              </div>
            </div>
          </BuilderSection>

          <LogicSection
            draft={draft}
            problems={logicProblems}
            onAdd={(rule) => change((d) => setRule(d, rule.showQuestionId, rule))}
            onEdit={(rule, next) => change((d) => editRule(d, rule, next))}
            onRemove={removeRule}
          />

          <ThemeSection
            theme={draft.theme}
            problems={themeProblems}
            onChange={(patch) => change((d) => ({ ...d, theme: { ...d.theme, ...patch } }))}
          />

          <RolePicker
            tenantId={tenantId}
            selected={draft.assignedRoles}
            onChange={(assignedRoles) => change((d) => ({ ...d, assignedRoles }))}
          />
        </div>

        <aside className={styles.preview} aria-labelledby={previewHeadingId}>
          <div className={styles.previewHeader}>
            <h2 className={styles.previewTitle} id={previewHeadingId}>
              Live preview
            </h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={Object.keys(previewAnswers).length === 0 && Object.keys(previewProblems).length === 0}
              onClick={() => {
                setPreviewAnswers({});
                setPreviewProblems({});
              }}
            >
              Clear answers
            </Button>
          </div>
          <Note>Try it: answers here show the conditional questions and are never sent.</Note>
          <FormView
            form={previewDefinition(draft)}
            titleAs="h3"
            density="compact"
            answers={previewAnswers}
            problems={previewProblems}
            onAnswer={(questionId, value) => {
              setPreviewAnswers((current) => ({ ...current, [questionId]: value }));
              setPreviewProblems(({ [questionId]: _answered, ...rest }) => rest);
            }}
            footer={
              <Button type="button" onClick={tryPreview}>
                Submit
              </Button>
            }
          />
        </aside>
      </div>

      <LeaveGuard unsaved={saver.dirty || saver.saving} canSave={invalid === null} save={saver.save} />
    </Page>
  );
}
