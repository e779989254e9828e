import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { BillingCycle } from '@portico/common';
import type { TenantTier } from './tenant';

export type OnboardingStatus = 'in_progress' | 'provisioning' | 'ready' | 'failed';

export interface OnboardingCapabilities {
  useEmbeds: boolean;
  useForms: boolean;
  useFiles: boolean;
  emailFromName: string | null;
  emailFromAddress: string | null;
}

/** What Stripe said about the paid plan's subscription when checkout was verified (the optional fields since cycles). */
export interface OnboardingSubscription {
  id: string;
  status: string;
  quantity: number;
  startedAt: string | null;
  currentPeriodEnd: string | null;
  currentPeriodStart?: string | null;
  cycle?: BillingCycle | null;
  unitAmountCents?: number | null;
  cycleAmountCents?: number | null;
  currency?: string | null;
  itemId?: string | null;
  trialEnd?: string | null;
}

/** One owner's way through the onboarding wizard, until and after their workspace exists. */
export class OnboardingState extends Model<InferAttributes<OnboardingState>, InferCreationAttributes<OnboardingState>> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare workspace_id: CreationOptional<string>;
  declare company_name: string;
  declare source: string | null;
  declare source_other: string | null;
  declare title: string | null;
  declare plan: CreationOptional<TenantTier | null>;
  declare plan_saved: CreationOptional<boolean>;
  declare admin_seats: CreationOptional<number>;
  declare paid: CreationOptional<boolean>;
  declare checkout_session_id: CreationOptional<string | null>;
  declare stripe_customer_id: CreationOptional<string | null>;
  declare subscription: CreationOptional<OnboardingSubscription | null>;
  declare branding_saved: CreationOptional<boolean>;
  declare subdomain: CreationOptional<string | null>;
  declare brand_color: CreationOptional<string>;
  declare logo_url: CreationOptional<string | null>;
  declare custom_domain: CreationOptional<string | null>;
  declare capabilities_saved: CreationOptional<boolean>;
  declare capabilities: CreationOptional<Partial<OnboardingCapabilities>>;
  declare slack_webhook_encrypted: CreationOptional<string | null>;
  declare slack_webhook_last4: CreationOptional<string | null>;
  declare status: CreationOptional<OnboardingStatus>;
  declare error: CreationOptional<string | null>;
  declare tenant_id: CreationOptional<string | null>;
  declare provisioned_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        user_id: { type: DataTypes.UUID, allowNull: false },
        workspace_id: { type: DataTypes.UUID, allowNull: false, defaultValue: DataTypes.UUIDV4 },
        company_name: { type: DataTypes.STRING(100), allowNull: false },
        source: DataTypes.STRING(20),
        source_other: DataTypes.STRING(200),
        title: DataTypes.STRING(40),
        plan: DataTypes.STRING(16),
        plan_saved: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        admin_seats: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
        paid: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        checkout_session_id: DataTypes.STRING(255),
        stripe_customer_id: DataTypes.STRING(255),
        subscription: DataTypes.JSONB,
        branding_saved: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        subdomain: DataTypes.STRING(63),
        brand_color: { type: DataTypes.STRING(7), allowNull: false, defaultValue: '#2563eb' },
        logo_url: DataTypes.TEXT,
        custom_domain: DataTypes.STRING(253),
        capabilities_saved: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        capabilities: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        slack_webhook_encrypted: DataTypes.TEXT,
        slack_webhook_last4: DataTypes.STRING(4),
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'in_progress' },
        error: DataTypes.TEXT,
        tenant_id: DataTypes.UUID,
        provisioned_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'onboarding_states' },
    );
  }
}

/** What happened at one step of someone's onboarding (platform-console §3 Onboarding event). */
export class OnboardingEvent extends Model<InferAttributes<OnboardingEvent>, InferCreationAttributes<OnboardingEvent>> {
  declare id: CreationOptional<string>;
  declare user_id: string | null;
  declare action: string;
  declare invite_id: CreationOptional<string | null>;
  declare tenant_id: CreationOptional<string | null>;
  declare error: CreationOptional<string | null>;
  declare context: CreationOptional<Record<string, unknown>>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        user_id: DataTypes.UUID,
        action: { type: DataTypes.STRING(40), allowNull: false },
        invite_id: DataTypes.UUID,
        tenant_id: DataTypes.UUID,
        error: DataTypes.TEXT,
        context: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'onboarding_events' },
    );
  }
}
