import type { Migration } from '../migrator';

/*
 * Deleting a file is undoable for 30 days (issue 33, DECISIONS §7 Files).
 * - `files.deleted_at`, `files.deleted_by`: a deleted file leaves every listing, download and search
 *   at once, but its row (and its stored object) stay until the scheduler's purge, so a restore
 *   brings it back whole and the workspace's storage still counts its bytes until then.
 * - `file_events.kind` gains `deleted` and `restored`: the file's activity says who did which.
 * The purge reads the deleted rows of a workspace oldest first; the partial index holds only them.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE files ADD COLUMN deleted_at timestamptz;
    ALTER TABLE files ADD COLUMN deleted_by uuid REFERENCES users(id) ON DELETE SET NULL;
    CREATE INDEX files_tenant_deleted_idx ON files (tenant_id, deleted_at) WHERE deleted_at IS NOT NULL;

    ALTER TABLE file_events DROP CONSTRAINT file_events_kind_check;
    ALTER TABLE file_events ADD CONSTRAINT file_events_kind_check
      CHECK (kind IN ('view', 'download', 'deleted', 'restored'));
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DELETE FROM file_events WHERE kind IN ('deleted', 'restored');
    ALTER TABLE file_events DROP CONSTRAINT file_events_kind_check;
    ALTER TABLE file_events ADD CONSTRAINT file_events_kind_check CHECK (kind IN ('view', 'download'));
    DROP INDEX IF EXISTS files_tenant_deleted_idx;
    ALTER TABLE files DROP COLUMN IF EXISTS deleted_by;
    ALTER TABLE files DROP COLUMN IF EXISTS deleted_at;
  `);
};
