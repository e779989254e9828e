import { TENANT_ADMIN_ROLES, type AdminStats, type Checklist, type ChecklistItem } from '@portico/common';
import type { ServiceContext, TenantScope } from '../scope';
import { forbidden } from '../kernel/errors';
import { cachedWorkspaceRead } from './workspace-cache';
import {
  countForms,
  countMembersOutside,
  countSignedInMembersOutside,
  countStoredFiles,
  selectChecklistForms,
  selectChecklistProfileAndFiles,
} from './tenancy-data';

/** The figures and lists of the dashboards (tenant-portal §2 Dashboards; DECISIONS §4). */

/** Members who are clients for the admin dashboard: everyone but owners and admins. */
const ADMIN_ROLES = [...TENANT_ADMIN_ROLES];

export async function adminStats(ctx: ServiceContext, scope: TenantScope): Promise<AdminStats> {
  const { tenantId } = scope;
  const { transaction } = ctx;
  const [total, active, filesUploaded, formsTotal] = await Promise.all([
    countMembersOutside(ctx, tenantId, ADMIN_ROLES, transaction),
    countSignedInMembersOutside(ctx, tenantId, ADMIN_ROLES, transaction),
    // Shares of one upload point at the same stored object: count objects, not rows.
    countStoredFiles(ctx, tenantId, transaction),
    countForms(ctx, tenantId, transaction),
  ]);
  return { total_clients: total, active_clients: active, files_uploaded: filesUploaded, forms_total: formsTotal };
}

/**
 * The member's onboarding checklist and how much of it is done: profile complete (names and
 * phone), every file shared with them opened, every published form assigned to their role submitted.
 */
export async function memberChecklist(ctx: ServiceContext, scope: TenantScope): Promise<Checklist> {
  const { tenantId, role } = scope;
  const userId = scope.actor.userId;
  if (role === null || userId === null) throw forbidden('Only members of this workspace have a checklist here.');
  return cachedWorkspaceRead(ctx, scope, 'dashboard.checklist', { userId, role }, () =>
    readChecklist(ctx, tenantId, userId, role),
  );
}

async function readChecklist(ctx: ServiceContext, tenantId: string, userId: string, role: string): Promise<Checklist> {
  const [row, forms] = await Promise.all([
    selectChecklistProfileAndFiles(ctx, tenantId, userId, role),
    // Owners answer to forms assigned to admins too.
    selectChecklistForms(ctx, tenantId, userId, role === 'owner' ? ['owner', 'admin'] : [role]),
  ]);
  const items: ChecklistItem[] = [
    { key: 'profile', label: 'Complete your profile: name and phone number', done: row?.profile_done ?? false },
  ];
  if (row && row.files_total > 0) {
    items.push({
      key: 'files',
      label: 'Open the files shared with you',
      done: row.files_opened === row.files_total,
      progress: { done: row.files_opened, total: row.files_total },
    });
  }
  if (forms && forms.forms_total > 0) {
    items.push({
      key: 'forms',
      label: 'Submit the forms assigned to you',
      done: forms.forms_submitted === forms.forms_total,
      progress: { done: forms.forms_submitted, total: forms.forms_total },
    });
  }
  const done = items.filter((i) => i.done).length;
  return { items, percent: Math.round((done / items.length) * 100) };
}
