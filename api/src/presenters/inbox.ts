import type { InboxItem, InboxKind } from '@portico/common';
import type { InboxRow } from '@portico/core';

export function presentInboxItem(row: InboxRow): InboxItem {
  return {
    id: row.id,
    kind: row.kind as InboxKind,
    title: row.title,
    body: row.body,
    link: row.link,
    entity: { type: row.entity_type, id: row.entity_id },
    actor: row.actor_id && row.actor_name ? { id: row.actor_id, name: row.actor_name } : null,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
