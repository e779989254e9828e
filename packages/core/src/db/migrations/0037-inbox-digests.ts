import type { Migration } from '../migrator';

/*
 * The daily digest of the inbox (issue 33), sent as the message digests are (0030-message-emails):
 * `inbox_digests` has one row per person, workspace and window a digest was sent for. Its key makes
 * a window's digest sent once whoever runs it, and its newest `window_end` is where the person's next
 * window starts. The choice itself is `daily` in `memberships.inbox_email` (0033), which needs no change.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE inbox_digests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      window_end timestamptz NOT NULL,
      item_count integer NOT NULL,
      outbox_id uuid REFERENCES email_outbox(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX inbox_digests_tenant_user_window_key ON inbox_digests (tenant_id, user_id, window_end);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS inbox_digests;');
};
