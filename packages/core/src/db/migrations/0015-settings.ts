import type { Migration } from '../migrator';

/*
 * The console's Super Settings (one row per section, its saved values as JSON; a section never
 * saved reads as its defaults) and the platform's feature flags (a flag never set is on).
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE platform_settings (
      section varchar(40) PRIMARY KEY,
      value jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await sequelize.query(`
    CREATE TABLE feature_flags (
      key varchar(40) PRIMARY KEY,
      enabled boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`DROP TABLE IF EXISTS feature_flags`);
  await sequelize.query(`DROP TABLE IF EXISTS platform_settings`);
};
