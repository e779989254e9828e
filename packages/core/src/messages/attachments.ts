import { isTenantAdminRole, roleKindOf, type RoleType } from '@portico/common';
import type { FileKind } from '../db/models';
import type { ServiceContext, TenantScope } from '../scope';
import { listFiles, type Assignment, type FileRow, type FileViewer } from '../files';
import { selectMessageFiles, type MessageRowData, type ThreadRow } from './messages-data';

/*
 * A message's attachments: whom a file attached to a thread is shared with, and which of its rows
 * each reader is shown.
 */

/** An attachment as the reader sees it: a file row they can open. */
export interface AttachedFile {
  id: string;
  title: string;
  original_name: string;
  content_type: string;
  kind: FileKind;
  size_bytes: number;
}

/** The role keys of the workspace's team who are not admins (admins see every file already). */
export function teamRoleKeys(roleTypes: readonly RoleType[]): string[] {
  return roleTypes
    .filter((r) => !isTenantAdminRole(r.role_key) && roleKindOf(r.role_key, roleTypes) === 'team')
    .map((r) => r.role_key);
}

/** The roles that read every thread of the workspace: its admins' and its team's. */
export const teamRolesOf = (scope: TenantScope) => [...teamRoleKeys(scope.roleTypes), 'owner', 'admin'];

const attachedFile = (row: FileRow): AttachedFile => ({
  id: row.id,
  title: row.title,
  original_name: row.original_name,
  content_type: row.content_type,
  kind: row.kind,
  size_bytes: Number(row.size_bytes),
});

/**
 * Each message's attachments as the viewer can open them, in their places: per place, the row shared
 * with the viewer personally, else the first they can open (the poster's, then its copies). A
 * deleted message shows none.
 */
export async function attachmentsOf(
  ctx: ServiceContext,
  scope: TenantScope,
  viewer: FileViewer,
  messages: readonly MessageRowData[],
): Promise<Map<string, AttachedFile[]>> {
  const links = await selectMessageFiles(
    ctx,
    scope.tenantId,
    messages.filter((m) => !m.deleted_at).map((m) => m.id),
  );
  if (links.length === 0) return new Map();
  const fileIds = [...new Set(links.map((l) => l.file_id))];
  const { rows } = await listFiles(ctx, scope, { viewer, ids: fileIds, limit: fileIds.length });
  const visible = new Map(rows.map((row) => [row.id, row]));
  // Links come ordered by message and place, so a Map keeps the places in order.
  const chosen = new Map<string, { messageId: string; row: FileRow }>();
  for (const link of links) {
    const row = visible.get(link.file_id);
    if (!row) continue;
    const place = `${link.message_id}:${link.position}`;
    const current = chosen.get(place);
    const personal = viewer.userId !== null && row.user_id === viewer.userId;
    if (!current || (personal && current.row.user_id !== viewer.userId))
      chosen.set(place, { messageId: link.message_id, row });
  }
  const byMessage = new Map<string, AttachedFile[]>();
  for (const { messageId, row } of chosen.values())
    byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), attachedFile(row)]);
  return byMessage;
}

/**
 * Whom a message's attachment is shared with, as files are shared (a member, or role keys): the
 * thread's clients other than the poster, and the team's roles (admins see every file); an
 * announcement's role too, unless this is a client's reply, which only the team reads.
 */
export function attachmentAudiences(
  scope: TenantScope,
  thread: ThreadRow,
  input: { teamOnly: boolean; posterId: string | null },
): Assignment[] {
  const roles = teamRoleKeys(scope.roleTypes);
  if (thread.kind === 'broadcast' && !input.teamOnly && thread.role_key && !roles.includes(thread.role_key))
    roles.push(thread.role_key);
  const people = thread.participant_ids
    .filter((id) => id !== input.posterId)
    .map((userId): Assignment => ({ userId, roles: [] }));
  return roles.length > 0 ? [{ userId: null, roles }, ...people] : people;
}
