import type { Migration } from '../migrator';

/*
 * Signing in with a provider (issue 31). `user_identities`: a provider's account linked to a
 * person — the provider's key and its subject (unique together: one provider account opens one
 * person), the email as the provider gave it and whether the provider said it was verified. It
 * belongs to no tenant: a person's identity opens every workspace they belong to.
 * The global integrations' table also keeps the client secrets of the Slack and GitHub sign-in
 * providers (Google's and Microsoft's are the `google` and `microsoft` integrations' values).
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE global_integrations DROP CONSTRAINT global_integrations_key_check;
    ALTER TABLE global_integrations ADD CONSTRAINT global_integrations_key_check CHECK (key IN (
      'slack', 'sendgrid', 'google', 'microsoft', 'cloudflare', 'automation', 'slack_sign_in', 'github_sign_in'
    ));

    CREATE TABLE user_identities (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider varchar(32) NOT NULL CHECK (provider IN ('google', 'microsoft', 'slack', 'github')),
      subject varchar(255) NOT NULL,
      email varchar(320),
      email_verified boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      UNIQUE (provider, subject)
    );
    CREATE INDEX user_identities_user_id ON user_identities (user_id);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP TABLE IF EXISTS user_identities;
    DELETE FROM global_integrations WHERE key IN ('slack_sign_in', 'github_sign_in');
    ALTER TABLE global_integrations DROP CONSTRAINT global_integrations_key_check;
    ALTER TABLE global_integrations ADD CONSTRAINT global_integrations_key_check
      CHECK (key IN ('slack', 'sendgrid', 'google', 'microsoft', 'cloudflare', 'automation'));
  `);
};
