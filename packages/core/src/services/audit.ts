import type { Transaction } from 'sequelize';
import { AuditLog } from '../db/models';

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  tenantId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** One row per privileged action; written in the caller's transaction so it stands or falls with the change. */
export async function recordAudit(entry: AuditEntry, transaction?: Transaction): Promise<void> {
  await AuditLog.create(
    {
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId ?? null,
      tenant_id: entry.tenantId ?? null,
      reason: entry.reason ?? null,
      details: entry.details ?? {},
      ip: entry.ip ?? null,
    },
    { transaction },
  );
}
