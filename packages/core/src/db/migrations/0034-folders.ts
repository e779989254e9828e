import type { Migration } from '../migrator';
import { addFileEventKinds, dropFileEventKinds } from './file-event-kinds';

/*
 * Folders people can organise files in (issue 33).
 * - `folders`: nestable (`parent_id`), named uniquely among siblings whatever the case, shared like a
 *   file with a member (`user_id`) and/or role keys (`assigned_roles`); a folder with neither takes
 *   the audience of its nearest folder that has one. Parents and files point at a folder of their own
 *   workspace (the foreign keys include `tenant_id`), and a folder with something in it cannot go.
 * - `files.folder_id`: where a file is; null at the top level. A file with no audience of its own
 *   takes its folder's.
 * - `file_events.kind` gains `moved`: the file's activity says who moved it.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE folders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      parent_id uuid,
      name varchar(255) NOT NULL CHECK (char_length(name) > 0),
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      assigned_roles text[] NOT NULL DEFAULT '{}',
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT folders_tenant_id_id_key UNIQUE (tenant_id, id),
      CONSTRAINT folders_parent_fkey FOREIGN KEY (tenant_id, parent_id) REFERENCES folders (tenant_id, id),
      CONSTRAINT folders_not_own_parent CHECK (parent_id <> id)
    );
    CREATE INDEX folders_tenant_parent_idx ON folders (tenant_id, parent_id);
    CREATE UNIQUE INDEX folders_tenant_sibling_name_idx
      ON folders (tenant_id, COALESCE(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name));

    ALTER TABLE files ADD COLUMN folder_id uuid;
    ALTER TABLE files ADD CONSTRAINT files_folder_fkey FOREIGN KEY (tenant_id, folder_id) REFERENCES folders (tenant_id, id);
    CREATE INDEX files_tenant_folder_idx ON files (tenant_id, folder_id) WHERE folder_id IS NOT NULL;
  `);
  await addFileEventKinds(sequelize, ['moved']);
};

export const down: Migration = async ({ context: sequelize }) => {
  await dropFileEventKinds(sequelize, ['moved']);
  await sequelize.query(`
    DROP INDEX IF EXISTS files_tenant_folder_idx;
    ALTER TABLE files DROP CONSTRAINT IF EXISTS files_folder_fkey;
    ALTER TABLE files DROP COLUMN IF EXISTS folder_id;
    DROP TABLE IF EXISTS folders;
  `);
};
