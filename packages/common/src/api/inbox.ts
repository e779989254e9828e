import { z } from 'zod';
import { isUuid } from '../ids';
import { count, id, pageCursor, pageLimit, timestamp } from './wire';

/*
 * The notification inbox (issue 33): what happened to a person in a workspace — a file shared with
 * them, a form answered, an invitation accepted, their role changed — with its page.
 */

/** The kinds of item the inbox holds (more come as the product tells more). */
export const INBOX_KINDS = [
  'file.shared',
  'form.assigned',
  'form.submitted',
  'member.joined',
  'member.role_changed',
  'domain.ready',
  'domain.failed',
  'billing.payment_failed',
  'announcement',
  'message.received',
  'workspace.created',
  'alert.fired',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/**
 * The kinds a person may also get by email: a message has its own emails (Message emails), an
 * announcement none.
 */
export const INBOX_EMAIL_KINDS = [
  'file.shared',
  'form.assigned',
  'form.submitted',
  'member.joined',
  'member.role_changed',
  'domain.ready',
  'domain.failed',
  'billing.payment_failed',
] as const satisfies readonly InboxKind[];
export type InboxEmailKind = (typeof INBOX_EMAIL_KINDS)[number];

/** What each kind of email is, as the person it is about reads it (settings, the unsubscribe page). */
export const INBOX_KIND_LABELS: Record<InboxEmailKind, string> = {
  'file.shared': 'A file is shared with me',
  'form.assigned': 'A form is assigned to me',
  'form.submitted': 'A form I manage is answered',
  'member.joined': 'Someone accepts an invitation and joins',
  'member.role_changed': 'My role changes',
  'domain.ready': 'A custom domain is ready',
  'domain.failed': 'A custom domain fails',
  'billing.payment_failed': 'A payment fails',
};

export const INBOX_MESSAGES = {
  readWhat: 'Send ids (a list of inbox item ids) or all: true.',
  ids: 'ids must be a list of inbox item ids.',
  tooManyIds: 'Mark at most 100 items at once, or all of them with all: true.',
  unread: 'unread must be true or false.',
  notMember: 'Only members of this workspace have an inbox here.',
  emailKind: `kind must be one of ${INBOX_EMAIL_KINDS.join(', ')}.`,
  emailSetting: 'email must be immediately, daily or off.',
  unsubscribeToken:
    'This unsubscribe link is not valid. Sign in and choose which emails you get in your notification settings.',
} as const;

/** GET /api/inbox: a page of the caller's items in the workspace, newest first. */
export const inboxQuery = z.object({
  limit: pageLimit(20),
  cursor: pageCursor,
  unread: z
    .enum(['true', 'false'], { error: INBOX_MESSAGES.unread })
    .optional()
    .meta({ description: '`true`: only the items not read yet.' }),
});

export const inboxItem = z
  .object({
    id,
    kind: z.enum(INBOX_KINDS),
    title: z.string(),
    body: z.string().nullable(),
    link: z.string().meta({ description: 'The page it opens: a path of the portal with `?tenant_id=`.' }),
    entity: z.object({ type: z.string(), id }),
    actor: z
      .object({ id, name: z.string() })
      .nullable()
      .meta({ description: 'Who caused it, when it was a person still known.' }),
    read_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'InboxItem' });
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxPageAnswer = z.object({
  items: z.array(inboxItem),
  unread: count.meta({ description: 'How many of the caller’s items in this workspace are not read.' }),
  next_cursor: z.string().nullable(),
});

/** POST /api/inbox/read: some items, or all. */
export const inboxReadBody = z
  .object({
    ids: z
      .array(z.string({ error: INBOX_MESSAGES.ids }).refine(isUuid, INBOX_MESSAGES.ids), { error: INBOX_MESSAGES.ids })
      .max(100, INBOX_MESSAGES.tooManyIds)
      .optional(),
    all: z.literal(true, { error: INBOX_MESSAGES.readWhat }).optional(),
  })
  .refine((body) => (body.ids !== undefined) !== (body.all !== undefined), INBOX_MESSAGES.readWhat);
export type InboxReadBody = z.input<typeof inboxReadBody>;

export const inboxReadAnswer = z.object({ unread: count });

/**
 * How a person hears of one kind of item by email, in one workspace: an email per item, or the
 * daily digest (after midnight UTC, as the message digests) of the ones still unread, or none.
 */
export const INBOX_EMAIL_SETTINGS = ['immediately', 'daily', 'off'] as const;
export type InboxEmailSetting = (typeof INBOX_EMAIL_SETTINGS)[number];

export const INBOX_EMAIL_SETTING_LABELS: Record<InboxEmailSetting, string> = {
  immediately: 'Right away',
  daily: 'Daily digest',
  off: 'Off',
};

/** What an unsubscribe link stops: one kind's emails, or the daily digest (every kind in it). */
export const INBOX_UNSUBSCRIBE_TOPICS = [...INBOX_EMAIL_KINDS, 'digest'] as const;
export type InboxUnsubscribeTopic = (typeof INBOX_UNSUBSCRIBE_TOPICS)[number];

export const INBOX_UNSUBSCRIBE_LABELS: Record<InboxUnsubscribeTopic, string> = {
  ...INBOX_KIND_LABELS,
  digest: 'The daily digest of my notifications',
};
/** What a person chose, per kind; a kind left out follows their role's default. */
export type InboxEmailChoices = Partial<Record<InboxEmailKind, InboxEmailSetting>>;

const inboxEmailKind = z.enum(INBOX_EMAIL_KINDS, { error: INBOX_MESSAGES.emailKind });
const inboxEmailSetting = z.enum(INBOX_EMAIL_SETTINGS, { error: INBOX_MESSAGES.emailSetting });

/** GET and PUT /api/inbox/email: the caller's setting for every kind, in this workspace. */
export const inboxEmailAnswer = z.object({
  kinds: z.array(
    z.object({
      kind: inboxEmailKind,
      email: inboxEmailSetting.meta({ description: 'The setting in force: chosen, or the default of the role.' }),
      default: inboxEmailSetting.meta({ description: 'The default of the caller’s role for this kind.' }),
      chosen: z.boolean().meta({ description: 'Whether the caller chose it (false: the default applies).' }),
    }),
  ),
});
export type InboxEmailAnswer = z.infer<typeof inboxEmailAnswer>;

/** PUT /api/inbox/email: one kind's setting. */
export const inboxEmailBody = z.object({ kind: inboxEmailKind, email: inboxEmailSetting });
export type InboxEmailBody = z.input<typeof inboxEmailBody>;

/** GET and POST /api/public/inbox/unsubscribe: the signed token an inbox email's unsubscribe link carries. */
export const inboxUnsubscribeQuery = z.object({
  token: z.string({ error: INBOX_MESSAGES.unsubscribeToken }).max(400, INBOX_MESSAGES.unsubscribeToken),
});

export const inboxUnsubscribeAnswer = z.object({
  kind: z
    .enum(INBOX_UNSUBSCRIBE_TOPICS)
    .meta({ description: 'The kind whose emails the link stops, or `digest`: every kind in the daily digest.' }),
  workspace: z.object({ name: z.string() }),
  email: inboxEmailSetting.meta({
    description: 'The person’s setting for this kind now; for `digest`, `daily` while any kind is still in it.',
  }),
});
export type InboxUnsubscribeAnswer = z.infer<typeof inboxUnsubscribeAnswer>;
