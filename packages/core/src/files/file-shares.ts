import { FILE_MESSAGES, isUuid, missingRecipient } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { FileRecord } from '../db/models';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { badRequest, notFound } from '../kernel/errors';
import { audit } from '../kernel/audit';
import { fileEventData, recordEvent } from '../kernel/events';
import { countActiveMembersInRoles, findFile, findMembership, insertFile } from './files-data';
import { announceFileShared } from './file-notices';

/* Sharing a file of the workspace again: an admin's choice of recipients, or a thread's people for an attachment. */

export interface AssignmentInput {
  userId?: string | null;
  roles?: string[];
  /** What the admin picked: a single user or roles; decides which sentence a missing choice gets. */
  assignTo?: 'user' | 'role';
}

export interface Assignment {
  userId: string | null;
  roles: string[];
}

/**
 * An admin's choice of recipients (tenant-portal §5): a member of this tenant and/or role keys of
 * this tenant that have at least one active member.
 */
export async function resolveAssignment(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  roleKeys: readonly string[],
  input: AssignmentInput,
  transaction?: Transaction,
): Promise<Assignment> {
  const roles = [...new Set((input.roles ?? []).map((r) => r.trim()).filter(Boolean))];
  const userId = input.userId?.trim() || null;
  const missing = missingRecipient({ assignTo: input.assignTo, userId, roles });
  if (missing) throw badRequest(missing);
  if (userId) {
    const member = isUuid(userId) ? await findMembership(ctx, tenantId, userId, transaction) : null;
    if (!member) throw badRequest(FILE_MESSAGES.selectUser);
  }
  if (roles.length > 0) {
    const unknown = roles.find((r) => !roleKeys.includes(r));
    if (unknown) throw badRequest(`There is no role "${unknown}" in this workspace.`);
    if ((await countActiveMembersInRoles(ctx, tenantId, roles, transaction)) === 0)
      throw badRequest('No users found with the selected role');
  }
  return { userId, roles };
}

export interface ShareFileInput extends AssignmentInput {
  /** The file of this workspace to share again; its stored object is reused, not copied. */
  sourceId: string;
  /** The new row's title; the source's when blank. */
  title?: string | null;
}

/** What a share copies of its source: the stored object and how it is described. */
type ShareSource = Pick<
  FileRecord,
  'id' | 'title' | 'original_name' | 'content_type' | 'kind' | 'size_bytes' | 'storage_key'
>;

/** A new row pointing at the source's stored object for these recipients, with its audit entry and `file.assigned` event. */
async function insertShare(
  ctx: ServiceContext,
  scope: TenantScope,
  input: {
    source: ShareSource;
    title: string;
    assignment: Assignment;
    uploadedBy: string | null;
    auditDetails?: Record<string, unknown>;
  },
  transaction: Transaction,
): Promise<FileRecord> {
  const { source, assignment } = input;
  const row = await insertFile(
    ctx,
    scope.tenantId,
    {
      title: input.title,
      original_name: source.original_name,
      content_type: source.content_type,
      kind: source.kind,
      size_bytes: source.size_bytes,
      storage_key: source.storage_key,
      user_id: assignment.userId,
      assigned_roles: assignment.roles,
      uploaded_by: input.uploadedBy,
    },
    transaction,
  );
  await audit(
    ctx,
    scope,
    {
      action: 'file.shared',
      entity: { type: 'file', id: row.id },
      details: {
        source_file_id: source.id,
        user_id: assignment.userId,
        assigned_roles: assignment.roles,
        ...input.auditDetails,
      },
    },
    transaction,
  );
  await recordEvent(
    ctx,
    scope.tenantId,
    'file.assigned',
    { file: fileEventData(row), source_file_id: source.id },
    transaction,
  );
  return row;
}

/**
 * Shares an existing file of the workspace with other recipients: a new row pointing at the same
 * stored object, with its audit entry, its `file.assigned` event and its recipients' notices, in one
 * transaction.
 */
export async function shareFile(ctx: ServiceContext, scope: TenantScope, input: ShareFileInput): Promise<FileRecord> {
  const source = isUuid(input.sourceId) ? await findFile(ctx, scope.tenantId, input.sourceId.toLowerCase()) : null;
  if (!source) throw notFound('This file does not exist.');
  const assignment = await resolveAssignment(
    ctx,
    scope.tenantId,
    scope.roleTypes.map((r) => r.role_key),
    { userId: input.userId, roles: input.roles, assignTo: input.assignTo },
  );
  return inTransaction(ctx, async (transaction) => {
    const row = await insertShare(
      ctx,
      scope,
      { source, title: input.title || source.title, assignment, uploadedBy: scope.actor.userId },
      transaction,
    );
    await announceFileShared(ctx, scope, row, transaction);
    return row;
  });
}

/**
 * Shares a file the caller has checked with each audience the caller names (a member and/or role
 * keys it chose itself, such as a thread's people), as `shareFile` shares one: a row each, in the
 * caller's transaction. The rows are nobody's upload: the person sharing already sees the file, and
 * would otherwise see it again in their Files once per audience; the audit entry names them, and
 * `auditDetails` says why (the message the file is attached to).
 */
export async function shareFileWith(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { source: ShareSource; audiences: readonly Assignment[]; auditDetails: Record<string, unknown> },
  transaction: Transaction,
): Promise<FileRecord[]> {
  const rows: FileRecord[] = [];
  for (const assignment of input.audiences)
    rows.push(
      await insertShare(
        ctx,
        scope,
        {
          source: input.source,
          title: input.source.title,
          assignment,
          uploadedBy: null,
          auditDetails: input.auditDetails,
        },
        transaction,
      ),
    );
  return rows;
}
