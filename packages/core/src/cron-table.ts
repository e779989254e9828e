import type { MaintenanceTask } from './queues';

export interface CronEntry {
  name: MaintenanceTask;
  /** Cron pattern, UTC. */
  pattern: string;
  description: string;
}

/** The periodic jobs; the scheduler registers each as a BullMQ job scheduler on the maintenance queue. */
export const CRON_TABLE: readonly CronEntry[] = [
  {
    name: 'purge-expired',
    pattern: '17 * * * *',
    description:
      'Delete expired sessions, password-reset links, unanswered invitations, unverified domain claims older than 7 days, webhook history older than 30 days and inbox items older than 90 days',
  },
  {
    name: 'sweep-outbox',
    pattern: '* * * * *',
    description: 'Re-queue emails and follow-up jobs (a deleted workspace’s) that never reached the queue',
  },
  {
    name: 'flush-api-key-usage',
    pattern: '* * * * *',
    description: 'Write the last use of each API key, kept in Redis on every call, to the database',
  },
  {
    name: 'sweep-events',
    pattern: '* * * * *',
    description: 'Fan out webhook events left undispatched and re-queue pending deliveries that have no job',
  },
  {
    name: 'notifications-tick',
    pattern: '* * * * *',
    description: 'Push announcements whose window has opened and evaluate the alert rules (each fires once per breach)',
  },
  {
    name: 'sweep-uploads',
    pattern: '41 * * * *',
    description:
      'Remove what uploads left unfinished when a process died: temporary files on local disk and S3 multipart uploads older than an hour',
  },
  {
    name: 'billing-reminders',
    pattern: '23 * * * *',
    description:
      'Email workspace admins, once each, 3 days before a trial or grace period ends and 7 days before billing starts',
  },
  {
    name: 'message-emails',
    pattern: '* * * * *',
    description:
      'Queue the email of each person whose window closed with messages they have not read (5 minutes after a message, or their hourly or daily digest)',
  },
  {
    name: 'inbox-digests',
    pattern: '5 * * * *',
    description:
      'Queue the daily digest of each person with unread notifications of the kinds they chose a digest for (the window closes at midnight UTC; later runs of the day catch up a missed one, each digest goes once)',
  },
  {
    name: 'purge-messages',
    pattern: '29 3 * * *',
    description:
      'Delete messages older than each workspace keeps them for (and their attachments where it chose so), in batches',
  },
  {
    name: 'purge-deleted-files',
    pattern: '47 3 * * *',
    description:
      'Remove files deleted more than 30 days ago (no longer restorable) and their stored objects, in batches, freeing their storage',
  },
];
