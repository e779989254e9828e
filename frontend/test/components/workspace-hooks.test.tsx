import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useInvalidate, workspaceRead, workspaceWrite } from '../../src/lib/api/workspace-hooks';

function wrapper(queryClient: QueryClient) {
  return function Providers({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  };
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** A write whose refresh records the workspace it refreshed; it fails for the variable 'fail'. */
function recordingWrite(after?: 'success' | 'settled') {
  const refreshed: Array<string | null> = [];
  const useRefresh = (tenantId: string | null) => async () => {
    refreshed.push(tenantId);
  };
  const useWrite = workspaceWrite(
    useRefresh,
    async (tenantId, name: string) => {
      if (name === 'fail') throw new Error('refused');
      return `${tenantId}:${name}`;
    },
    after,
  );
  return { refreshed, useWrite };
}

describe('workspaceWrite', () => {
  it('writes to the workspace and refreshes it after a success, not after a failure', async () => {
    const { refreshed, useWrite } = recordingWrite();
    const { result } = renderHook(() => useWrite('t1'), { wrapper: wrapper(newClient()) });

    await act(async () => {
      expect(await result.current.mutateAsync('ada')).toBe('t1:ada');
    });
    expect(refreshed).toEqual(['t1']);

    await act(async () => {
      await expect(result.current.mutateAsync('fail')).rejects.toThrow('refused');
    });
    expect(refreshed).toEqual(['t1']);
  });

  it("with after 'settled', refreshes after a failure too", async () => {
    const { refreshed, useWrite } = recordingWrite('settled');
    const { result } = renderHook(() => useWrite('t2'), { wrapper: wrapper(newClient()) });

    await act(async () => {
      await expect(result.current.mutateAsync('fail')).rejects.toThrow('refused');
    });
    expect(refreshed).toEqual(['t2']);
  });
});

describe('workspaceRead', () => {
  it('asks only once a workspace is chosen, under its key', async () => {
    const asked: Array<string | null> = [];
    const useRead = workspaceRead(
      (tenantId) => ['things', tenantId],
      async (tenantId) => {
        asked.push(tenantId);
        return [`${tenantId}-thing`];
      },
    );
    const queryClient = newClient();
    const { result, rerender } = renderHook(({ tenantId }) => useRead(tenantId), {
      wrapper: wrapper(queryClient),
      initialProps: { tenantId: null as string | null },
    });
    expect(result.current.fetchStatus).toBe('idle');

    rerender({ tenantId: 't3' });
    await waitFor(() => expect(result.current.data).toEqual(['t3-thing']));
    expect(asked).toEqual(['t3']);
    expect(queryClient.getQueryData(['things', 't3'])).toEqual(['t3-thing']);
  });
});

describe('useInvalidate', () => {
  it('marks the queries under each key stale and leaves the others', async () => {
    const queryClient = newClient();
    for (const key of [['a', 1], ['b'], ['c']]) queryClient.setQueryData(key, 'cached');
    const { result } = renderHook(() => useInvalidate(), { wrapper: wrapper(queryClient) });

    await act(async () => {
      await result.current(['a'], ['b']);
    });
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([stale(['a', 1]), stale(['b']), stale(['c'])]).toEqual([true, true, false]);
  });
});
