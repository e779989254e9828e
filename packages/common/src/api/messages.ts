import { z } from 'zod';
import { isUuid } from '../ids';
import { count, id, pageCursor, pageLimit, timestamp } from './wire';

/* Messages between a workspace's team and its clients (issue 32, DECISIONS §7): threads and their messages. */

export const THREAD_KINDS = ['client', 'group', 'broadcast'] as const;
export type ThreadKindName = (typeof THREAD_KINDS)[number];

/** The longest message (characters). */
export const MESSAGE_MAX_CHARS = 10_000;
/** How long after sending its author may still edit a message. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;
export const MESSAGE_MAX_FILES = 10;
export const THREAD_MAX_PARTICIPANTS = 100;
export const THREAD_SUBJECT_MAX_CHARS = 200;

/** Every sentence the messages routes answer with. */
export const MESSAGE_MESSAGES = {
  threadNotFound: 'This conversation does not exist.',
  messageNotFound: 'This message does not exist.',
  bodyRequired: 'Write a message first.',
  bodyTooLong: `A message can be at most ${MESSAGE_MAX_CHARS.toLocaleString('en')} characters.`,
  subjectTooLong: `The subject must be at most ${THREAD_SUBJECT_MAX_CHARS} characters.`,
  participantIds: 'participant_ids must be a list of user ids.',
  tooManyParticipants: `A conversation can include at most ${THREAD_MAX_PARTICIPANTS} people.`,
  roleText: 'role must be a role key.',
  fileIds: 'file_ids must be a list of file ids.',
  tooManyFiles: `A message can carry at most ${MESSAGE_MAX_FILES} files.`,
  clientsOnly: 'Only the workspace’s team can start a conversation with chosen people or a role.',
  chooseWho: 'Choose the clients to write to, or a role.',
  clientsOrRole: 'Choose either clients or a role, not both.',
  notAClient: 'Every person chosen must be an active client of this workspace.',
  unknownRole: 'There is no such role in this workspace.',
  fileNotVisible: 'Attach only files of this workspace that you can open.',
  notAuthorEdit: 'Only the author of a message can edit it.',
  notAuthorDelete: 'Only the author of a message can delete it.',
  editWindowClosed: 'A message can only be edited in the 15 minutes after it is sent.',
  deleted: 'This message was deleted.',
  apiKeyOnlyPosts: 'An API key cannot start conversations; post to an existing one.',
  teamChangesPeople: 'Only the workspace’s team can change who is in a conversation.',
  groupOnly: 'People can be added to or removed from group conversations only.',
  notInThread: 'This person is not in this conversation.',
  chooseClients: 'Choose at least one client to add.',
  keepOneClient: 'A group conversation keeps at least one client.',
} as const;

const idList = (message: string, max: number, tooMany: string) =>
  z
    .array(
      z
        .string({ error: message })
        .refine(isUuid, message)
        .transform((v) => v.toLowerCase()),
      { error: message },
    )
    .max(max, tooMany)
    .transform((ids) => [...new Set(ids)]);

/** A message's text: kept as written (line breaks and all), but never only blank. */
export const messageText = z
  .string({ error: MESSAGE_MESSAGES.bodyRequired })
  .refine((v) => v.trim() !== '', MESSAGE_MESSAGES.bodyRequired)
  .refine((v) => [...v].length <= MESSAGE_MAX_CHARS, MESSAGE_MESSAGES.bodyTooLong)
  .meta({ description: `Plain text with line breaks, at most ${MESSAGE_MAX_CHARS} characters.` });

/** POST /api/threads: a client sends nothing (their own thread); the team chooses clients or a role. */
export const threadOpenBody = z.object({
  participant_ids: idList(
    MESSAGE_MESSAGES.participantIds,
    THREAD_MAX_PARTICIPANTS,
    MESSAGE_MESSAGES.tooManyParticipants,
  )
    .optional()
    .meta({
      description:
        'Clients to write to (team only): one client opens (or answers) their own thread; several, a group thread.',
    }),
  role: z
    .string({ error: MESSAGE_MESSAGES.roleText })
    .trim()
    .min(1, MESSAGE_MESSAGES.roleText)
    .max(64, MESSAGE_MESSAGES.roleText)
    .optional()
    .meta({ description: 'An announcement to everyone holding this role (team only); replies reach the team only.' }),
  subject: z
    .string({ error: MESSAGE_MESSAGES.subjectTooLong })
    .trim()
    .max(THREAD_SUBJECT_MAX_CHARS, MESSAGE_MESSAGES.subjectTooLong)
    .optional(),
});
export type ThreadOpenBody = z.input<typeof threadOpenBody>;

/** POST /api/threads/{id}/participants: clients to add to a group thread. */
export const threadPeopleBody = z.object({
  participant_ids: idList(
    MESSAGE_MESSAGES.participantIds,
    THREAD_MAX_PARTICIPANTS,
    MESSAGE_MESSAGES.tooManyParticipants,
  )
    .refine((ids) => ids.length > 0, MESSAGE_MESSAGES.chooseClients)
    .meta({ description: 'Active clients of the workspace to add; those already in it stay.' }),
});

/** GET /api/message-recipients: the clients the team may write to. */
export const messageRecipientsAnswer = z.object({
  recipients: z.array(
    z.object({
      id,
      name: z.string().meta({ description: 'Their name, or their address when they gave none.' }),
      email: z.string(),
      role: z.string(),
    }),
  ),
});

/** POST /api/threads/{id}/messages. */
export const messagePostBody = z.object({
  body: messageText,
  file_ids: idList(MESSAGE_MESSAGES.fileIds, MESSAGE_MAX_FILES, MESSAGE_MESSAGES.tooManyFiles)
    .optional()
    .meta({ description: 'Files of the workspace the poster can open; each is shared with the thread’s people.' }),
});
export type MessagePostBody = z.input<typeof messagePostBody>;

/** PATCH /api/threads/{id}/messages/{messageId}. */
export const messageEditBody = z.object({ body: messageText });
export type MessageEditBody = z.input<typeof messageEditBody>;

/** GET /api/threads and GET /api/threads/{id}/messages: a page, the next one by the answer's `next_cursor`. */
export const messagingPageQuery = z.object({ limit: pageLimit(50), cursor: pageCursor });

export const messageAuthor = z
  .object({ id, email: z.string(), name: z.string() })
  .meta({ description: 'Null when an API key posted the message or its author’s account is gone.' });

export const messageFile = z.object({
  id,
  title: z.string(),
  original_name: z.string(),
  content_type: z.string(),
  kind: z.string(),
  size_bytes: count,
  file_url: z.string().meta({
    description:
      'Where the reader gets it: `/api/files/{id}/download` in the portal, `/api/v1/files/{id}` with an API key.',
  }),
});

export const threadMessage = z
  .object({
    id,
    thread_id: id,
    author: messageAuthor.nullable(),
    body: z.string().meta({ description: 'Empty once deleted.' }),
    team_only: z
      .boolean()
      .meta({ description: 'A client’s reply to an announcement: read by the team and its author.' }),
    files: z.array(messageFile),
    mine: z.boolean(),
    editable_until: timestamp
      .nullable()
      .meta({ description: 'Until when the reader may edit it; null when they may not.' }),
    edited_at: timestamp.nullable(),
    deleted_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'ThreadMessage' });
export type ThreadMessage = z.infer<typeof threadMessage>;

export const threadPerson = z
  .object({
    id,
    name: z.string().meta({ description: 'Their name, or their address when they gave none.' }),
    email: z.string(),
    member: z
      .boolean()
      .meta({ description: 'In the thread (a client or group thread’s clients); false for the team.' }),
    last_read_at: timestamp.nullable().meta({ description: 'How far they have read; told to the team only.' }),
  })
  .meta({ id: 'ThreadPerson' });

export const messageThread = z
  .object({
    id,
    kind: z.enum(THREAD_KINDS),
    subject: z.string().nullable(),
    client_id: id.nullable().meta({ description: 'Whose own thread it is (`client` threads).' }),
    role_key: z.string().nullable().meta({ description: 'Whom an announcement is for (`broadcast` threads).' }),
    participant_ids: z.array(id).meta({ description: 'The clients in a client or group thread.' }),
    people: z.array(threadPerson).meta({
      description: 'The thread’s members by name; to the team, also the team who have read it, with how far.',
    }),
    created_by: id.nullable(),
    created_at: timestamp,
    last_message_at: timestamp.nullable().meta({ description: 'The newest message the reader can read.' }),
    last_message: z
      .object({ id, author_id: id.nullable(), preview: z.string(), deleted: z.boolean(), created_at: timestamp })
      .nullable(),
    unread: count.meta({ description: 'Messages of others the reader has not read.' }),
  })
  .meta({ id: 'MessageThread' });
export type MessageThreadView = z.infer<typeof messageThread>;

export const threadPageAnswer = z.object({
  threads: z.array(messageThread),
  next_cursor: z.string().nullable(),
});
export const threadAnswer = z.object({ thread: messageThread });
export const messagePageAnswer = z.object({
  messages: z.array(threadMessage).meta({ description: 'Oldest first within the page.' }),
  next_cursor: z.string().nullable().meta({ description: 'The page of older messages, when there is one.' }),
});
export const messageAnswer = z.object({ message: threadMessage });
