import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import {
  TENANT_STATUSES,
  TENANT_TIERS,
  type BillingStatus,
  type MagicLinkSetting,
  type TenantStatus,
  type TenantTier,
} from '@portico/common';

export { TENANT_STATUSES, TENANT_TIERS, type BillingStatus, type TenantStatus, type TenantTier };

export class Tenant extends Model<InferAttributes<Tenant>, InferCreationAttributes<Tenant>> {
  declare id: CreationOptional<string>;
  declare name: string;
  declare slug: string;
  declare tier: CreationOptional<TenantTier>;
  declare status: CreationOptional<TenantStatus>;
  declare seats_total: CreationOptional<number>;
  declare admin_seats_extra: CreationOptional<number>;
  declare bypass_billing: CreationOptional<boolean>;
  declare stripe_customer_id: CreationOptional<string | null>;
  declare billing_status: CreationOptional<BillingStatus>;
  /** When a cancelled plan ends (the tenant returns to starter then). */
  declare plan_ends_at: CreationOptional<Date | null>;
  /** While `billing_status` is `trialing`: when the trial ends and Stripe charges. */
  declare trial_ends_at: CreationOptional<Date | null>;
  /** After a failed payment: until then the workspace works; after it, read-only until paid. */
  declare grace_ends_at: CreationOptional<Date | null>;
  /** Set by the operator ("ask to subscribe"): from then a workspace without a live plan is read-only. */
  declare billing_starts_at: CreationOptional<Date | null>;
  declare support_email: CreationOptional<string | null>;
  declare logo_url: CreationOptional<string | null>;
  declare favicon_url: CreationOptional<string | null>;
  declare primary_color: CreationOptional<string | null>;
  declare secondary_color: CreationOptional<string | null>;
  declare privacy_url: CreationOptional<string | null>;
  declare terms_url: CreationOptional<string | null>;
  declare domain: CreationOptional<string | null>;
  declare features: CreationOptional<Record<string, boolean>>;
  declare magic_links: CreationOptional<MagicLinkSetting>;
  /** Whether the workspace's sign-in page shows the provider buttons Super Settings switched on. */
  declare provider_buttons: CreationOptional<boolean>;
  declare email_from_name: CreationOptional<string | null>;
  declare email_from_address: CreationOptional<string | null>;
  /** The owner whose unconfirmed address holds the workspace's mail to clients (issue 31); null when none. */
  declare client_mail_held_for: CreationOptional<string | null>;
  /** Messages older than this many days are deleted (issue 32); null keeps them. */
  declare message_retention_days: CreationOptional<number | null>;
  /** Whether deleting old messages removes their attachments too (otherwise they stay in Files). */
  declare message_retention_removes_files: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        name: { type: DataTypes.STRING(100), allowNull: false },
        slug: { type: DataTypes.STRING(63), allowNull: false },
        tier: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'starter' },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'active' },
        seats_total: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 3 },
        admin_seats_extra: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        bypass_billing: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        stripe_customer_id: DataTypes.STRING(255),
        billing_status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'none' },
        plan_ends_at: DataTypes.DATE,
        trial_ends_at: DataTypes.DATE,
        grace_ends_at: DataTypes.DATE,
        billing_starts_at: DataTypes.DATE,
        support_email: DataTypes.STRING(320),
        logo_url: DataTypes.TEXT,
        favicon_url: DataTypes.TEXT,
        primary_color: DataTypes.STRING(7),
        secondary_color: DataTypes.STRING(7),
        privacy_url: DataTypes.TEXT,
        terms_url: DataTypes.TEXT,
        domain: DataTypes.STRING(253),
        features: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        magic_links: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'clients' },
        provider_buttons: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        email_from_name: DataTypes.STRING(100),
        email_from_address: DataTypes.STRING(320),
        client_mail_held_for: DataTypes.UUID,
        message_retention_days: DataTypes.INTEGER,
        message_retention_removes_files: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'tenants' },
    );
  }
}
