import type { Migration } from '../migrator';

/*
 * The notification inbox (issue 33): one row per person and thing that happened to them — a file
 * shared with them, a form answered, an invitation accepted, their role changed — written in the
 * same transaction as what it announces, so a rolled-back change notifies nobody; a thread's unread
 * messages are one item per person. `tenant_id` is the workspace it happened in; NULL for the
 * console's own (an alert fired, a workspace created), which only super admins have. `link` is the
 * page it opens (with `?tenant_id=` in a workspace). Kept 90 days.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE inbox_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind varchar(40) NOT NULL,
      title varchar(300) NOT NULL,
      body varchar(500),
      link varchar(500) NOT NULL,
      entity_type varchar(40) NOT NULL,
      entity_id uuid NOT NULL,
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- A person's inbox, newest first; their unread count; the nightly purge by age.
    CREATE INDEX inbox_items_tenant_user_created_idx ON inbox_items (tenant_id, user_id, created_at DESC, id DESC);
    CREATE INDEX inbox_items_tenant_user_unread_idx ON inbox_items (tenant_id, user_id) WHERE read_at IS NULL;
    CREATE INDEX inbox_items_created_idx ON inbox_items (created_at);
    CREATE INDEX inbox_items_platform_user_created_idx ON inbox_items (user_id, created_at DESC, id DESC)
      WHERE tenant_id IS NULL;
    -- A person's account going removes their items.
    CREATE INDEX inbox_items_user_idx ON inbox_items (user_id);
    -- Messages of a thread not read yet are one item, the newest's, not one per message.
    CREATE UNIQUE INDEX inbox_items_unread_thread_key ON inbox_items (tenant_id, user_id, entity_id)
      WHERE kind = 'message.received' AND read_at IS NULL;
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS inbox_items;');
};
