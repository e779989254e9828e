import {
  FOLDER_MESSAGES,
  FILE_VERSION_MESSAGES,
  isTenantAdminRole,
  MESSAGE_MESSAGES,
  type AccountAbilities,
  type WorkspaceAbilities,
  type WorkspaceAbility,
} from '@portico/common';
import {
  assertIntegrationsPlan,
  assertWorkspaceSsoPlan,
  forbidden,
  type Actor,
  type ActorMembership,
  type DomainError,
  type FileViewer,
  type MessageViewer,
  type TenantScope,
  type ThreadReader,
} from '@portico/core';

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
  | 'workspace.mail.read'
  | 'files.manage'
  | 'files.upload'
  | 'files.delete'
  | 'files.restore'
  | 'folders.manage'
  | 'files.version'
  | 'files.versions.download'
  | 'embeds.manage'
  | 'forms.build'
  | 'forms.delete'
  | 'integrations.manage'
  | 'billing.manage'
  | 'domains.manage'
  | 'messages.team'
  | 'messages.people'
  | 'messages.edit'
  | 'messages.delete';

/** The object an action is about, when the rule depends on it. */
export interface PolicyObject {
  /** Who created it: the uploader of a file, the author of a message. */
  ownerId?: string | null;
  /** Whom it is for: the member and the role keys an upload is shared with. */
  recipients?: { userId?: string | null; roles?: readonly string[] };
}

/**
 * Admins and members of a team-kind role (the spec's recruitpro) build forms and read responses;
 * they are the team of the workspace's conversations: they read every thread and open threads with
 * chosen clients or a role (issue 32).
 */
const ADMIN_OR_TEAM: ReadonlySet<Action> = new Set(['forms.build', 'messages.team', 'messages.people']);
/** The author alone, whoever else acts (an admin or a super admin too): a message is in its author's words. */
const AUTHOR_ONLY: ReadonlySet<Action> = new Set(['messages.edit', 'messages.delete']);
/** Admins, or the person who created the object (who may delete a file may undo that, or give it a new version). */
const ADMIN_OR_OWNER: ReadonlySet<Action> = new Set(['files.delete', 'files.restore', 'files.version']);
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
  'messages.team',
]);

/** What the rules read of a scope: who acts, and with which role in the workspace. */
export type PolicySubject = Pick<TenantScope, 'actor' | 'role' | 'roleKind'>;

export function can(scope: PolicySubject, action: Action, object: PolicyObject = {}): boolean {
  const { actor, role, roleKind } = scope;
  if (AUTHOR_ONLY.has(action)) return actor.userId !== null && object.ownerId === actor.userId;
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
  'workspace.mail.read': 'Only workspace admins can see the workspace’s held mail.',
  'files.manage': 'Only workspace admins can share files with other people or see their activity.',
  'files.upload': 'Only workspace admins can share files with other people.',
  'files.delete': 'Only workspace admins or the person who uploaded a file can delete it.',
  'files.restore': 'Only workspace admins or the person who uploaded a file can restore it.',
  'folders.manage': FOLDER_MESSAGES.adminsOnly,
  'files.version': 'Only workspace admins or the person who uploaded a file can upload a new version of it.',
  'files.versions.download': FILE_VERSION_MESSAGES.adminsOnly,
  'embeds.manage': 'Only workspace admins can manage embeds.',
  'forms.build': 'Only workspace admins and team members can build forms or read their responses.',
  'forms.delete': 'Only workspace admins can delete forms.',
  'integrations.manage': 'Admins only.',
  'billing.manage': 'Admins only.',
  'domains.manage': 'Only workspace admins can manage domains.',
  'messages.team': MESSAGE_MESSAGES.clientsOnly,
  'messages.people': MESSAGE_MESSAGES.teamChangesPeople,
  'messages.edit': MESSAGE_MESSAGES.notAuthorEdit,
  'messages.delete': MESSAGE_MESSAGES.notAuthorDelete,
};

export function authorize(scope: TenantScope, action: Action, object: PolicyObject = {}): void {
  if (!can(scope, action, object)) throw forbidden(REFUSALS[action]);
}

/** Integrations (webhooks, API keys): the workspace's admins, on a plan that includes them (`plan_required` otherwise). */
export function authorizeIntegrations(scope: TenantScope): void {
  authorize(scope, 'integrations.manage');
  assertIntegrationsPlan(scope.tenant.tier);
}

/** The workspace's single sign-on: its admins, on the Advanced plan (`plan_required` otherwise). */
export function authorizeWorkspaceSso(scope: TenantScope): void {
  authorize(scope, 'workspace.update');
  assertWorkspaceSsoPlan(scope.tenant);
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

/** Which threads the actor reads: the team (and API keys) every thread of the workspace; a client theirs, their groups' and their role's announcements. */
export function threadReaderOf(scope: TenantScope): ThreadReader {
  return { userId: scope.actor.userId, role: scope.role, seesAll: can(scope, 'messages.team') };
}

/** Which messages and attachments the actor may read. */
export function messageViewerOf(scope: TenantScope): MessageViewer {
  return { reader: threadReaderOf(scope), files: fileViewerOf(scope) };
}

/** Why the actor may not use the platform console, or null when they may: it is for super admins only. */
function platformRefusal(actor: Actor): DomainError | null {
  if (actor.impersonation)
    return forbidden(
      'An impersonation session cannot use the platform console. Stop impersonating first.',
      'impersonating',
    );
  if (!actor.isSuperAdmin) return forbidden('Only platform super admins can do that.');
  return null;
}

export function authorizePlatform(actor: Actor): void {
  const refusal = platformRefusal(actor);
  if (refusal) throw refusal;
}

/** The action of the policies behind each ability the SPA is sent. */
const ABILITY_ACTIONS: Record<WorkspaceAbility, Action> = {
  manage_settings: 'workspace.update',
  manage_roles: 'workspace.roles.update',
  manage_users: 'workspace.members.manage',
  manage_files: 'files.manage',
  manage_embeds: 'embeds.manage',
  build_forms: 'forms.build',
  delete_forms: 'forms.delete',
  manage_integrations: 'integrations.manage',
  manage_billing: 'billing.manage',
  manage_domains: 'domains.manage',
};

function workspaceAbilitiesOf(subject: PolicySubject): WorkspaceAbilities {
  const entries = Object.entries(ABILITY_ACTIONS).map(([ability, action]) => [ability, can(subject, action)]);
  return Object.fromEntries(entries) as WorkspaceAbilities;
}

/** The scope's actor as the person of a session, who acts for no API key. */
function sessionActorOf(actor: Actor): TenantScope['actor'] {
  return {
    userId: actor.user.id,
    apiKeyId: null,
    isSuperAdmin: actor.isSuperAdmin,
    ip: null,
    impersonatorUserId: actor.impersonation?.impersonatorUserId ?? null,
  };
}

/** What the person may do in the workspace of one of their memberships, by the same rules the routes ask. */
export function membershipAbilitiesOf(actor: Actor, membership: Pick<ActorMembership, 'role' | 'role_kind'>) {
  return workspaceAbilitiesOf({ actor: sessionActorOf(actor), role: membership.role, roleKind: membership.role_kind });
}

/** What the person may do outside their memberships: the console, and any workspace they visit without a role in it. */
export function accountAbilitiesOf(actor: Actor): AccountAbilities {
  return {
    ...workspaceAbilitiesOf({ actor: sessionActorOf(actor), role: null, roleKind: null }),
    use_console: platformRefusal(actor) === null,
  };
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

/** Linked sign-in methods are the person’s own: a super admin impersonating them cannot unlink one. */
export function authorizeIdentityChange(actor: Actor): void {
  if (actor.impersonation)
    throw forbidden(
      'An impersonation session cannot change the person’s sign-in methods.',
      'impersonation_credentials',
    );
}
