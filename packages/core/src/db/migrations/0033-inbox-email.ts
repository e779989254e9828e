import type { Migration } from '../migrator';

/*
 * Email of the inbox (issue 33).
 * - `memberships.inbox_email`: per person and workspace, how they hear of each kind of inbox item by
 *   email (`{"file.shared": "off", …}`); a kind left out follows their role's default.
 * - `email_outbox.headers`: extra headers a message goes out with (an inbox email's RFC 8058
 *   `List-Unsubscribe` and `List-Unsubscribe-Post`), kept with the row so a retry sends the same.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE memberships ADD COLUMN inbox_email jsonb NOT NULL DEFAULT '{}'::jsonb
      CHECK (jsonb_typeof(inbox_email) = 'object');
    ALTER TABLE email_outbox ADD COLUMN headers jsonb;
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE email_outbox DROP COLUMN IF EXISTS headers;
    ALTER TABLE memberships DROP COLUMN IF EXISTS inbox_email;
  `);
};
