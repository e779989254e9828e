import type { Migration } from '../migrator';

/*
 * The console's tenant table counts each workspace's API calls: every call made with a key is
 * counted in Redis and added here by the `flush-api-key-usage` task, so the count survives the key
 * being revoked and costs the request no database write.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`ALTER TABLE api_keys ADD COLUMN calls_count bigint NOT NULL DEFAULT 0`);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`ALTER TABLE api_keys DROP COLUMN IF EXISTS calls_count`);
};
