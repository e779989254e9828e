import type { Migration } from '../migrator';

/*
 * Billing's lifecycle (issue 28): what a subscription charges and when (cycle, unit amount,
 * quantity, periods, trial), so the operator's revenue is read from here and never from Stripe per
 * view; a workspace's trial end, grace period after a failed payment, and the date an operator set
 * for billing to start; the reminders already emailed (once each); and why an event was stored
 * without being applied.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE billing_subscriptions
      ADD COLUMN cycle varchar(8) CHECK (cycle IN ('monthly', 'yearly')),
      ADD COLUMN unit_amount_cents integer CHECK (unit_amount_cents >= 0),
      ADD COLUMN currency varchar(3),
      ADD COLUMN stripe_item_id varchar(255),
      ADD COLUMN current_period_start timestamptz,
      ADD COLUMN trial_end timestamptz,
      ADD COLUMN canceled_at timestamptz,
      ALTER COLUMN started_at DROP NOT NULL;
    CREATE INDEX billing_subscriptions_status_idx ON billing_subscriptions (status, current_period_end);

    ALTER TABLE tenants DROP CONSTRAINT tenants_billing_status_check;
    ALTER TABLE tenants
      ADD CONSTRAINT tenants_billing_status_check
        CHECK (billing_status IN ('none', 'trialing', 'active', 'past_due', 'unpaid', 'canceled')),
      ADD COLUMN trial_ends_at timestamptz,
      ADD COLUMN grace_ends_at timestamptz,
      ADD COLUMN billing_starts_at timestamptz;

    ALTER TABLE billing_events ADD COLUMN unapplied_reason text;

    CREATE TABLE billing_notices (
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      kind varchar(32) NOT NULL,
      due_at timestamptz NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_id, kind, due_at)
    );
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP TABLE IF EXISTS billing_notices;
    ALTER TABLE billing_events DROP COLUMN IF EXISTS unapplied_reason;
    UPDATE tenants SET billing_status = 'active' WHERE billing_status = 'trialing';
    UPDATE tenants SET billing_status = 'past_due' WHERE billing_status = 'unpaid';
    ALTER TABLE tenants DROP CONSTRAINT tenants_billing_status_check;
    ALTER TABLE tenants
      ADD CONSTRAINT tenants_billing_status_check CHECK (billing_status IN ('none', 'active', 'past_due', 'canceled')),
      DROP COLUMN IF EXISTS trial_ends_at,
      DROP COLUMN IF EXISTS grace_ends_at,
      DROP COLUMN IF EXISTS billing_starts_at;
    DROP INDEX IF EXISTS billing_subscriptions_status_idx;
    UPDATE billing_subscriptions SET started_at = created_at WHERE started_at IS NULL;
    ALTER TABLE billing_subscriptions
      ALTER COLUMN started_at SET NOT NULL,
      DROP COLUMN IF EXISTS cycle,
      DROP COLUMN IF EXISTS unit_amount_cents,
      DROP COLUMN IF EXISTS currency,
      DROP COLUMN IF EXISTS stripe_item_id,
      DROP COLUMN IF EXISTS current_period_start,
      DROP COLUMN IF EXISTS trial_end,
      DROP COLUMN IF EXISTS canceled_at;
  `);
};
