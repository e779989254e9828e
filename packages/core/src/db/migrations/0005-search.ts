import type { Migration } from '../migrator';

/** Full-text search columns for the header search; punctuation splits words ("q3-report.pdf" → q3 report pdf). */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE files ADD COLUMN search tsvector GENERATED ALWAYS AS (
      to_tsvector('simple', regexp_replace(coalesce(title, '') || ' ' || coalesce(original_name, ''), '[^[:alnum:]]+', ' ', 'g'))
    ) STORED;
    CREATE INDEX files_search_idx ON files USING gin (search);

    ALTER TABLE embeds ADD COLUMN search tsvector GENERATED ALWAYS AS (
      to_tsvector('simple', regexp_replace(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || provider, '[^[:alnum:]]+', ' ', 'g'))
    ) STORED;
    CREATE INDEX embeds_search_idx ON embeds USING gin (search);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP INDEX IF EXISTS embeds_search_idx;
    ALTER TABLE embeds DROP COLUMN IF EXISTS search;
    DROP INDEX IF EXISTS files_search_idx;
    ALTER TABLE files DROP COLUMN IF EXISTS search;
  `);
};
