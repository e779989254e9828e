import type { Model, ModelStatic, Sequelize } from 'sequelize';
import { enforceTenantScope } from '../tenant-scope';
import { BillingEvent, BillingInvoice, BillingNotice, BillingSubscription, TenantDomain } from './billing';
import { Embed } from './embeds';
import { FileEvent, FileRecord } from './files';
import { Folder } from './folders';
import { Form, FormResponse, FormVersion, TenantEvent } from './forms';
import {
  ApiKey,
  TenantIntegration,
  TenantSlackWebhook,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
} from './integrations';
import { EmailVerification, MagicLink } from './magic-link';
import { Invitation, Membership, TenantRoleType } from './membership';
import { Message, MessageFile, MessageThread, ThreadParticipant } from './messages';
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
export * from './folders';
export * from './forms';
export * from './integrations';
export * from './magic-link';
export * from './membership';
export * from './messages';
export * from './notifications';
export * from './onboarding';
export * from './platform';
export * from './session';
export * from './tenant';
export * from './user';
export * from './two-factor';

/** A model class as declared here: its attributes are bound to a connection by `initModel`. */
type ModelClass = ModelStatic<Model> & { initModel(sequelize: Sequelize): void };

/**
 * A subclass of `base` bound to `sequelize`: every connection gets classes of its own, so two apps in
 * one process each read and write their own database with their own hooks. Its rows are still
 * instances of `base`, the type services name.
 */
function bindModel<M extends ModelClass>(sequelize: Sequelize, base: M): M {
  const Base = base as unknown as new (...args: never[]) => Model;
  const bound = { [base.name]: class extends Base {} }[base.name] as unknown as M;
  bound.initModel(sequelize);
  return bound;
}

/**
 * The models of one connection, reached as `ctx.db` (built by createContext): every model bound to
 * it, the associations between them and the tenant-scope guard.
 */
export function bindModels(sequelize: Sequelize) {
  const bind = <M extends ModelClass>(base: M) => bindModel(sequelize, base);
  const db = {
    User: bind(User),
    Profile: bind(Profile),
    UserGlobalRole: bind(UserGlobalRole),
    Tenant: bind(Tenant),
    Membership: bind(Membership),
    TenantRoleType: bind(TenantRoleType),
    Invitation: bind(Invitation),
    RefreshTokenFamily: bind(RefreshTokenFamily),
    RefreshToken: bind(RefreshToken),
    PasswordResetToken: bind(PasswordResetToken),
    MagicLink: bind(MagicLink),
    EmailVerification: bind(EmailVerification),
    AuditLog: bind(AuditLog),
    EmailOutbox: bind(EmailOutbox),
    JobOutbox: bind(JobOutbox),
    FileRecord: bind(FileRecord),
    FileEvent: bind(FileEvent),
    Folder: bind(Folder),
    Embed: bind(Embed),
    Form: bind(Form),
    FormVersion: bind(FormVersion),
    FormResponse: bind(FormResponse),
    TenantEvent: bind(TenantEvent),
    ApiKey: bind(ApiKey),
    Webhook: bind(Webhook),
    WebhookDelivery: bind(WebhookDelivery),
    WebhookAttempt: bind(WebhookAttempt),
    BillingSubscription: bind(BillingSubscription),
    BillingInvoice: bind(BillingInvoice),
    BillingEvent: bind(BillingEvent),
    BillingNotice: bind(BillingNotice),
    TenantDomain: bind(TenantDomain),
    Announcement: bind(Announcement),
    AnnouncementDismissal: bind(AnnouncementDismissal),
    AlertRule: bind(AlertRule),
    PlatformSetting: bind(PlatformSetting),
    FeatureFlag: bind(FeatureFlag),
    GlobalIntegration: bind(GlobalIntegration),
    TenantIntegration: bind(TenantIntegration),
    TenantSlackWebhook: bind(TenantSlackWebhook),
    UserTwoFactor: bind(UserTwoFactor),
    TwoFactorRecoveryCode: bind(TwoFactorRecoveryCode),
    TwoFactorChallenge: bind(TwoFactorChallenge),
    OnboardingState: bind(OnboardingState),
    OnboardingEvent: bind(OnboardingEvent),
    MessageThread: bind(MessageThread),
    ThreadParticipant: bind(ThreadParticipant),
    Message: bind(Message),
    MessageFile: bind(MessageFile),
  };

  db.User.hasOne(db.Profile, { foreignKey: 'id', as: 'profile' });
  db.User.hasMany(db.UserGlobalRole, { foreignKey: 'user_id', as: 'globalRoles' });
  db.User.hasMany(db.Membership, { foreignKey: 'user_id', as: 'memberships' });
  db.Membership.belongsTo(db.User, { foreignKey: 'user_id', as: 'user' });
  db.Membership.belongsTo(db.Tenant, { foreignKey: 'tenant_id', as: 'tenant' });
  db.Invitation.belongsTo(db.Tenant, { foreignKey: 'tenant_id', as: 'tenant' });
  db.Invitation.belongsTo(db.User, { foreignKey: 'invited_by', as: 'inviter' });
  db.RefreshToken.belongsTo(db.RefreshTokenFamily, { foreignKey: 'family_id', as: 'family' });

  enforceTenantScope({
    owned: [
      db.Membership,
      db.TenantRoleType,
      db.Invitation,
      db.AuditLog,
      db.EmailOutbox,
      db.FileRecord,
      db.FileEvent,
      db.Folder,
      db.Embed,
      db.Form,
      db.FormVersion,
      db.FormResponse,
      db.TenantEvent,
      db.ApiKey,
      db.Webhook,
      db.WebhookDelivery,
      db.WebhookAttempt,
      db.TenantIntegration,
      db.TenantSlackWebhook,
      db.BillingSubscription,
      db.BillingInvoice,
      db.BillingNotice,
      db.TenantDomain,
      db.MessageThread,
      db.ThreadParticipant,
      db.Message,
      db.MessageFile,
    ],
    all: Object.values(db),
  });
  return db;
}

/** The models of one connection (`ctx.db`). */
export type Models = ReturnType<typeof bindModels>;
