import type { Migration } from '../migrator';

/* API keys for the public API, outgoing webhooks, their deliveries and every delivery attempt. */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      label varchar(100) NOT NULL,
      key_prefix varchar(16) NOT NULL,
      key_hash char(64) NOT NULL UNIQUE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_keys_tenant_idx ON api_keys (tenant_id, created_at DESC);

    CREATE TABLE webhooks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      url text NOT NULL CHECK (url ~ '^https?://'),
      events varchar(8) NOT NULL CHECK (events IN ('all', 'forms', 'files')),
      enabled boolean NOT NULL DEFAULT true,
      secret_encrypted text NOT NULL,
      consecutive_failures integer NOT NULL DEFAULT 0,
      disabled_reason text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhooks_tenant_idx ON webhooks (tenant_id, created_at);

    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      event_id uuid REFERENCES tenant_events(id) ON DELETE SET NULL,
      message_id varchar(64) NOT NULL,
      event_type varchar(64) NOT NULL,
      payload jsonb NOT NULL,
      status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_status_code integer,
      last_error text,
      replay_of uuid REFERENCES webhook_deliveries(id) ON DELETE SET NULL,
      completed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_deliveries_tenant_webhook_idx ON webhook_deliveries (tenant_id, webhook_id, created_at DESC);
    CREATE UNIQUE INDEX webhook_deliveries_event_once_idx ON webhook_deliveries (webhook_id, event_id) WHERE event_id IS NOT NULL AND replay_of IS NULL;
    -- The sweep-events job looks across tenants for deliveries still pending.
    CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (created_at, id) WHERE status = 'pending';

    CREATE TABLE webhook_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      status_code integer,
      duration_ms integer NOT NULL,
      response_excerpt text,
      error text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_attempts_tenant_delivery_idx ON webhook_attempts (tenant_id, delivery_id, attempt);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP TABLE IF EXISTS webhook_attempts;
    DROP TABLE IF EXISTS webhook_deliveries;
    DROP TABLE IF EXISTS webhooks;
    DROP TABLE IF EXISTS api_keys;
  `);
};
