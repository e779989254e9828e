import type { Migration } from '../migrator';

/*
 * Invitations can be revoked (by an admin, by a newer invitation to the same address, or when the
 * member is suspended or removed), and each address has at most one live invitation per tenant.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE invitations
      ADD COLUMN revoked_at timestamptz,
      ADD COLUMN revoked_by uuid REFERENCES users(id) ON DELETE SET NULL;
    -- Earlier duplicates lose to the newest invitation of their address, as a re-invitation now does.
    UPDATE invitations SET revoked_at = now()
    WHERE accepted_at IS NULL AND id NOT IN (
      SELECT DISTINCT ON (tenant_id, email) id FROM invitations WHERE accepted_at IS NULL ORDER BY tenant_id, email, created_at DESC, id DESC
    );
    CREATE UNIQUE INDEX invitations_tenant_email_live_key ON invitations (tenant_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP INDEX IF EXISTS invitations_tenant_email_live_key;
    ALTER TABLE invitations DROP COLUMN IF EXISTS revoked_by, DROP COLUMN IF EXISTS revoked_at;
  `);
};
