import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LOADING_TIMEOUT_MS, NO_ABILITIES } from '@portico/common';
import type { AuthUserAnswer, Session } from '../api/types';
import { api, auth } from '../api/client';
import { errorMessage } from '../api/http';
import { sleep } from '../sleep';
import { useTimedOut } from '../../ui/use-timed-out';
import { fetchAuthUser } from './fetch-auth-user';
import { AUTH_USER_KEY, SessionContext } from './session-context';
import type { SessionContextValue } from './session-context';

interface AuthState {
  initialized: boolean;
  session: Session | null;
  loadId: number;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ initialized: false, session: null, loadId: 0 });
  const [signOutError, setSignOutError] = useState<string | null>(null);

  useEffect(() => {
    const unsubscribe = auth.onAuthStateChange((event, session) => {
      const newLoad = event === 'INITIAL_SESSION' || event === 'SIGNED_IN';
      setState((prev) => ({
        initialized: prev.initialized || event === 'INITIAL_SESSION',
        session,
        loadId: newLoad ? prev.loadId + 1 : prev.loadId,
      }));
      if (event === 'SIGNED_IN') setSignOutError(null);
      if (event === 'SIGNED_OUT') queryClient.clear();
      if (event === 'USER_UPDATED') void queryClient.invalidateQueries({ queryKey: [AUTH_USER_KEY] });
    });
    void auth.initialize();
    auth.start(window);
    return () => {
      unsubscribe();
      auth.stop();
    };
  }, [queryClient]);

  const userId = state.session?.user.id ?? null;
  const userQuery = useQuery({
    queryKey: [AUTH_USER_KEY, userId, state.loadId],
    queryFn: () => fetchAuthUser(api, sleep),
    enabled: state.initialized && userId !== null,
    staleTime: Infinity,
    retry: false,
  });

  const rawPending = !state.initialized || (userId !== null && userQuery.isPending);
  // Loads 0 (before INITIAL_SESSION) and 1 are one round, so the first cap counts from page start.
  const round = Math.max(state.loadId, 1);
  const timedOut = useTimedOut(rawPending, LOADING_TIMEOUT_MS, round);
  const pending = rawPending && !timedOut;
  const refetchUser = userQuery.refetch;

  const refreshUser = useCallback(async () => (await refetchUser()).data, [refetchUser]);

  const signOut = useCallback(async () => {
    setSignOutError(null);
    try {
      await auth.signOut();
    } catch (err) {
      setSignOutError(errorMessage(err, 'Sign out failed'));
    }
  }, []);

  const value = useMemo<SessionContextValue>(() => {
    const answer: AuthUserAnswer | undefined = userId ? userQuery.data : undefined;
    return {
      session: state.session,
      user: answer?.user ?? state.session?.user ?? null,
      profile: answer?.profile ?? null,
      isSuperAdmin: answer?.is_super_admin ?? false,
      memberships: answer?.memberships ?? [],
      abilities: answer?.abilities ?? NO_ABILITIES,
      loading: pending && round === 1,
      pending,
      loadId: state.loadId,
      membershipError: userQuery.isError,
      error: signOutError ?? (userQuery.error ? errorMessage(userQuery.error, 'Failed to fetch user role') : null),
      refreshUser,
      signOut,
    };
  }, [
    state,
    userId,
    userQuery.data,
    userQuery.isError,
    userQuery.error,
    pending,
    round,
    signOutError,
    refreshUser,
    signOut,
  ]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
