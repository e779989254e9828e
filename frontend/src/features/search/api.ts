import { useQuery } from '@tanstack/react-query';
import { client } from '../../lib/api/typed-client';

/** The header search's results for a workspace; idle while the text is empty. */
export function useWorkspaceSearch(tenantId: string | null, text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['search', tenantId, q],
    queryFn: async () => (await client.GET('/search', { params: { query: { q } }, tenantId })).results,
    enabled: tenantId !== null && q.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}
