import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CircleCheck, FileQuestion, Lock } from 'lucide-react';
import { toast } from 'sonner';
import { FORM_MESSAGES, ownValue } from '@portico/common';
import type { AnswerValue, FormDetail, FormQuestion, ResponseFile } from '@portico/common';
import { useFormDetail, useSubmitResponse } from '../api/forms';
import { Alert } from '../../../ui/Alert';
import { Button, buttonClassName } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { FormActions } from '../../../ui/Form';
import { Page } from '../../../ui/Page';
import { ChooseTenant } from '../../../ui/ChooseTenant';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { useScope } from '../../../lib/scope/scope-context';
import { useAbilities } from '../../../lib/scope/use-abilities';
import { useSession } from '../../../lib/session/session-context';
import { FormView } from '../FormView';
import { FileAnswer } from './FileAnswer';
import styles from './FormFillPage.module.css';
import {
  answerKey,
  answersById,
  answersResolver,
  dashboardPath,
  firstProblemId,
  loadOutcome,
  problemsById,
  submissionProblems,
  unpublishedNote,
} from './fill-flow';
import type { CheckedAnswers, FillValues } from './fill-flow';

const FOCUSABLE =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)';
/** The type of the refusal (the form's root error) that is about marked questions. */
const REFUSED_QUESTIONS = 'questions';

interface FillProps {
  tenantId: string;
  form: FormDetail;
  builder: boolean;
  /** The signed-in person's dashboard, with the workspace in the address. */
  dashboard: string;
}

function FillForm({ tenantId, form, builder, dashboard }: FillProps) {
  const submit = useSubmitResponse(tenantId, form.id);
  const container = useRef<HTMLFormElement>(null);
  const fill = useForm<FillValues, unknown, CheckedAnswers>({
    defaultValues: { answers: {} },
    resolver: answersResolver(form.fields),
    // Focus goes to the first question with a problem in form order, scrolled into view (focusQuestion).
    shouldFocusError: false,
  });
  const values = useWatch({ control: fill.control, name: 'answers' });
  const { errors } = fill.formState;
  const answers = useMemo(() => answersById(form.fields, values), [form.fields, values]);
  const problems = problemsById(form.fields, errors.answers);
  // A refusal about marked questions goes once they are all answered; another stays until the next submit.
  const refusal = errors.root;
  const refusalShown =
    refusal !== undefined && (refusal.type !== REFUSED_QUESTIONS || Object.keys(errors.answers ?? {}).length > 0);
  const [files, setFiles] = useState<Record<string, ResponseFile>>({});
  const [uploads, setUploads] = useState(0);
  const [done, setDone] = useState(false);
  const note = builder ? unpublishedNote(form.status) : null;
  const accepting = form.status === 'published';

  function answer(questionId: string, value: AnswerValue | null) {
    const name = `answers.${answerKey(questionId)}` as const;
    fill.setValue(name, value);
    fill.clearErrors(name);
  }

  function focusQuestion(questionId: string | null) {
    if (!questionId) return;
    requestAnimationFrame(() => {
      const question = [...(container.current?.querySelectorAll<HTMLElement>('[data-question-id]') ?? [])].find(
        (el) => el.dataset.questionId === questionId,
      );
      const control = question?.querySelector<HTMLElement>(FOCUSABLE);
      question?.scrollIntoView({
        block: 'center',
        behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
      });
      control?.focus({ preventScroll: true });
    });
  }

  function refuse(found: Record<string, string>, message: string) {
    fill.setError('root', { type: REFUSED_QUESTIONS, message });
    focusQuestion(firstProblemId(form.fields, found));
  }

  function send({ answers: checked }: CheckedAnswers) {
    submit.mutate(
      { answers: checked, version: form.version },
      {
        onSuccess: () => {
          toast.success(FORM_MESSAGES.submitted);
          setDone(true);
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to submit the form');
          const found = submissionProblems(err);
          if (found) {
            for (const [id, problem] of Object.entries(found))
              fill.setError(`answers.${answerKey(id)}`, { type: 'server', message: problem });
            refuse(found, message);
          } else {
            fill.setError('root', { type: 'server', message });
            toast.error(message);
          }
        },
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!accepting || uploads > 0 || submit.isPending) return;
    void fill.handleSubmit(send, (found) =>
      refuse(problemsById(form.fields, found.answers), 'Please answer the questions marked below.'),
    )(event);
  }

  function startOver() {
    fill.reset();
    setFiles({});
    setDone(false);
  }
  if (done) {
    return (
      <Card className={styles.done} aria-labelledby="form-fill-done-title">
        <CircleCheck size={32} aria-hidden className={styles.doneIcon} />
        <h1 className={styles.doneTitle} id="form-fill-done-title">
          {FORM_MESSAGES.submitted}
        </h1>
        <p>Thank you. Your answers to “{form.title}” were sent.</p>
        <FormActions>
          <Button variant="secondary" onClick={startOver}>
            Submit another response
          </Button>
          <Link className={buttonClassName()} to={dashboard}>
            Back to dashboard
          </Link>
        </FormActions>
      </Card>
    );
  }

  const renderFile = (question: FormQuestion) => (
    <FileAnswer
      tenantId={tenantId}
      formId={form.id}
      question={question}
      file={ownValue(files, question.id) ?? null}
      disabled={submit.isPending}
      onBusy={(busy) => setUploads((count) => count + (busy ? 1 : -1))}
      onUploaded={(file) => {
        setFiles(({ [question.id]: _previous, ...rest }) => (file ? { ...rest, [question.id]: file } : rest));
        answer(question.id, file ? file.id : null);
      }}
    />
  );

  return (
    <>
      {note && <Alert tone="info">{note}</Alert>}
      {form.submitted && <Alert tone="info">You have already submitted this form.</Alert>}
      <form ref={container} noValidate onSubmit={onSubmit}>
        <FormView
          form={form}
          titleAs="h1"
          density="page"
          answers={answers}
          onAnswer={answer}
          problems={problems}
          renderFile={renderFile}
          footer={
            <div className={styles.footer}>
              {refusalShown && <Alert tone="error">{refusal.message}</Alert>}
              <Button
                type="submit"
                className={styles.submit}
                loading={submit.isPending}
                disabled={!accepting || uploads > 0}
              >
                Submit
              </Button>
              {uploads > 0 && <p className={styles.waiting}>Waiting for the upload to finish…</p>}
            </div>
          }
        />
      </form>
    </>
  );
}

function FillSkeleton() {
  return (
    <div className={styles.loading} role="status" aria-label="Loading the form">
      <Skeleton height={96} />
      <Skeleton height={88} />
      <Skeleton height={88} />
      <Skeleton height={88} />
    </div>
  );
}

function FormFill({ tenantId, id }: { tenantId: string; id: string }) {
  const navigate = useNavigate();
  const { roleKind, tenantPath } = useScope();
  const { isSuperAdmin } = useSession();
  // Builders edit forms and may open drafts.
  const { build_forms: builder } = useAbilities();
  const detail = useFormDetail(tenantId, id);
  // A failed background refetch keeps the form on screen; only a form never read is an error.
  const outcome = detail.isError && !detail.data ? loadOutcome(detail.error, builder) : null;

  const sendBack = outcome?.kind === 'backToForms' ? outcome.message : null;
  useEffect(() => {
    if (sendBack === null) return;
    toast.error(sendBack);
    navigate(tenantPath('/forms'), { replace: true });
  }, [sendBack, navigate, tenantPath]);

  const dashboard = tenantPath(dashboardPath(roleKind, isSuperAdmin));
  if (outcome?.kind === 'noAccess' || outcome?.kind === 'notFound') {
    return (
      <>
        <h1 className="sr-only">Form</h1>
        <EmptyState icon={outcome.kind === 'noAccess' ? Lock : FileQuestion} message={outcome.message}>
          <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={dashboard}>
            Back to dashboard
          </Link>
        </EmptyState>
      </>
    );
  }
  if (outcome?.kind === 'retry') {
    return (
      <>
        <h1 className="sr-only">Form</h1>
        <ErrorState message={outcome.message} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      </>
    );
  }
  if (!detail.data) return <FillSkeleton />;
  return <FillForm tenantId={tenantId} form={detail.data} builder={builder} dashboard={dashboard} />;
}

/** /forms/{id}: fill in a form (every signed-in role; the server decides who may). */
export function FormFillPage() {
  const { id = '' } = useParams();
  const { activeTenantId } = useScope();
  return (
    <Page width="narrow">
      {activeTenantId ? (
        <FormFill key={`${activeTenantId}:${id}`} tenantId={activeTenantId} id={id} />
      ) : (
        <ChooseTenant message="Choose a tenant to open its forms." />
      )}
    </Page>
  );
}
