import type { Model, ModelStatic, Sequelize } from 'sequelize';
import { invalidateSessions, type SessionTargets } from '../../services/session-cache';
import { invalidateWorkspaces, type WorkspaceTargets } from '../../services/workspace-cache';
import { cacheSource, invalidateOnChange, pinnedValues, whereTargets, type CacheSource } from '../cache-hooks';
import { enforceTenantScope } from '../tenant-scope';
import { BillingEvent, BillingInvoice, BillingNotice, BillingSubscription, TenantDomain } from './billing';
import { Embed } from './embeds';
import { FileEvent, FileRecord } from './files';
import { Form, FormResponse, FormVersion, TenantEvent } from './forms';
import {
  ApiKey,
  TenantIntegration,
  TenantSlackWebhook,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
} from './integrations';
import { Invitation, Membership, TenantRoleType } from './membership';
import { AlertRule, Announcement, AnnouncementDismissal } from './notifications';
import { OnboardingEvent, OnboardingState } from './onboarding';
import { AuditLog, EmailOutbox, FeatureFlag, GlobalIntegration, JobOutbox, PlatformSetting } from './platform';
import { PasswordResetToken, RefreshToken, RefreshTokenFamily } from './session';
import { Tenant } from './tenant';
import { TwoFactorChallenge, TwoFactorRecoveryCode, UserTwoFactor } from './two-factor';
import { Profile, User, UserGlobalRole } from './user';

export * from './billing';
export * from './embeds';
export * from './files';
export * from './forms';
export * from './integrations';
export * from './membership';
export * from './notifications';
export * from './onboarding';
export * from './platform';
export * from './session';
export * from './tenant';
export * from './user';
export * from './two-factor';

/** Binds every model to the connection, wires associations and the tenant-scope guard. */
export function initModels(sequelize: Sequelize): void {
  const all = [
    User,
    Profile,
    UserGlobalRole,
    Tenant,
    Membership,
    TenantRoleType,
    Invitation,
    RefreshTokenFamily,
    RefreshToken,
    PasswordResetToken,
    AuditLog,
    EmailOutbox,
    JobOutbox,
    FileRecord,
    FileEvent,
    Embed,
    Form,
    FormVersion,
    FormResponse,
    TenantEvent,
    ApiKey,
    Webhook,
    WebhookDelivery,
    WebhookAttempt,
    BillingSubscription,
    BillingInvoice,
    BillingEvent,
    BillingNotice,
    TenantDomain,
    Announcement,
    AnnouncementDismissal,
    AlertRule,
    PlatformSetting,
    FeatureFlag,
    GlobalIntegration,
    TenantIntegration,
    TenantSlackWebhook,
    UserTwoFactor,
    TwoFactorRecoveryCode,
    TwoFactorChallenge,
    OnboardingState,
    OnboardingEvent,
  ];
  for (const model of all) model.initModel(sequelize);

  User.hasOne(Profile, { foreignKey: 'id', as: 'profile' });
  User.hasMany(UserGlobalRole, { foreignKey: 'user_id', as: 'globalRoles' });
  User.hasMany(Membership, { foreignKey: 'user_id', as: 'memberships' });
  Membership.belongsTo(User, { foreignKey: 'user_id', as: 'user' });
  Membership.belongsTo(Tenant, { foreignKey: 'tenant_id', as: 'tenant' });
  Invitation.belongsTo(Tenant, { foreignKey: 'tenant_id', as: 'tenant' });
  Invitation.belongsTo(User, { foreignKey: 'invited_by', as: 'inviter' });
  RefreshToken.belongsTo(RefreshTokenFamily, { foreignKey: 'family_id', as: 'family' });

  // What an authenticated request is built from (services/users.ts loadSessionActor) is cached; every write here says so.
  invalidateOnChange<SessionTargets>('sessionVersions', invalidateSessions, [
    sessionSource({
      model: User,
      ofRow: (u) => ({ users: [u.id] }),
      ofWhere: (where) => whereTargets(where, 'id', 'users'),
    }),
    sessionSource({
      model: UserGlobalRole,
      ofRow: (g) => ({ users: [g.user_id] }),
      ofWhere: (where) => whereTargets(where, 'user_id', 'users'),
    }),
    sessionSource({
      model: Membership,
      ofRow: (m) => ({ users: [m.user_id, m.previous('user_id')] }),
      ofWhere: (where) => whereTargets(where, 'user_id', 'users'),
    }),
    sessionSource({
      model: RefreshTokenFamily,
      ofRow: (f) => ({ families: [f.id] }),
      ofWhere: (where) =>
        pinnedValues(where, 'id') ? whereTargets(where, 'id', 'families') : whereTargets(where, 'user_id', 'users'),
    }),
    // Tenants and role types change rarely and reach every member: everything is read again.
    sessionSource({ model: Tenant, ofRow: () => ({ everything: true }), ofWhere: () => ({ everything: true }) }),
    sessionSource({
      model: TenantRoleType,
      ofRow: () => ({ everything: true }),
      ofWhere: () => ({ everything: true }),
    }),
  ]);

  // What members browse is cached per workspace (services/workspace-cache.ts); every write here says so.
  invalidateOnChange<WorkspaceTargets>('workspaceVersions', invalidateWorkspaces, [
    // The platform's integration switches decide which embeds members see.
    ...[FileRecord, FileEvent, Form, FormResponse, Embed, Membership, TenantRoleType, TenantIntegration].map(ownRows),
    // Accounts and profiles show in every workspace their owner belongs to, and in files they shared
    // in workspaces they have left; they change rarely: everything is read again.
    workspaceSource({ model: User, ofRow: () => ({ everything: true }), ofWhere: () => ({ everything: true }) }),
    workspaceSource({ model: Profile, ofRow: () => ({ everything: true }), ofWhere: () => ({ everything: true }) }),
  ]);

  enforceTenantScope({
    owned: [
      Membership,
      TenantRoleType,
      Invitation,
      AuditLog,
      EmailOutbox,
      FileRecord,
      FileEvent,
      Embed,
      Form,
      FormVersion,
      FormResponse,
      TenantEvent,
      ApiKey,
      Webhook,
      WebhookDelivery,
      WebhookAttempt,
      TenantIntegration,
      TenantSlackWebhook,
      BillingSubscription,
      BillingInvoice,
      BillingNotice,
      TenantDomain,
    ],
    all,
  });
}

const sessionSource = <M extends Model>(source: CacheSource<SessionTargets, M>) => cacheSource(source);
const workspaceSource = <M extends Model>(source: CacheSource<WorkspaceTargets, M>) => cacheSource(source);

/** A tenant-owned model names the workspace of each row it writes (its bulk writes pin `tenant_id`, or name everything). */
function ownRows(model: ModelStatic<Model & { tenant_id: string }>): CacheSource<WorkspaceTargets> {
  return workspaceSource({
    model,
    ofRow: (row) => ({ tenants: [row.tenant_id] }),
    ofWhere: (where) => whereTargets(where, 'tenant_id', 'tenants'),
  });
}
