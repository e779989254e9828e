import type { Sequelize } from 'sequelize';
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
