import { isTenantAdminRole, type RoleKind } from '@portico/common';
import { forbidden, type Actor } from '@portico/core';

/**
 * The one place that answers "may this actor do this to this object".
 * Workspace actions are judged against the actor's membership of the object's tenant.
 */
export type Action =
  | 'platform.manage'
  | 'workspace.read'
  | 'workspace.update'
  | 'workspace.roles.update'
  | 'workspace.members.read'
  | 'workspace.members.manage'
  | 'files.manage'
  | 'embeds.manage'
  | 'forms.build'
  | 'forms.delete'
  | 'integrations.manage';

export interface Subject {
  tenantId?: string;
  /** The kind of the actor's role in that tenant (from its role types), for kind-based actions. */
  roleKind?: RoleKind | null;
}

const ADMIN_ONLY: ReadonlySet<Action> = new Set(['workspace.update', 'workspace.roles.update', 'workspace.members.read', 'workspace.members.manage', 'files.manage', 'embeds.manage', 'forms.delete', 'integrations.manage']);
/** Admins and members of a team-kind role (the spec's recruitpro) build forms and read responses. */
const ADMIN_OR_TEAM: ReadonlySet<Action> = new Set(['forms.build']);

export function can(actor: Actor, action: Action, subject: Subject = {}): boolean {
  if (actor.isSuperAdmin) return true;
  if (action === 'platform.manage') return false;
  const membership = actor.memberships.find((m) => m.tenant_id === subject.tenantId && m.status === 'active');
  if (!membership) return false;
  if (ADMIN_ONLY.has(action)) return isTenantAdminRole(membership.role);
  if (ADMIN_OR_TEAM.has(action)) return isTenantAdminRole(membership.role) || subject.roleKind === 'team';
  return action === 'workspace.read';
}

const REFUSALS: Record<Action, string> = {
  'platform.manage': 'Only platform super admins can do that.',
  'workspace.read': 'You are not a member of this workspace.',
  'workspace.update': 'Only workspace admins can change workspace settings.',
  'workspace.roles.update': 'Only workspace admins can change role types.',
  'workspace.members.read': 'Only workspace admins can see the member list.',
  'workspace.members.manage': 'Only workspace admins can manage users.',
  'files.manage': 'Only workspace admins can share files with other people or see their activity.',
  'embeds.manage': 'Only workspace admins can manage embeds.',
  'forms.build': 'Only workspace admins and team members can build forms or read their responses.',
  'forms.delete': 'Only workspace admins can delete forms.',
  'integrations.manage': 'Admins only.',
};

export function authorize(actor: Actor, action: Action, subject: Subject = {}): void {
  if (!can(actor, action, subject)) throw forbidden(REFUSALS[action]);
}
