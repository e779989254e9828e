-- App Health's Slow Queries reads pg_stat_statements (loaded by the postgres command in
-- compose.postgres.yaml). Runs once, when the bundled PostgreSQL creates its data volume.
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
