import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Only outages are worth retrying; a 4xx answer will not change by asking again.
  const transient = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
  return transient && failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});
