import { isTenantAdminRole } from '@portico/common';
import { assertIntegrationsPlan, forbidden, type Actor, type FileViewer, type TenantScope } from '@portico/core';

/**
 * The one place that answers "may whoever acts in this scope do this, to this object". Every rule
 * of who may do what is here, the object rules ("the uploader may delete their file") included;
 * routes and services ask, they do not decide.
 */
export type Action =
  | 'workspace.update'
  | 'workspace.roles.update'
  | 'workspace.members.read'
  | 'workspace.members.manage'
  | 'workspace.security.read'
  | 'files.manage'
  | 'files.upload'
  | 'files.delete'
  | 'embeds.manage'
  | 'forms.build'
  | 'forms.delete'
  | 'integrations.manage'
  | 'billing.manage'
  | 'domains.manage';

/** The object an action is about, when the rule depends on it. */
export interface PolicyObject {
  /** Who created it: the uploader of a file. */
  ownerId?: string | null;
  /** Whom it is for: the member and the role keys an upload is shared with. */
  recipients?: { userId?: string | null; roles?: readonly string[] };
}

/** Admins and members of a team-kind role (the spec's recruitpro) build forms and read responses. */
const ADMIN_OR_TEAM: ReadonlySet<Action> = new Set(['forms.build']);
/** Admins, or the person who created the object. */
const ADMIN_OR_OWNER: ReadonlySet<Action> = new Set(['files.delete']);
/** Admins, or anyone acting for themself alone (a member uploads a file for no one but them). */
const ADMIN_OR_SELF: ReadonlySet<Action> = new Set(['files.upload']);
/**
 * An API key acts for the workspace's admins through the public API: it reads everything, uploads
 * and shares files and invites people; it never changes settings, roles or integrations.
 */
const API_KEY_ACTIONS: ReadonlySet<Action> = new Set([
  'workspace.members.read',
  'workspace.members.manage',
  'files.manage',
  'files.upload',
  'forms.build',
]);

export function can(scope: TenantScope, action: Action, object: PolicyObject = {}): boolean {
  const { actor, role, roleKind } = scope;
  if (actor.isSuperAdmin) return true;
  if (actor.apiKeyId) return API_KEY_ACTIONS.has(action);
  if (role === null) return false;
  if (isTenantAdminRole(role)) return true;
  if (ADMIN_OR_TEAM.has(action)) return roleKind === 'team';
  if (ADMIN_OR_OWNER.has(action)) return actor.userId !== null && object.ownerId === actor.userId;
  if (ADMIN_OR_SELF.has(action)) {
    const { userId, roles = [] } = object.recipients ?? {};
    return roles.length === 0 && (!userId || userId === actor.userId);
  }
  return false;
}

const REFUSALS: Record<Action, string> = {
  'workspace.update': 'Only workspace admins can change workspace settings.',
  'workspace.roles.update': 'Only workspace admins can change role types.',
  'workspace.members.read': 'Only workspace admins can see the member list.',
  'workspace.members.manage': 'Only workspace admins can manage users.',
  'workspace.security.read': 'Only workspace admins can see the workspace’s security activity.',
  'files.manage': 'Only workspace admins can share files with other people or see their activity.',
  'files.upload': 'Only workspace admins can share files with other people.',
  'files.delete': 'Only workspace admins or the person who uploaded a file can delete it.',
  'embeds.manage': 'Only workspace admins can manage embeds.',
  'forms.build': 'Only workspace admins and team members can build forms or read their responses.',
  'forms.delete': 'Only workspace admins can delete forms.',
  'integrations.manage': 'Admins only.',
  'billing.manage': 'Admins only.',
  'domains.manage': 'Only workspace admins can manage domains.',
};

export function authorize(scope: TenantScope, action: Action, object: PolicyObject = {}): void {
  if (!can(scope, action, object)) throw forbidden(REFUSALS[action]);
}

/** Integrations (webhooks, API keys): the workspace's admins, on a plan that includes them (`plan_required` otherwise). */
export function authorizeIntegrations(scope: TenantScope): void {
  authorize(scope, 'integrations.manage');
  assertIntegrationsPlan(scope.tenant.tier);
}

/** Billing: the workspace's admins (and super admins). */
export function authorizeBilling(scope: TenantScope): void {
  authorize(scope, 'billing.manage');
}

/** Which files the actor sees: admins (and API keys) every file of the workspace; others theirs, their role's and, for form builders, the files answered to forms. */
export function fileViewerOf(scope: TenantScope): FileViewer {
  return {
    userId: scope.actor.userId,
    role: scope.role,
    isAdmin: can(scope, 'files.manage'),
    formBuilder: can(scope, 'forms.build'),
  };
}

/** The platform console is for super admins only. */
export function authorizePlatform(actor: Actor): void {
  if (actor.impersonation)
    throw forbidden(
      'An impersonation session cannot use the platform console. Stop impersonating first.',
      'impersonating',
    );
  if (!actor.isSuperAdmin) throw forbidden('Only platform super admins can do that.');
}

/** A person's password and sign-in email are theirs: a super admin impersonating them cannot change either. */
export function authorizeCredentialChange(actor: Actor, targetUserId: string = actor.user.id): void {
  if (actor.impersonation && targetUserId === actor.user.id)
    throw forbidden(
      'An impersonation session cannot change the person’s password or email.',
      'impersonation_credentials',
    );
}

/** Two-factor sign-in is the person’s own: a super admin impersonating them cannot turn it on or off. */
export function authorizeTwoFactorChange(actor: Actor): void {
  if (actor.impersonation)
    throw forbidden(
      'An impersonation session cannot change the person’s two-factor sign-in.',
      'impersonation_credentials',
    );
}
