import type { Migration } from '../migrator';

/*
 * At most one copy of an email once SMTP has taken it (integrations/mail.ts): the worker records the
 * Message-ID it will send with, and `sending`, before it hands the message over, so a retry knows
 * the message may already be out and sends the same Message-ID again rather than a new message.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE email_outbox ADD COLUMN message_id varchar(255);
    ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
    ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
      CHECK (status IN ('queued', 'sending', 'sent', 'logged', 'failed'));
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    UPDATE email_outbox SET status = 'queued' WHERE status = 'sending';
    ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
    ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
      CHECK (status IN ('queued', 'sent', 'logged', 'failed'));
    ALTER TABLE email_outbox DROP COLUMN message_id;
  `);
};
