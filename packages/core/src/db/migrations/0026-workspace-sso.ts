import type { Migration } from '../migrator';

/*
 * A workspace's own single sign-on (issue 31, Advanced plan). `tenant_sso`: its OpenID Connect
 * provider — issuer, client id and the client secret encrypted with SECRETS_KEY (its last four
 * characters kept to show) — whether it is on, and whether its team must sign in with it.
 *
 * `tenant_sso_identities`: which person an account at that provider (its subject) signs in. They
 * are the workspace's, not the person's, so not `user_identities`: a subject is unique only within
 * one issuer and one workspace's issuer says nothing about another's; they go when the workspace's
 * SSO is removed (or its issuer changed), and they are never a way into other workspaces.
 *
 * A session remembers the workspace whose SSO made it (`sso_tenant_id`), and so does a sign-in's
 * two-factor challenge until it is passed: the workspace guard lets a team member act where SSO is
 * required only in a session that came from it.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE tenant_sso (
      tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
      issuer varchar(2000) NOT NULL,
      client_id varchar(255) NOT NULL,
      client_secret_encrypted text NOT NULL,
      client_secret_last4 varchar(4) NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      required_for_team boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE tenant_sso_identities (
      tenant_id uuid NOT NULL REFERENCES tenant_sso(tenant_id) ON DELETE CASCADE,
      subject varchar(255) NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email varchar(320),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      PRIMARY KEY (tenant_id, subject)
    );
    CREATE INDEX tenant_sso_identities_user_idx ON tenant_sso_identities (tenant_id, user_id);
    ALTER TABLE refresh_token_families ADD COLUMN sso_tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL;
    ALTER TABLE two_factor_challenges ADD COLUMN sso_tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE;
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE two_factor_challenges DROP COLUMN IF EXISTS sso_tenant_id;
    ALTER TABLE refresh_token_families DROP COLUMN IF EXISTS sso_tenant_id;
    DROP TABLE IF EXISTS tenant_sso_identities;
    DROP TABLE IF EXISTS tenant_sso;
  `);
};
