import type { Migration } from '../migrator';

export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE embeds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      title varchar(200) NOT NULL,
      provider varchar(32) NOT NULL,
      url text NOT NULL CHECK (url ~ '^https://'),
      embed_type varchar(8) NOT NULL CHECK (embed_type IN ('role', 'user')),
      role varchar(64),
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      is_active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      description text,
      frame_blocked boolean,
      frame_checked_at timestamptz,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT embeds_audience CHECK (
        (embed_type = 'role' AND role IS NOT NULL AND user_id IS NULL)
        OR (embed_type = 'user' AND user_id IS NOT NULL AND role IS NULL)
      )
    );
    CREATE INDEX embeds_tenant_sort_idx ON embeds (tenant_id, sort_order);
    CREATE INDEX embeds_tenant_user_idx ON embeds (tenant_id, user_id);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`DROP TABLE IF EXISTS embeds;`);
};
