import type { Migration } from '../migrator';

/*
 * Billing (a tenant's Stripe customer, subscriptions, invoices and the events already applied) and
 * custom domains. Team seats are one number, `seats_total` (tenant-config still calls it
 * `seats_purchased`); extra admin seats are their own. `tenants.domain` stays as the tenant's first
 * verified custom domain, for the console's table and search.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    UPDATE tenants SET seats_total = GREATEST(seats_total, seats_purchased);
    ALTER TABLE tenants
      DROP COLUMN seats_purchased,
      ADD COLUMN admin_seats_extra integer NOT NULL DEFAULT 0 CHECK (admin_seats_extra >= 0),
      ADD COLUMN stripe_customer_id varchar(255),
      ADD COLUMN billing_status varchar(16) NOT NULL DEFAULT 'none'
        CHECK (billing_status IN ('none', 'active', 'past_due', 'canceled')),
      ADD COLUMN plan_ends_at timestamptz;
    CREATE UNIQUE INDEX tenants_stripe_customer_key ON tenants (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

    CREATE TABLE billing_subscriptions (
      stripe_subscription_id varchar(255) PRIMARY KEY,
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      purpose varchar(16) NOT NULL CHECK (purpose IN ('plan', 'team_seats', 'admin_seats')),
      plan varchar(16),
      status varchar(32) NOT NULL,
      quantity integer NOT NULL DEFAULT 1,
      applied_quantity integer NOT NULL DEFAULT 0,
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      started_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX billing_subscriptions_tenant_idx ON billing_subscriptions (tenant_id, purpose);

    CREATE TABLE billing_invoices (
      id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      stripe_invoice_id varchar(255) NOT NULL UNIQUE,
      amount_cents integer NOT NULL,
      currency varchar(3) NOT NULL,
      status varchar(16) NOT NULL,
      hosted_invoice_url text,
      issued_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX billing_invoices_tenant_idx ON billing_invoices (tenant_id, issued_at DESC);

    CREATE TABLE billing_events (
      id varchar(255) PRIMARY KEY,
      type varchar(64) NOT NULL,
      tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX billing_events_tenant_idx ON billing_events (tenant_id, received_at);

    CREATE TABLE tenant_domains (
      id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      domain varchar(253) NOT NULL,
      verification_token varchar(64) NOT NULL,
      verified_at timestamptz,
      ssl_status varchar(16) NOT NULL DEFAULT 'pending' CHECK (ssl_status IN ('pending', 'ready', 'failed')),
      ssl_error text,
      ssl_checked_at timestamptz,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX tenant_domains_domain_key ON tenant_domains (domain);
    CREATE INDEX tenant_domains_tenant_idx ON tenant_domains (tenant_id, created_at);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP TABLE IF EXISTS tenant_domains, billing_events, billing_invoices, billing_subscriptions;
    DROP INDEX IF EXISTS tenants_stripe_customer_key;
    ALTER TABLE tenants
      DROP COLUMN IF EXISTS plan_ends_at,
      DROP COLUMN IF EXISTS billing_status,
      DROP COLUMN IF EXISTS stripe_customer_id,
      DROP COLUMN IF EXISTS admin_seats_extra,
      ADD COLUMN seats_purchased integer NOT NULL DEFAULT 1 CHECK (seats_purchased >= 1);
  `);
};
