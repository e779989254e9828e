import type { EmbedHit, FormHit, UserHit } from '@portico/common';
import { select } from '../db/statements';
import type { ServiceContext, TenantScope } from '../scope';
import { SEARCH_EMBEDS, SEARCH_FILES, SEARCH_FORMS, SEARCH_USERS } from './search-queries';

/** Turns what a person types into a prefix full-text query: "ada lov" → "ada:* & lov:*". */
export function prefixTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 8);
  return unique.length > 0 ? unique.map((w) => `${w}:*`).join(' & ') : null;
}

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

/** The workspace's people, files, forms and embedded tools matching the words typed, grouped by kind. */
export async function searchWorkspace(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { q: string; limit?: number },
): Promise<SearchMatches> {
  const query = prefixTsQuery(input.q);
  if (!query) return { users: [], files: [], forms: [], embeds: [] };
  const bind = [scope.tenantId, query, input.limit ?? 5];
  const [users, files, forms, embeds] = await Promise.all([
    select<UserHit>(ctx, SEARCH_USERS, bind),
    select<FileMatch>(ctx, SEARCH_FILES, bind),
    select<FormHit>(ctx, SEARCH_FORMS, bind),
    select<EmbedHit>(ctx, SEARCH_EMBEDS, bind),
  ]);
  return { users, files, forms, embeds };
}

/** The full-text indexes header search reads; their columns are generated, so rebuilding is reindexing. */
export const SEARCH_INDEXES = ['files_search_idx', 'embeds_search_idx', 'forms_search_idx'] as const;

/**
 * The console's Rebuild Search Index: each search index rebuilt without blocking writes
 * (REINDEX CONCURRENTLY) and its table's statistics refreshed; `progress` hears after each one.
 */
export async function rebuildSearchIndexes(
  ctx: Pick<ServiceContext, 'sequelize'>,
  progress: (done: number, total: number) => Promise<void>,
): Promise<{ reindexed: string[] }> {
  for (const [i, index] of SEARCH_INDEXES.entries()) {
    await ctx.sequelize.query(`REINDEX INDEX CONCURRENTLY ${index}`);
    await ctx.sequelize.query(`ANALYZE ${index.replace(/_search_idx$/, '')}`);
    await progress(i + 1, SEARCH_INDEXES.length);
  }
  return { reindexed: [...SEARCH_INDEXES] };
}
