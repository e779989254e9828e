import type { Migration } from '../migrator';

/*
 * Two-factor sign-in (TOTP). A person's authenticator secret, encrypted with SECRETS_KEY; it is on
 * once `enabled_at` is set (a row without it is an enrolment in progress), and `last_used_step`
 * is the newest 30-second step a code was accepted for, so no code is accepted twice. Recovery
 * codes are single-use and stored as SHA-256 hashes. A sign-in challenge is what a correct
 * password earns when a second step is due: short-lived, single-use, stored hashed.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE user_two_factor (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret_encrypted text NOT NULL,
      enabled_at timestamptz,
      last_used_step bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE two_factor_recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash char(64) NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX two_factor_recovery_codes_user_code_key ON two_factor_recovery_codes (user_id, code_hash);

    CREATE TABLE two_factor_challenges (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL,
      purpose varchar(10) NOT NULL CHECK (purpose IN ('verify', 'enrol')),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX two_factor_challenges_token_hash_key ON two_factor_challenges (token_hash);
    CREATE INDEX two_factor_challenges_user_idx ON two_factor_challenges (user_id);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP TABLE IF EXISTS two_factor_challenges;
    DROP TABLE IF EXISTS two_factor_recovery_codes;
    DROP TABLE IF EXISTS user_two_factor;
  `);
};
