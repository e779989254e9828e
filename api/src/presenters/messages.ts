import type { MessageThreadView, ThreadMessage } from '@portico/common';
import { fileUrlOf, type MessageRow, type ThreadRow } from '@portico/core';

/** A thread as its reader sees it: their unread count and the newest message they may read. */
export function presentThread(row: ThreadRow): MessageThreadView {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    client_id: row.client_id,
    role_key: row.role_key,
    participant_ids: row.participant_ids,
    people: row.people.map((person) => ({
      id: person.id,
      name: person.name ?? person.email,
      email: person.email,
      member: person.member,
      last_read_at: person.last_read_at ? new Date(person.last_read_at).toISOString() : null,
    })),
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    last_message_at: row.last_created_at?.toISOString() ?? null,
    last_message:
      row.last_id && row.last_created_at
        ? {
            id: row.last_id,
            author_id: row.last_author_id,
            preview: row.last_deleted_at ? '' : (row.last_preview ?? ''),
            deleted: row.last_deleted_at !== null,
            created_at: row.last_created_at.toISOString(),
          }
        : null,
    unread: row.unread,
  };
}

/** A message as its reader sees it: a deleted one without its text, attachments as rows the reader can open. */
export function presentMessage(row: MessageRow): ThreadMessage {
  return {
    id: row.id,
    thread_id: row.thread_id,
    author:
      row.author_id && row.author_email
        ? { id: row.author_id, email: row.author_email, name: row.author_name ?? row.author_email }
        : null,
    body: row.body,
    team_only: row.team_only,
    files: row.files.map((file) => ({ ...file, file_url: fileUrlOf(file.id) })),
    mine: row.mine,
    editable_until: row.editable_until?.toISOString() ?? null,
    edited_at: row.edited_at?.toISOString() ?? null,
    deleted_at: row.deleted_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
