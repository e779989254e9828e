import type { Migration } from '../migrator';

/*
 * Messages between a workspace's team and its clients (issue 32, DECISIONS §7).
 * - A thread is a client's own conversation with the team (`client`: one per client and workspace),
 *   one with chosen clients (`group`), or an announcement to everyone holding a role (`broadcast`,
 *   whose clients' replies only the team and the replier read: `messages.team_only`). The team reads
 *   every thread of its workspace.
 * - `thread_participants` holds who is in a client or group thread (`member`), and anyone's read
 *   state (`last_read_at`), team and broadcast readers included: unread counts are the visible
 *   messages after it.
 * - A message's attachments are file rows of the workspace: the one the poster chose and the rows
 *   that share it with the thread's people (`copy`), all at the same `position`.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE message_threads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      kind varchar(16) NOT NULL CHECK (kind IN ('client', 'group', 'broadcast')),
      client_id uuid REFERENCES users(id) ON DELETE CASCADE,
      role_key varchar(64),
      subject varchar(200),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      last_message_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'client') = (client_id IS NOT NULL)),
      CHECK ((kind = 'broadcast') = (role_key IS NOT NULL))
    );
    CREATE UNIQUE INDEX message_threads_tenant_client_key ON message_threads (tenant_id, client_id) WHERE kind = 'client';
    CREATE INDEX message_threads_tenant_activity_idx ON message_threads (tenant_id, last_message_at DESC, id DESC);
    CREATE INDEX message_threads_tenant_role_idx ON message_threads (tenant_id, role_key) WHERE kind = 'broadcast';

    CREATE TABLE thread_participants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      thread_id uuid NOT NULL REFERENCES message_threads(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      member boolean NOT NULL DEFAULT false,
      last_read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX thread_participants_tenant_thread_user_key ON thread_participants (tenant_id, thread_id, user_id);
    CREATE INDEX thread_participants_tenant_user_idx ON thread_participants (tenant_id, user_id) WHERE member;

    CREATE TABLE messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      thread_id uuid NOT NULL REFERENCES message_threads(id) ON DELETE CASCADE,
      author_id uuid REFERENCES users(id) ON DELETE SET NULL,
      api_key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL,
      body text NOT NULL CHECK (char_length(body) <= 10000),
      team_only boolean NOT NULL DEFAULT false,
      edited_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search tsvector GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED
    );
    CREATE INDEX messages_tenant_thread_created_idx ON messages (tenant_id, thread_id, created_at, id);
    CREATE INDEX messages_search_idx ON messages USING gin (search);

    CREATE TABLE message_files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      message_id uuid NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
      file_id uuid NOT NULL REFERENCES files(id) ON DELETE CASCADE,
      position smallint NOT NULL,
      copy boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX message_files_tenant_message_idx ON message_files (tenant_id, message_id, position);
    CREATE INDEX message_files_tenant_file_idx ON message_files (tenant_id, file_id);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS message_files, messages, thread_participants, message_threads;');
};
