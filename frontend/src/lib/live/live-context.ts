import { createContext, useContext } from 'react';

/** The `metrics` event: the console's figures of the last 5 minutes. */
export interface LiveSnapshot {
  at: string;
  jobs: { queued: number; active: number; failed: number };
  requests5m: number;
  errors5m: number;
  p95Ms: number | null;
}

export interface LiveState {
  /** Whether the socket is connected; pages poll while it is not. */
  connected: boolean;
  snapshot: LiveSnapshot | null;
}

export const LiveContext = createContext<LiveState>({ connected: false, snapshot: null });

export function useLive(): LiveState {
  return useContext(LiveContext);
}
