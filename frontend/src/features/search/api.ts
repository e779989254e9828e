import { useQuery } from '@tanstack/react-query';
import type { SearchResults } from '@portico/common';
import { api } from '../../lib/api/client';

/** The header search's results for a workspace; idle while the text is empty. */
export function useWorkspaceSearch(tenantId: string | null, text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['search', tenantId, q],
    queryFn: () =>
      api<{ results: SearchResults }>(`/api/search?q=${encodeURIComponent(q)}`, { tenantId }).then((r) => r.results),
    enabled: tenantId !== null && q.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}
