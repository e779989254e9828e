import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { consoleKeys } from './api/console';
import { LiveContext, type LiveSnapshot, type LiveState } from '../../lib/live/live-context';
import { openLiveSocket } from '../../lib/live/socket';

/**
 * The console's socket.io connection: each event refreshes the queries it changes. While disconnected, pages
 * fall back to polling.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>({ connected: false, snapshot: null });

  useEffect(() => {
    const socket = openLiveSocket();
    const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
    socket.on('connect', () => setState((s) => ({ ...s, connected: true })));
    socket.on('disconnect', () => setState((s) => ({ ...s, connected: false })));
    socket.on('connect_error', () => setState((s) => ({ ...s, connected: false })));
    socket.on('metrics', (snapshot: LiveSnapshot) => {
      setState({ connected: true, snapshot });
      refresh(consoleKeys.metrics);
    });
    socket.on('job', (job: { status: string }) => {
      refresh(consoleKeys.jobs);
      // The failed-jobs counter and alerts change when a job fails, or leaves failed (Retry, Cancel).
      if (job.status === 'failed' || job.status === 'waiting' || job.status === 'delayed')
        refresh(consoleKeys.overview);
    });
    socket.on('audit', (row: { action: string }) => {
      refresh(consoleKeys.auditAll);
      // Stripe's events, an admin's cancellation and a deletion are audited: the revenue changed.
      if (row.action.startsWith('billing.') || row.action.startsWith('tenant.')) refresh(consoleKeys.revenue);
    });
    // A session that ended server-side: the socket tries again with whatever token the client has next.
    socket.on('session_ended', () => setState((s) => ({ ...s, connected: false })));
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);

  return <LiveContext.Provider value={state}>{children}</LiveContext.Provider>;
}
