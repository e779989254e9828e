import { skipToken, useQuery, type QueryKey } from '@tanstack/react-query';

/** The hook of a console read about one chosen thing (a tenant, a person), asked only once one is chosen. */
export function selectedRead<T>(key: (id: string) => QueryKey, read: (id: string) => Promise<T>) {
  return function useSelectedRead(id: string | null) {
    return useQuery({ queryKey: key(id ?? ''), queryFn: id === null ? skipToken : () => read(id) });
  };
}
