import type { ServiceContext, TenantScope } from '../scope';
import { searchMessages, type MessageMatch, type ThreadReader } from '../messages';
import {
  analyzeTableOf,
  reindexConcurrently,
  SEARCH_INDEXES,
  selectSearchMatches,
  type SearchMatches,
} from './search-data';

export { SEARCH_INDEXES, type FileMatch, type SearchMatches } from './search-data';

/** Turns what a person types into a prefix full-text query: "ada lov" → "ada:* & lov:*". */
export function prefixTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 8);
  return unique.length > 0 ? unique.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * The workspace's people, files, forms and embedded tools matching the words typed, grouped by
 * kind, and the messages the reader may read (issue 32).
 */
export async function searchWorkspace(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { q: string; limit?: number; reader: ThreadReader },
): Promise<SearchMatches & { messages: MessageMatch[] }> {
  const query = prefixTsQuery(input.q);
  if (!query) return { users: [], files: [], forms: [], embeds: [], messages: [] };
  const limit = input.limit ?? 5;
  const [matches, messages] = await Promise.all([
    selectSearchMatches(ctx, scope.tenantId, query, limit),
    searchMessages(ctx, scope, { reader: input.reader, tsQuery: query, limit }),
  ]);
  return { ...matches, messages };
}

/**
 * The console's Rebuild Search Index: each search index rebuilt without blocking writes
 * (REINDEX CONCURRENTLY) and its table's statistics refreshed; `progress` hears after each one.
 */
export async function rebuildSearchIndexes(
  ctx: Pick<ServiceContext, 'sequelize'>,
  progress: (done: number, total: number) => Promise<void>,
): Promise<{ reindexed: string[] }> {
  for (const [i, index] of SEARCH_INDEXES.entries()) {
    await reindexConcurrently(ctx, index);
    await analyzeTableOf(ctx, index);
    await progress(i + 1, SEARCH_INDEXES.length);
  }
  return { reindexed: [...SEARCH_INDEXES] };
}
