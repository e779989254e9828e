import type { Migration } from '../migrator';
import { addFileEventKinds, dropFileEventKinds } from './file-event-kinds';

/*
 * A file can be given a new version (issue 33, DECISIONS §7 Files: `POST /api/files/{id}/versions`).
 * - `files` keeps describing the latest version (name, type, size, stored object), so every download,
 *   preview, zip, search and the public API serve the latest with no change.
 * - `file_versions` holds a versioned file's history, the latest included: a file gets its rows when
 *   its first new version is uploaded (version 1 is then written from the file as it was, under the
 *   file's own id); a file never versioned has none and is its own version 1. Each version's object
 *   stays stored, and counted in the workspace's storage, until the file is purged.
 * - `file_events.kind` gains `version`, with `version_number`: the file's activity says who uploaded which.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE file_versions (
      id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      file_id uuid NOT NULL REFERENCES files(id) ON DELETE CASCADE,
      number integer NOT NULL CHECK (number >= 1),
      original_name varchar(255) NOT NULL,
      content_type varchar(255) NOT NULL,
      kind varchar(16) NOT NULL CHECK (kind IN ('pdf', 'image', 'document', 'spreadsheet', 'other')),
      size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
      storage_key text NOT NULL,
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (tenant_id, file_id, number)
    );
    CREATE INDEX file_versions_tenant_storage_key_idx ON file_versions (tenant_id, storage_key);

    ALTER TABLE file_events ADD COLUMN version_number integer;
  `);
  await addFileEventKinds(sequelize, ['version']);
};

export const down: Migration = async ({ context: sequelize }) => {
  await dropFileEventKinds(sequelize, ['version']);
  await sequelize.query(`
    ALTER TABLE file_events DROP COLUMN IF EXISTS version_number;
    DROP TABLE IF EXISTS file_versions;
  `);
};
