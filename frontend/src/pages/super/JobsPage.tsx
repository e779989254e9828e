import { CalendarClock, ListChecks } from 'lucide-react';
import { toast } from 'sonner';
import type { CronRow, JobRow } from '@portico/common';
import { useCronJobs, useJobAction, useRecentJobs, useToggleCron } from '../../api/console';
import { Badge } from '../../components/Badge';
import type { BadgeTone } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/http';
import { dateTime, LiveNote, QueryCard } from './console/parts';

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

  const act = (action: typeof retry, id: string, done: string, failed: string) =>
    action.mutate(id, {
      onSuccess: () => toast.success(done),
      onError: (err) => toast.error(errorMessage(err, failed)),
    });

  return (
    <div className="page">
      <PageHeader
        title="Queues and Jobs"
        description={
          <>
            The newest jobs of the emails, webhooks and maintenance queues, and the periodic jobs. <LiveNote />
          </>
        }
      />
      <QueryCard title="Recent jobs" query={jobs} failure="Failed to load the jobs.">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState icon={ListChecks} message="No jobs yet." />
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Id</th>
                    <th scope="col">Queue</th>
                    <th scope="col">Job</th>
                    <th scope="col">Status</th>
                    <th scope="col">Runtime ms</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Error</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((job) => (
                    <tr key={job.id} data-job-id={job.id}>
                      <td className="cell-mono" title={job.id}>
                        {job.id.split(':').slice(1).join(':').slice(0, 8)}
                      </td>
                      <td>{job.queue}</td>
                      <td>{job.name}</td>
                      <td>
                        <Badge tone={statusTone(job.status)}>{job.status}</Badge>
                      </td>
                      <td className="cell-numeric">{job.runtimeMs ?? '—'}</td>
                      <td className="cell-numeric">{job.attempts}</td>
                      <td className="cell-error" title={job.errorExcerpt ?? undefined}>
                        {job.errorExcerpt ?? '—'}
                      </td>
                      <td className="cell-actions">
                        {job.status === 'failed' && (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`Retry job ${job.id}`}
                            loading={retry.isPending && retry.variables === job.id}
                            onClick={() => act(retry, job.id, 'Job queued again.', 'The job could not be retried.')}
                          >
                            Retry
                          </Button>
                        )}
                        {(job.status === 'waiting' || job.status === 'delayed') && (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`Cancel job ${job.id}`}
                            loading={cancel.isPending && cancel.variables === job.id}
                            onClick={() => act(cancel, job.id, 'Job cancelled.', 'The job could not be cancelled.')}
                          >
                            Cancel
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryCard>

      <QueryCard title="Periodic jobs" query={cron} failure="Failed to load the periodic jobs.">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState icon={CalendarClock} message="No periodic jobs." />
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Schedule (UTC)</th>
                    <th scope="col">Last run</th>
                    <th scope="col">Next run</th>
                    <th scope="col">Enabled</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((c) => (
                    <tr key={c.name}>
                      <td>
                        <span className="cell-strong">{c.name}</span>
                        <span className="cell-note">{c.description}</span>
                      </td>
                      <td className="cell-mono">{c.schedule}</td>
                      <td>{dateTime(c.lastRunAt)}</td>
                      <td>{dateTime(c.nextRunAt)}</td>
                      <td>
                        <Badge tone={CRON_STATE[c.state].tone}>{CRON_STATE[c.state].label}</Badge>
                      </td>
                      <td className="cell-actions">
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`${c.enabled ? 'Disable' : c.state === 'not_registered' ? 'Register' : 'Enable'} ${c.name}`}
                          loading={toggle.isPending && toggle.variables === c.name}
                          onClick={() =>
                            toggle.mutate(c.name, {
                              onSuccess: () => toast.success(`${c.name} ${c.enabled ? 'disabled' : 'enabled'}.`),
                              onError: (err) => toast.error(errorMessage(err, 'The schedule could not be changed.')),
                            })
                          }
                        >
                          Toggle
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryCard>
    </div>
  );
}
