import type { Migration } from '../migrator';

export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      title varchar(255) NOT NULL,
      original_name varchar(255) NOT NULL,
      content_type varchar(255) NOT NULL,
      kind varchar(16) NOT NULL CHECK (kind IN ('pdf', 'image', 'document', 'spreadsheet', 'other')),
      size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
      storage_key text NOT NULL,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      assigned_roles text[] NOT NULL DEFAULT '{}',
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX files_tenant_created_idx ON files (tenant_id, created_at DESC, id DESC);
    CREATE INDEX files_tenant_user_idx ON files (tenant_id, user_id);
    CREATE INDEX files_tenant_uploaded_by_idx ON files (tenant_id, uploaded_by);
    CREATE INDEX files_tenant_storage_key_idx ON files (tenant_id, storage_key);
    CREATE INDEX files_assigned_roles_idx ON files USING gin (assigned_roles);

    CREATE TABLE file_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      file_id uuid NOT NULL REFERENCES files(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      kind varchar(16) NOT NULL CHECK (kind IN ('view', 'download')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX file_events_tenant_file_created_idx ON file_events (tenant_id, file_id, created_at);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS file_events, files;');
};
