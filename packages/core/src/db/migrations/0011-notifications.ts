import type { Migration } from '../migrator';

/*
 * Notifications (platform-console §2 Notifications): announcements shown as banners to an audience
 * during a window, who dismissed which, and alert rules the scheduler evaluates. None belongs to one
 * tenant: an announcement names its workspaces in `tenant_ids` (audience `tenants`).
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE announcements (
      id uuid PRIMARY KEY,
      title varchar(200) NOT NULL,
      message text NOT NULL,
      audience varchar(16) NOT NULL CHECK (audience IN ('all', 'plan', 'tenants')),
      plan varchar(16),
      tenant_ids uuid[] NOT NULL DEFAULT '{}',
      admins_only boolean NOT NULL DEFAULT false,
      email_admins boolean NOT NULL DEFAULT false,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      pushed_at timestamptz,
      alert_rule_id uuid,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (end_at > start_at),
      CHECK ((audience = 'plan') = (plan IS NOT NULL))
    );
    CREATE INDEX announcements_window_idx ON announcements (end_at, start_at);
    CREATE INDEX announcements_unpushed_idx ON announcements (start_at) WHERE pushed_at IS NULL;

    CREATE TABLE announcement_dismissals (
      announcement_id uuid NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, announcement_id)
    );

    CREATE TABLE alert_rules (
      id uuid PRIMARY KEY,
      metric varchar(32) NOT NULL CHECK (metric IN ('errorRate', 'queueDepth', 'webhookFailures')),
      operator varchar(1) NOT NULL CHECK (operator IN ('>', '<')),
      threshold double precision NOT NULL,
      "window" varchar(8) NOT NULL CHECK ("window" IN ('5m', '15m', '1h')),
      actions varchar(32)[] NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      breached boolean NOT NULL DEFAULT false,
      last_value double precision,
      last_evaluated_at timestamptz,
      last_triggered_at timestamptz,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`DROP TABLE IF EXISTS alert_rules, announcement_dismissals, announcements;`);
};
