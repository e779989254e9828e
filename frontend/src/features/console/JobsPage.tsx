import { CalendarClock, ListChecks } from 'lucide-react';
import { toast } from 'sonner';
import type { CronRow, JobRow } from '@portico/common';
import { useCronJobs, useJobAction, useRecentJobs, useToggleCron } from './api/console';
import { Badge } from '../../ui/Badge';
import type { BadgeTone } from '../../ui/Badge';
import { buttonColumn } from '../../ui/DataTable';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { errorMessage } from '../../lib/api/http';
import { dateTime, LiveNote, QueryTableCard, TitledCell } from './panels/parts';
import styles from './JobsPage.module.css';

/** platform-console §2: failed red, completed green, others yellow. */
const statusTone = (status: JobRow['status']): BadgeTone =>
  status === 'failed' ? 'red' : status === 'completed' ? 'green' : 'orange';

/** A periodic job's state: on, switched off, or on but registered by no scheduler (none running). */
const CRON_STATE: Record<CronRow['state'], { label: string; tone: BadgeTone }> = {
  enabled: { label: 'Enabled', tone: 'green' },
  disabled: { label: 'Disabled', tone: 'gray' },
  not_registered: { label: 'Not registered', tone: 'orange' },
};

export function JobsPage() {
  const jobs = useRecentJobs();
  const cron = useCronJobs();
  const retry = useJobAction('retry');
  const cancel = useJobAction('cancel');
  const toggle = useToggleCron();

  /** The one thing a job's state allows: a failed job runs again, a waiting one is called off. */
  const jobAction = (job: JobRow) =>
    job.status === 'failed'
      ? { label: 'Retry', mutation: retry, done: 'Job queued again.', failed: 'The job could not be retried.' }
      : job.status === 'waiting' || job.status === 'delayed'
        ? { label: 'Cancel', mutation: cancel, done: 'Job cancelled.', failed: 'The job could not be cancelled.' }
        : null;

  return (
    <Page>
      <PageHeader
        title="Queues and Jobs"
        description={
          <>
            The newest jobs of every queue (emails, webhooks, maintenance, provisioning and messages), and the periodic
            jobs. <LiveNote />
          </>
        }
      />
      <QueryTableCard
        title="Recent jobs"
        query={jobs}
        failure="Failed to load the jobs."
        rowKey={(job) => job.id}
        rowAttributes={(job) => ({ 'data-job-id': job.id })}
        empty={{ icon: ListChecks, message: 'No jobs yet.' }}
        columns={[
          {
            header: 'Id',
            variant: 'mono',
            title: (job) => job.id,
            cell: (job) => job.id.split(':').slice(1).join(':').slice(0, 8),
          },
          { header: 'Queue', cell: (job) => job.queue },
          { header: 'Job', cell: (job) => job.name },
          { header: 'Status', cell: (job) => <Badge tone={statusTone(job.status)}>{job.status}</Badge> },
          { header: 'Runtime ms', variant: 'numeric', cell: (job) => job.runtimeMs ?? '—' },
          { header: 'Attempts', variant: 'numeric', cell: (job) => job.attempts },
          {
            header: 'Error',
            className: styles.error,
            title: (job) => job.errorExcerpt,
            cell: (job) => job.errorExcerpt ?? '—',
          },
          buttonColumn<JobRow>('Actions', (job) => {
            const action = jobAction(job);
            return (
              action && {
                text: action.label,
                label: `${action.label} job ${job.id}`,
                loading: action.mutation.isPending && action.mutation.variables === job.id,
                onClick: () =>
                  action.mutation.mutate(job.id, {
                    onSuccess: () => toast.success(action.done),
                    onError: (err) => toast.error(errorMessage(err, action.failed)),
                  }),
              }
            );
          }),
        ]}
      />

      <QueryTableCard
        title="Periodic jobs"
        query={cron}
        failure="Failed to load the periodic jobs."
        rowKey={(c) => c.name}
        empty={{ icon: CalendarClock, message: 'No periodic jobs.' }}
        columns={[
          {
            header: 'Name',
            cell: (c) => <TitledCell title={c.name} note={c.description} />,
          },
          { header: 'Schedule (UTC)', variant: 'mono', cell: (c) => c.schedule },
          { header: 'Last run', cell: (c) => dateTime(c.lastRunAt) },
          { header: 'Next run', cell: (c) => dateTime(c.nextRunAt) },
          {
            header: 'Enabled',
            cell: (c) => <Badge tone={CRON_STATE[c.state].tone}>{CRON_STATE[c.state].label}</Badge>,
          },
          buttonColumn<CronRow>('Actions', (c) => ({
            text: 'Toggle',
            label: `${c.enabled ? 'Disable' : c.state === 'not_registered' ? 'Register' : 'Enable'} ${c.name}`,
            loading: toggle.isPending && toggle.variables === c.name,
            onClick: () =>
              toggle.mutate(c.name, {
                onSuccess: () => toast.success(`${c.name} ${c.enabled ? 'disabled' : 'enabled'}.`),
                onError: (err) => toast.error(errorMessage(err, 'The schedule could not be changed.')),
              }),
          })),
        ]}
      />
    </Page>
  );
}
