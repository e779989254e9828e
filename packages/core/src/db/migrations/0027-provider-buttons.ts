import type { Migration } from '../migrator';

/*
 * Issue 31: the sign-in provider buttons Super Settings switch on (Google, Microsoft, Slack, GitHub)
 * show on every workspace's sign-in page too, unless the workspace hides them.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`ALTER TABLE tenants ADD COLUMN provider_buttons boolean NOT NULL DEFAULT true;`);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`ALTER TABLE tenants DROP COLUMN IF EXISTS provider_buttons;`);
};
