import type { Migration } from '../migrator';

/*
 * Impersonation: a super admin's session as someone else is a refresh-token family of its own, marked
 * with who started it and why. Its `expires_at` is the end of the impersonation (60 minutes after the
 * start), which no refresh moves.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE refresh_token_families
      ADD COLUMN impersonator_user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      ADD COLUMN impersonation_reason text,
      ADD CONSTRAINT refresh_token_families_impersonation_reason_check
        CHECK ((impersonator_user_id IS NULL) = (impersonation_reason IS NULL));
    CREATE INDEX refresh_token_families_impersonator_idx ON refresh_token_families (impersonator_user_id)
      WHERE impersonator_user_id IS NOT NULL;
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE refresh_token_families
      DROP COLUMN impersonator_user_id,
      DROP COLUMN impersonation_reason;
  `);
};
