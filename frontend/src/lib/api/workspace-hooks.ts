import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** Marks the queries under each key stale (those on screen are asked again); resolves once they have been. */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return (...keys: QueryKey[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The hook of a read of the chosen workspace, asked only once a workspace is chosen. */
export function workspaceRead<T>(
  key: (tenantId: string | null) => QueryKey,
  read: (tenantId: string | null) => Promise<T>,
) {
  return function useWorkspaceRead(tenantId: string | null) {
    return useQuery({ queryKey: key(tenantId), queryFn: () => read(tenantId), enabled: tenantId !== null });
  };
}

/**
 * The hook of a write to the chosen workspace that refreshes what it changed: `useRefresh(tenantId)` gives the
 * refresh, run once the write has succeeded, or, with `after: 'settled'`, once it has ended either way (a failed
 * edit or removal may mean the row changed or went meanwhile). The mutation waits for the refresh.
 */
export function workspaceWrite<TVariables, TData>(
  useRefresh: (tenantId: string | null) => () => Promise<unknown>,
  write: (tenantId: string | null, variables: TVariables) => Promise<TData>,
  after: 'success' | 'settled' = 'success',
) {
  return function useWorkspaceWrite(tenantId: string | null) {
    const refresh = useRefresh(tenantId);
    return useMutation({
      mutationFn: (variables: TVariables) => write(tenantId, variables),
      onSuccess: after === 'success' ? () => refresh() : undefined,
      onSettled: after === 'settled' ? () => refresh() : undefined,
    });
  };
}
