import type { Migration } from '../migrator';

/*
 * Global integrations (platform-console §2 Integrations, §3; DECISIONS §4): the platform's own
 * credentials for Slack, SendGrid, Google, Microsoft, Cloudflare and automation. The value is kept
 * encrypted with SECRETS_KEY (kernel/crypto.ts); only its last four characters are kept in clear
 * so the console can show it masked. That table belongs to no tenant.
 * A workspace's integration toggles: the platform can turn an integration off for one workspace.
 * Only a switched-off one has a row (`enabled` false); no row means on, as before the toggles.
 * A workspace's own Slack incoming webhook (its admins save it; form submissions are posted
 * there), encrypted like the global values.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE global_integrations (
      key varchar(32) PRIMARY KEY
        CHECK (key IN ('slack', 'sendgrid', 'google', 'microsoft', 'cloudflare', 'automation')),
      value_encrypted text NOT NULL,
      value_last4 varchar(4) NOT NULL,
      last_used_at timestamptz,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE tenant_integrations (
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      key varchar(16) NOT NULL CHECK (key IN ('slack', 'sendgrid', 'google', 'microsoft', 'webhooks')),
      enabled boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_id, key)
    );

    CREATE TABLE tenant_slack_webhooks (
      tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
      url_encrypted text NOT NULL,
      url_last4 varchar(4) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`DROP TABLE IF EXISTS tenant_slack_webhooks, tenant_integrations, global_integrations;`);
};
