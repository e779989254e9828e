import type { Migration } from '../migrator';

export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE EXTENSION IF NOT EXISTS pgcrypto;

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email varchar(320) NOT NULL,
      password_hash text NOT NULL,
      role varchar(64),
      last_sign_in_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT users_email_lowercase CHECK (email = lower(email))
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);

    CREATE TABLE profiles (
      id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      first_name varchar(100),
      last_name varchar(100),
      phone varchar(40),
      linkedin varchar(500),
      title varchar(100),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE user_global_roles (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role varchar(32) NOT NULL CHECK (role IN ('super_admin', 'superadmin', 'super-admin')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, role)
    );

    CREATE TABLE tenants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name varchar(100) NOT NULL,
      slug varchar(63) NOT NULL,
      tier varchar(16) NOT NULL DEFAULT 'starter' CHECK (tier IN ('starter', 'pro', 'advanced')),
      status varchar(16) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'trial')),
      seats_total integer NOT NULL DEFAULT 3 CHECK (seats_total >= 1),
      seats_purchased integer NOT NULL DEFAULT 1 CHECK (seats_purchased >= 1),
      bypass_billing boolean NOT NULL DEFAULT false,
      support_email varchar(320),
      logo_url text,
      favicon_url text,
      primary_color varchar(7),
      secondary_color varchar(7),
      privacy_url text,
      terms_url text,
      domain varchar(253),
      features jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX tenants_slug_key ON tenants (slug);
    CREATE UNIQUE INDEX tenants_domain_key ON tenants (domain) WHERE domain IS NOT NULL;

    CREATE TABLE memberships (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role varchar(64) NOT NULL,
      status varchar(16) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX memberships_tenant_user_key ON memberships (tenant_id, user_id);
    CREATE INDEX memberships_tenant_role_idx ON memberships (tenant_id, role);
    CREATE INDEX memberships_user_idx ON memberships (user_id);

    CREATE TABLE tenant_role_types (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      role_key varchar(64) NOT NULL CHECK (role_key ~ '^[a-z0-9_-]+$'),
      role_label varchar(64) NOT NULL,
      role_color varchar(16) NOT NULL CHECK (role_color IN ('blue', 'purple', 'green', 'gray', 'orange', 'red')),
      kind varchar(16) NOT NULL CHECK (kind IN ('admin', 'team', 'client', 'guest')),
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX tenant_role_types_tenant_key ON tenant_role_types (tenant_id, role_key);

    CREATE TABLE invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      email varchar(320) NOT NULL,
      role varchar(64) NOT NULL,
      token_hash char(64) NOT NULL,
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX invitations_token_hash_key ON invitations (token_hash);
    CREATE INDEX invitations_tenant_email_idx ON invitations (tenant_id, email);
    CREATE INDEX invitations_expires_idx ON invitations (expires_at) WHERE accepted_at IS NULL;

    CREATE TABLE refresh_token_families (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason varchar(64),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refresh_token_families_user_idx ON refresh_token_families (user_id);
    CREATE INDEX refresh_token_families_expires_idx ON refresh_token_families (expires_at);

    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      family_id uuid NOT NULL REFERENCES refresh_token_families(id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL,
      rotated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX refresh_tokens_token_hash_key ON refresh_tokens (token_hash);
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

    CREATE TABLE password_reset_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX password_reset_tokens_token_hash_key ON password_reset_tokens (token_hash);
    CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);
    CREATE INDEX password_reset_tokens_expires_idx ON password_reset_tokens (expires_at);

    CREATE TABLE audit_logs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL,
      actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      action varchar(100) NOT NULL,
      entity_type varchar(50) NOT NULL,
      entity_id varchar(100),
      reason text,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      ip varchar(64),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_logs_tenant_created_idx ON audit_logs (tenant_id, created_at DESC);
    CREATE INDEX audit_logs_created_idx ON audit_logs (created_at DESC);

    CREATE TABLE email_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid REFERENCES tenants(id) ON DELETE SET NULL,
      template varchar(64) NOT NULL,
      to_address varchar(320) NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text_body text NOT NULL,
      status varchar(16) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'logged', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX email_outbox_tenant_created_idx ON email_outbox (tenant_id, created_at DESC);
    CREATE INDEX email_outbox_status_idx ON email_outbox (status, created_at);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP TABLE IF EXISTS email_outbox, audit_logs, password_reset_tokens, refresh_tokens,
      refresh_token_families, invitations, tenant_role_types, memberships, tenants,
      user_global_roles, profiles, users;
  `);
};
