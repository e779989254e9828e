import type { Migration } from '../migrator';

/*
 * Email when away and retention of messages (issue 32, DECISIONS §7).
 * - `memberships.message_email`: how a person hears of messages they have not read in that
 *   workspace (a setting per membership: a client of one firm may be the team of another); NULL
 *   follows their role's kind (the team hourly, everyone else immediately).
 * - `message_emails`: one row per person and window an email of unread messages was sent for. Its
 *   key makes a window's email sent once whoever runs it, and its newest `window_end` is where the
 *   person's next window starts.
 * - `tenants.message_retention_days`: messages older than this are deleted (NULL: kept); with
 *   `message_retention_removes_files` their attachments go too, otherwise they stay in Files.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE memberships ADD COLUMN message_email varchar(16)
      CHECK (message_email IN ('immediately', 'hourly', 'daily', 'never'));

    ALTER TABLE tenants ADD COLUMN message_retention_days integer CHECK (message_retention_days >= 7);
    ALTER TABLE tenants ADD COLUMN message_retention_removes_files boolean NOT NULL DEFAULT false;

    CREATE TABLE message_emails (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      window_end timestamptz NOT NULL,
      message_count integer NOT NULL,
      outbox_id uuid REFERENCES email_outbox(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX message_emails_tenant_user_window_key ON message_emails (tenant_id, user_id, window_end);

    -- The scheduler's tick finds the workspaces with recent messages; its purge, a workspace's oldest.
    CREATE INDEX message_threads_last_message_idx ON message_threads (last_message_at) WHERE last_message_at IS NOT NULL;
    CREATE INDEX messages_tenant_created_idx ON messages (tenant_id, created_at, id);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP INDEX IF EXISTS messages_tenant_created_idx;
    DROP INDEX IF EXISTS message_threads_last_message_idx;
    DROP TABLE IF EXISTS message_emails;
    ALTER TABLE tenants DROP COLUMN IF EXISTS message_retention_removes_files;
    ALTER TABLE tenants DROP COLUMN IF EXISTS message_retention_days;
    ALTER TABLE memberships DROP COLUMN IF EXISTS message_email;
  `);
};
