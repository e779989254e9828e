import type { Migration } from '../migrator';

/*
 * Sign-in by emailed link (issue 31): each link is single use, lives 15 minutes and is bound to the
 * browser that asked for it (the hash of a value kept in that browser's cookie); its 6-digit code
 * signs in on another device, refused after a few wrong tries. A workspace chooses who of it may sign
 * in this way.
 *
 * Verified email: an account's address is verified by a link sent to it (owner signup); a change of
 * address waits, as `pending_email`, until a link sent to the new address is opened.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE tenants ADD COLUMN magic_links varchar(16) NOT NULL DEFAULT 'clients'
      CHECK (magic_links IN ('off', 'clients', 'everyone'));
    CREATE TABLE magic_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL,
      code_hash char(64) NOT NULL,
      browser_hash char(64) NOT NULL,
      wrong_codes integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX magic_links_token_hash_key ON magic_links (token_hash);
    CREATE INDEX magic_links_user_idx ON magic_links (user_id, created_at);
    ALTER TABLE users ADD COLUMN email_verified_at timestamptz, ADD COLUMN pending_email varchar(320);
    CREATE TABLE email_verifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email varchar(320) NOT NULL,
      token_hash char(64) NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX email_verifications_token_hash_key ON email_verifications (token_hash);
    CREATE INDEX email_verifications_user_idx ON email_verifications (user_id);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP TABLE IF EXISTS email_verifications;
    ALTER TABLE users DROP COLUMN IF EXISTS email_verified_at, DROP COLUMN IF EXISTS pending_email;
    DROP TABLE IF EXISTS magic_links;
    ALTER TABLE tenants DROP COLUMN IF EXISTS magic_links;
  `);
};
