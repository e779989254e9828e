import type { Migration } from '../migrator';
import { addFileEventKinds, dropFileEventKinds } from './file-event-kinds';

/*
 * Expiring share links (issue 33): a link to one file for someone outside the workspace.
 * - `file_share_links`: the sha256 of the link's token (the token itself is shown once and never
 *   kept), when it expires, how many downloads it allows and has served, when it was revoked. A
 *   file's links go with its row (the purge); a removed admin's links stay, nameless.
 * - `file_events.kind` gains `link_created` and `link_revoked`: the file's activity says who did which.
 * Other changes of the same issue add kinds too, so the kinds already allowed are read back and kept
 * rather than listed again here (`file-event-kinds.ts`).
 */

const LINK_KINDS = ['link_created', 'link_revoked'];

export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE file_share_links (
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      file_id uuid NOT NULL REFERENCES files(id) ON DELETE CASCADE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      token_hash char(64) NOT NULL,
      expires_at timestamptz NOT NULL,
      max_downloads integer CHECK (max_downloads BETWEEN 1 AND 1000),
      download_count integer NOT NULL DEFAULT 0
        CHECK (download_count >= 0 AND (max_downloads IS NULL OR download_count <= max_downloads)),
      revoked_at timestamptz,
      last_downloaded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- The public page finds a link by its token's hash alone: that is all it is given.
    CREATE UNIQUE INDEX file_share_links_token_key ON file_share_links (token_hash);
    -- A file's links, newest first.
    CREATE INDEX file_share_links_tenant_file_idx ON file_share_links (tenant_id, file_id, created_at DESC);
  `);
  await addFileEventKinds(sequelize, LINK_KINDS);
};

export const down: Migration = async ({ context: sequelize }) => {
  await dropFileEventKinds(sequelize, LINK_KINDS);
  await sequelize.query('DROP TABLE IF EXISTS file_share_links;');
};
