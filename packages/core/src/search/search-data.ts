import type { EmbedHit, FormHit, UserHit } from '@portico/common';
import { select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * Every read of the search domain: the header search's statements (DECISIONS §4), a prefix
 * full-text query over each kind, and the maintenance of the indexes they read.
 * $1 tenant, $2 the tsquery, $3 the limit.
 */

const SEARCH_USERS = tenantStatement(
  'search.users',
  `SELECT u.id, u.email, p.first_name, p.last_name, m.role
   FROM memberships m
   JOIN users u ON u.id = m.user_id
   LEFT JOIN profiles p ON p.id = u.id
   WHERE m.tenant_id = $1
     AND to_tsvector('simple', u.email || ' ' || coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) @@ to_tsquery('simple', $2)
   ORDER BY u.email
   LIMIT $3`,
);

const SEARCH_FILES = tenantStatement(
  'search.files',
  `SELECT id, title, original_name, kind, created_at
   FROM files
   WHERE tenant_id = $1 AND deleted_at IS NULL AND search @@ to_tsquery('simple', $2)
   ORDER BY created_at DESC
   LIMIT $3`,
);

const SEARCH_FORMS = tenantStatement(
  'search.forms',
  `SELECT id, title, status
   FROM forms
   WHERE tenant_id = $1 AND search @@ to_tsquery('simple', $2)
   ORDER BY created_at DESC
   LIMIT $3`,
);

const SEARCH_EMBEDS = tenantStatement(
  'search.embeds',
  `SELECT id, title, provider, is_active
   FROM embeds
   WHERE tenant_id = $1 AND search @@ to_tsquery('simple', $2)
   ORDER BY sort_order, title
   LIMIT $3`,
);

export interface FileMatch {
  id: string;
  title: string;
  original_name: string;
  kind: string;
  created_at: Date;
}

export interface SearchMatches {
  users: UserHit[];
  files: FileMatch[];
  forms: FormHit[];
  embeds: EmbedHit[];
}

/** The tenant's people, files, forms and embedded tools matching a tsquery, at most `limit` of each. */
export async function selectSearchMatches(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  tsQuery: string,
  limit: number,
): Promise<SearchMatches> {
  const bind = [tenantId, tsQuery, limit];
  const [users, files, forms, embeds] = await Promise.all([
    select<UserHit>(ctx, SEARCH_USERS, bind),
    select<FileMatch>(ctx, SEARCH_FILES, bind),
    select<FormHit>(ctx, SEARCH_FORMS, bind),
    select<EmbedHit>(ctx, SEARCH_EMBEDS, bind),
  ]);
  return { users, files, forms, embeds };
}

/** The full-text indexes header search reads (messages' through the messages domain); their columns are generated, so rebuilding is reindexing. */
export const SEARCH_INDEXES = [
  'files_search_idx',
  'embeds_search_idx',
  'forms_search_idx',
  'messages_search_idx',
] as const;
export type SearchIndex = (typeof SEARCH_INDEXES)[number];

/*
 * Maintenance names an index and a table, identifiers no statement can bind: the SQL is written
 * here from SEARCH_INDEXES only, never from input.
 */

/** Rebuilds one search index without blocking writes (REINDEX CONCURRENTLY). */
export async function reindexConcurrently(ctx: Pick<ServiceContext, 'sequelize'>, index: SearchIndex): Promise<void> {
  await ctx.sequelize.query(`REINDEX INDEX CONCURRENTLY ${index}`);
}

/** Refreshes the planner's statistics of the table a search index belongs to. */
export async function analyzeTableOf(ctx: Pick<ServiceContext, 'sequelize'>, index: SearchIndex): Promise<void> {
  await ctx.sequelize.query(`ANALYZE ${index.replace(/_search_idx$/, '')}`);
}
