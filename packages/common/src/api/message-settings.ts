import { z } from 'zod';

/*
 * Email when away and retention of messages (issue 32): a person's own email setting in a
 * workspace, and the workspace's retention of old messages.
 */

export const MESSAGE_EMAIL_SETTINGS = ['immediately', 'hourly', 'daily', 'never'] as const;
export type MessageEmailSetting = (typeof MESSAGE_EMAIL_SETTINGS)[number];

/** How long a message waits for its reader before it is emailed (someone reading live gets nothing). */
export const MESSAGE_EMAIL_DELAY_MS = 5 * 60 * 1000;
/** The fewest days a workspace may keep its messages for. */
export const MESSAGE_RETENTION_MIN_DAYS = 7;
export const MESSAGE_RETENTION_MAX_DAYS = 3650;

/** What each setting does, in the words of the account page. */
export const MESSAGE_EMAIL_LABELS: Record<MessageEmailSetting, string> = {
  immediately: 'Right away (5 minutes after a message I have not read)',
  hourly: 'Hourly digest of messages I have not read',
  daily: 'Daily digest of messages I have not read (after midnight UTC)',
  never: 'Never',
};

/** Every sentence the message settings routes answer with. */
export const MESSAGE_SETTINGS_MESSAGES = {
  emailSetting: `message_email must be one of ${MESSAGE_EMAIL_SETTINGS.join(', ')}.`,
  retentionDays: `Messages must be kept at least ${MESSAGE_RETENTION_MIN_DAYS} days and at most ${MESSAGE_RETENTION_MAX_DAYS.toLocaleString('en')}; leave it empty to keep them.`,
  removesFiles: 'remove_files must be true or false.',
  notMember: 'Only members of this workspace have message email settings here.',
} as const;

const M = MESSAGE_SETTINGS_MESSAGES;

const emailSetting = z.enum(MESSAGE_EMAIL_SETTINGS, { error: M.emailSetting });

/** PUT /api/message-email. */
export const messageEmailBody = z.object({ message_email: emailSetting });
export type MessageEmailBody = z.input<typeof messageEmailBody>;

export const messageEmailAnswer = z.object({
  message_email: emailSetting.meta({ description: 'The setting in force: chosen, or the default of the role.' }),
  default: emailSetting.meta({
    description: 'The default of the caller’s role: hourly for the team, immediately otherwise.',
  }),
  chosen: z.boolean().meta({ description: 'Whether the caller chose it (false: the default applies).' }),
});
export type MessageEmailAnswer = z.infer<typeof messageEmailAnswer>;

/** PUT /api/message-retention. */
export const messageRetentionBody = z.object({
  days: z
    .number({ error: M.retentionDays })
    .int(M.retentionDays)
    .min(MESSAGE_RETENTION_MIN_DAYS, M.retentionDays)
    .max(MESSAGE_RETENTION_MAX_DAYS, M.retentionDays)
    .nullable()
    .meta({ description: 'Delete messages older than this many days; null keeps them.' }),
  remove_files: z
    .boolean({ error: M.removesFiles })
    .default(false)
    .meta({ description: 'Whether their attachments are deleted with them (otherwise they stay in Files).' }),
});
export type MessageRetentionBody = z.input<typeof messageRetentionBody>;

export const messageRetentionAnswer = z.object({
  days: z.number().int().nullable(),
  remove_files: z.boolean(),
});
export type MessageRetentionAnswer = z.infer<typeof messageRetentionAnswer>;
