import type { MessageThreadView, ThreadMessage } from '@portico/common';
import { MessagesView } from '../../src/features/messages/MessagesPage';
import type { AnswerTable } from '../fake-fetch';
import { membership, renderApp, WORKSPACE_ID, type RenderAppOptions } from './render-app';

export const CLIENT_ID = '00000000-0000-4000-8000-0000000000c1';
export const OTHER_CLIENT_ID = '00000000-0000-4000-8000-0000000000c2';
export const THREAD_ID = '00000000-0000-4000-8000-0000000000d1';
export const GROUP_ID = '00000000-0000-4000-8000-0000000000d2';

type ThreadPerson = MessageThreadView['people'][number];

/** Cleo and Otto as a thread names its people. */
export const CLEO: ThreadPerson = {
  id: CLIENT_ID,
  name: 'Cleo Client',
  email: 'cleo@client.test',
  member: true,
  last_read_at: null,
};
export const OTTO: ThreadPerson = {
  id: OTHER_CLIENT_ID,
  name: 'Otto Client',
  email: 'otto@client.test',
  member: true,
  last_read_at: null,
};

/** A thread as GET /api/threads lists it: Cleo's own thread, read, unless told otherwise. */
export function thread(overrides: Partial<MessageThreadView> = {}): MessageThreadView {
  return {
    id: THREAD_ID,
    kind: 'client',
    subject: null,
    client_id: CLIENT_ID,
    role_key: null,
    participant_ids: [CLIENT_ID],
    people: [CLEO],
    created_by: CLIENT_ID,
    created_at: '2026-11-20T09:00:00.000Z',
    last_message_at: '2026-11-20T09:05:00.000Z',
    last_message: {
      id: 'm-last',
      author_id: CLIENT_ID,
      preview: 'Is the contract ready?',
      deleted: false,
      created_at: '2026-11-20T09:05:00.000Z',
    },
    unread: 0,
    ...overrides,
  };
}

let sequence = 0;

/** A message of Cleo's in THREAD_ID unless told otherwise. */
export function message(overrides: Partial<ThreadMessage> = {}): ThreadMessage {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    thread_id: THREAD_ID,
    author: { id: CLIENT_ID, email: 'cleo@client.test', name: 'Cleo Client' },
    body: 'Is the contract ready?',
    team_only: false,
    files: [],
    mine: false,
    editable_until: null,
    edited_at: null,
    deleted_at: null,
    created_at: '2026-11-20T09:05:00.000Z',
    ...overrides,
  };
}

export const RECIPIENTS = [
  { id: CLIENT_ID, name: 'Cleo Client', email: 'cleo@client.test', role: 'role2' },
  { id: OTHER_CLIENT_ID, name: 'otto@client.test', email: 'otto@client.test', role: 'role2' },
];

/** What the team's Messages page asks besides the threads: the clients and the roles. */
export const DIRECTORY: AnswerTable = {
  'GET /api/message-recipients': {
    status: 200,
    body: {
      recipients: [...RECIPIENTS],
    },
  },
  'GET /api/tenant-roles': {
    status: 200,
    body: {
      roles: [
        { role_key: 'admin', role_label: 'Admin', role_color: 'blue', kind: 'admin' },
        { role_key: 'role1', role_label: 'Team Member', role_color: 'purple', kind: 'team' },
        { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
      ],
    },
  },
};

export const messagesOf = (messages: ThreadMessage[], nextCursor: string | null = null) => ({
  status: 200,
  body: { messages, next_cursor: nextCursor },
});

/** A client of the workspace signed in: no abilities. */
export const CLIENT_SIGNED_IN = {
  memberships: [
    membership(WORKSPACE_ID, {
      role: 'role2',
      role_label: 'Client',
      role_kind: 'client',
      abilities: {
        manage_settings: false,
        manage_roles: false,
        manage_users: false,
        manage_files: false,
        manage_embeds: false,
        build_forms: false,
        delete_forms: false,
        manage_integrations: false,
        manage_billing: false,
        manage_domains: false,
      },
    }),
  ],
};

/** The Messages page (without its socket) at `/messages`, `?thread=` open when given, an admin signed in unless told. */
export function renderMessages(
  answers: AnswerTable,
  { thread: open, ...options }: RenderAppOptions & { thread?: string } = {},
) {
  return renderApp(<MessagesView tenantId={WORKSPACE_ID} />, {
    path: open ? `/messages?thread=${open}` : '/messages',
    route: '/messages',
    signedIn: {},
    ...options,
    answers,
  });
}
