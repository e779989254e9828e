import type { Migration } from '../migrator';

/*
 * Forms, their immutable version snapshots, responses, files uploaded as answers, and the
 * tenant event outbox that outgoing webhooks deliver from.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE forms (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      title varchar(200) NOT NULL,
      description text NOT NULL DEFAULT '',
      status varchar(16) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
      assigned_roles text[] NOT NULL DEFAULT '{}',
      fields jsonb NOT NULL DEFAULT '[]',
      theme jsonb NOT NULL,
      version integer NOT NULL DEFAULT 1,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search tsvector GENERATED ALWAYS AS (
        to_tsvector('simple', regexp_replace(coalesce(title, '') || ' ' || coalesce(description, ''), '[^[:alnum:]]+', ' ', 'g'))
      ) STORED
    );
    CREATE INDEX forms_tenant_created_idx ON forms (tenant_id, created_at DESC);
    CREATE INDEX forms_search_idx ON forms USING gin (search);

    CREATE TABLE form_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      form_id uuid NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
      version integer NOT NULL,
      fields jsonb NOT NULL,
      theme jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (form_id, version)
    );
    CREATE INDEX form_versions_tenant_form_idx ON form_versions (tenant_id, form_id, version);

    CREATE TABLE form_responses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      form_id uuid NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
      form_version_id uuid NOT NULL REFERENCES form_versions(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      user_email varchar(320) NOT NULL,
      user_name varchar(300),
      answers jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX form_responses_tenant_form_idx ON form_responses (tenant_id, form_id, created_at DESC);
    CREATE INDEX form_responses_tenant_user_idx ON form_responses (tenant_id, user_id);

    ALTER TABLE files ADD COLUMN form_id uuid REFERENCES forms(id) ON DELETE SET NULL;
    CREATE INDEX files_tenant_form_idx ON files (tenant_id, form_id) WHERE form_id IS NOT NULL;

    CREATE TABLE tenant_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      type varchar(64) NOT NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      dispatched_at timestamptz
    );
    CREATE INDEX tenant_events_tenant_created_idx ON tenant_events (tenant_id, created_at);
    CREATE INDEX tenant_events_undispatched_idx ON tenant_events (tenant_id, created_at) WHERE dispatched_at IS NULL;
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP TABLE IF EXISTS tenant_events;
    DROP INDEX IF EXISTS files_tenant_form_idx;
    ALTER TABLE files DROP COLUMN IF EXISTS form_id;
    DROP TABLE IF EXISTS form_responses;
    DROP TABLE IF EXISTS form_versions;
    DROP TABLE IF EXISTS forms;
  `);
};
