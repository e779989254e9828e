import type { Migration } from '../migrator';

/** The CRM users table pages a tenant's members newest first (its default sort). */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(
    'CREATE INDEX memberships_tenant_created_idx ON memberships (tenant_id, created_at DESC, user_id);',
  );
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query('DROP INDEX IF EXISTS memberships_tenant_created_idx;');
};
