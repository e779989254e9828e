import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { BillingCycle, TenantTier } from '@portico/common';

export type SubscriptionPurpose = 'plan' | 'team_seats' | 'admin_seats';

/** A Stripe subscription of a tenant, as last read from Stripe: its plan, or seats bought on top of it. */
export class BillingSubscription extends Model<
  InferAttributes<BillingSubscription>,
  InferCreationAttributes<BillingSubscription>
> {
  declare stripe_subscription_id: string;
  declare tenant_id: string;
  declare purpose: SubscriptionPurpose;
  declare plan: TenantTier | null;
  declare status: string;
  declare quantity: number;
  /** The seats this subscription has added to the tenant so far (0 once it stops being live). */
  declare applied_quantity: CreationOptional<number>;
  /** How often it charges; null for one stored before cycles were (monthly then). */
  declare cycle: CreationOptional<BillingCycle | null>;
  /** What one unit costs per cycle, in `currency`'s smallest unit; the cycle's charge is this × quantity. */
  declare unit_amount_cents: CreationOptional<number | null>;
  declare currency: CreationOptional<string | null>;
  /** What it charges each cycle, every item's unit amount × quantity together; null when an amount is unknown. */
  declare cycle_amount_cents: CreationOptional<number | null>;
  /** Its (one) subscription item, which a cycle switch or a seat change updates. */
  declare stripe_item_id: CreationOptional<string | null>;
  declare current_period_start: CreationOptional<Date | null>;
  declare current_period_end: Date | null;
  declare trial_end: CreationOptional<Date | null>;
  declare cancel_at_period_end: boolean;
  declare canceled_at: CreationOptional<Date | null>;
  /** Stripe's `start_date`; null when an event did not carry one. */
  declare started_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        stripe_subscription_id: { type: DataTypes.STRING(255), primaryKey: true },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        purpose: { type: DataTypes.STRING(16), allowNull: false },
        plan: DataTypes.STRING(16),
        status: { type: DataTypes.STRING(32), allowNull: false },
        quantity: { type: DataTypes.INTEGER, allowNull: false },
        applied_quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        cycle: DataTypes.STRING(8),
        unit_amount_cents: DataTypes.INTEGER,
        currency: DataTypes.STRING(3),
        cycle_amount_cents: DataTypes.INTEGER,
        stripe_item_id: DataTypes.STRING(255),
        current_period_start: DataTypes.DATE,
        current_period_end: DataTypes.DATE,
        trial_end: DataTypes.DATE,
        cancel_at_period_end: { type: DataTypes.BOOLEAN, allowNull: false },
        canceled_at: DataTypes.DATE,
        started_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'billing_subscriptions' },
    );
  }
}

/** An invoice of a tenant's Stripe customer, as last read from Stripe. */
export class BillingInvoice extends Model<InferAttributes<BillingInvoice>, InferCreationAttributes<BillingInvoice>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare stripe_invoice_id: string;
  declare amount_cents: number;
  declare currency: string;
  declare status: string;
  declare hosted_invoice_url: string | null;
  declare issued_at: Date;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        stripe_invoice_id: { type: DataTypes.STRING(255), allowNull: false },
        amount_cents: { type: DataTypes.INTEGER, allowNull: false },
        currency: { type: DataTypes.STRING(3), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false },
        hosted_invoice_url: DataTypes.TEXT,
        issued_at: { type: DataTypes.DATE, allowNull: false },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'billing_invoices' },
    );
  }
}

/** A Stripe event already applied: each is applied once, however often Stripe sends it. */
export class BillingEvent extends Model<InferAttributes<BillingEvent>, InferCreationAttributes<BillingEvent>> {
  declare id: string;
  declare type: string;
  declare tenant_id: string | null;
  /** Why a received event changed nothing (an object Portico could not read, no such customer). */
  declare unapplied_reason: CreationOptional<string | null>;
  declare received_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.STRING(255), primaryKey: true },
        type: { type: DataTypes.STRING(64), allowNull: false },
        tenant_id: DataTypes.UUID,
        unapplied_reason: DataTypes.TEXT,
        received_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'billing_events', timestamps: false },
    );
  }
}

export type BillingNoticeKind = 'trial_ending' | 'grace_started' | 'grace_ending' | 'billing_starting';

/** A billing reminder emailed to a tenant's admins, once per kind and due date. */
export class BillingNotice extends Model<InferAttributes<BillingNotice>, InferCreationAttributes<BillingNotice>> {
  declare tenant_id: string;
  declare kind: BillingNoticeKind;
  /** The moment the reminder is about (the trial's or grace period's end, the date billing starts). */
  declare due_at: Date;
  declare sent_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        tenant_id: { type: DataTypes.UUID, primaryKey: true },
        kind: { type: DataTypes.STRING(32), primaryKey: true },
        due_at: { type: DataTypes.DATE, primaryKey: true },
        sent_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'billing_notices', timestamps: false },
    );
  }
}

export type SslStatus = 'pending' | 'ready' | 'failed';

/** A custom domain of a tenant: a claim until its TXT record is verified, then given a certificate by the proxy. */
export class TenantDomain extends Model<InferAttributes<TenantDomain>, InferCreationAttributes<TenantDomain>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare domain: string;
  declare verification_token: string;
  declare verified_at: CreationOptional<Date | null>;
  declare ssl_status: CreationOptional<SslStatus>;
  declare ssl_error: CreationOptional<string | null>;
  declare ssl_checked_at: CreationOptional<Date | null>;
  declare created_by: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        domain: { type: DataTypes.STRING(253), allowNull: false },
        verification_token: { type: DataTypes.STRING(64), allowNull: false },
        verified_at: DataTypes.DATE,
        ssl_status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
        ssl_error: DataTypes.TEXT,
        ssl_checked_at: DataTypes.DATE,
        created_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'tenant_domains' },
    );
  }
}
