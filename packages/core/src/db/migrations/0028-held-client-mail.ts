import type { Migration } from '../migrator';

/*
 * Verified email (issue 31): a workspace whose owner signed up and has not yet confirmed their address
 * keeps its mail to clients `held` in the outbox, never queued, until they do
 * (`tenants.client_mail_held_for` names that owner). Workspaces that exist already are not held:
 * their owners signed up before addresses were confirmed, and their clients' mail goes on as before.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE tenants ADD COLUMN client_mail_held_for uuid REFERENCES users(id) ON DELETE SET NULL;
    CREATE INDEX tenants_client_mail_held_for_idx ON tenants (client_mail_held_for)
      WHERE client_mail_held_for IS NOT NULL;
    ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
    ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
      CHECK (status IN ('held', 'queued', 'sending', 'sent', 'logged', 'failed'));
    CREATE INDEX email_outbox_held_idx ON email_outbox (tenant_id) WHERE status = 'held';
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP INDEX IF EXISTS email_outbox_held_idx;
    UPDATE email_outbox SET status = 'queued' WHERE status = 'held';
    ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
    ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
      CHECK (status IN ('queued', 'sending', 'sent', 'logged', 'failed'));
    ALTER TABLE tenants DROP COLUMN IF EXISTS client_mail_held_for;
  `);
};
