import type { Migration } from '../migrator';

/*
 * Self-serve onboarding (platform-console §3): one state per owner while they go through the
 * wizard, and the events each step writes. `workspace_id` is the id the workspace will get, known
 * from the start so its logo is stored where the workspace keeps it; `tenant_id` is set once the
 * workspace exists. `subdomain` is unique among states not yet provisioned: a reservation.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE onboarding_states (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      workspace_id uuid NOT NULL UNIQUE,
      company_name varchar(100) NOT NULL,
      source varchar(20),
      source_other varchar(200),
      title varchar(40),
      plan varchar(16),
      plan_saved boolean NOT NULL DEFAULT false,
      admin_seats integer NOT NULL DEFAULT 1 CHECK (admin_seats >= 1),
      paid boolean NOT NULL DEFAULT false,
      checkout_session_id varchar(255),
      stripe_customer_id varchar(255),
      subscription jsonb,
      branding_saved boolean NOT NULL DEFAULT false,
      subdomain varchar(63),
      brand_color varchar(7) NOT NULL DEFAULT '#2563eb',
      logo_url text,
      custom_domain varchar(253),
      capabilities_saved boolean NOT NULL DEFAULT false,
      capabilities jsonb NOT NULL DEFAULT '{}',
      slack_webhook_encrypted text,
      slack_webhook_last4 varchar(4),
      status varchar(16) NOT NULL DEFAULT 'in_progress',
      error text,
      tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL,
      provisioned_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await sequelize.query(
    `CREATE UNIQUE INDEX onboarding_states_subdomain ON onboarding_states (subdomain) WHERE status <> 'ready'`,
  );
  await sequelize.query(`CREATE INDEX onboarding_states_tenant ON onboarding_states (tenant_id)`);
  // The sender of the workspace's emails, asked for during onboarding (capabilities).
  await sequelize.query(
    `ALTER TABLE tenants ADD COLUMN email_from_name varchar(100), ADD COLUMN email_from_address varchar(320)`,
  );
  await sequelize.query(`
    CREATE TABLE onboarding_events (
      id uuid PRIMARY KEY,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      action varchar(40) NOT NULL,
      invite_id uuid,
      tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL,
      error text,
      context jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await sequelize.query(`CREATE INDEX onboarding_events_tenant ON onboarding_events (tenant_id)`);
  await sequelize.query(`CREATE INDEX onboarding_events_created ON onboarding_events (created_at DESC)`);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`DROP TABLE IF EXISTS onboarding_events`);
  await sequelize.query(`DROP TABLE IF EXISTS onboarding_states`);
  await sequelize.query(
    `ALTER TABLE tenants DROP COLUMN IF EXISTS email_from_name, DROP COLUMN IF EXISTS email_from_address`,
  );
};
