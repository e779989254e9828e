import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { IMPERSONATING_HEADER, postSignInRedirect } from '@portico/common';
import type { AuthUserAnswer } from '@portico/common';
import { startImpersonationCall, stopImpersonationCall } from './impersonation-api';
import { auth } from '../api/client';
import { request } from '../api/http';
import { useSession } from './session-context';

/* The SPA's side of impersonation: switching sessions, the banner's probe, Stop. */

/** platform-console §9: the banner's probe runs every 5 s. */
export const IMPERSONATION_PROBE_MS = 5000;
export const IMPERSONATION_ENDED =
  'The impersonation session ended after its 60 minutes. You are back in your own session.';

/**
 * Whether the session in use is an impersonation, as the API says on every answer of one
 * (`x-impersonating: true`). The probe asks `GET /api/auth/user`, which any session may call. A 401
 * means the session ended: refreshing it then returns to the session put aside (the auth client).
 */
async function probeImpersonation(): Promise<boolean> {
  const session = await auth.getFreshSession();
  if (!session) return false;
  const response = await fetch('/api/auth/user', { headers: { authorization: `Bearer ${session.access_token}` } });
  if (response.status === 401) {
    await auth.refreshSession().catch(() => null);
    return false;
  }
  return response.headers.get(IMPERSONATING_HEADER) === 'true';
}

/**
 * The banner's state: polled every 5 s, only in a browser that put a session aside (one that started
 * an impersonation), so the members' browsers do not poll.
 */
export function useImpersonationProbe(): boolean {
  const { session } = useSession();
  const probing = session !== null && auth.hasSessionAside();
  const probe = useQuery({
    queryKey: ['impersonation-probe', session?.user.id ?? null],
    queryFn: probeImpersonation,
    enabled: probing,
    refetchInterval: IMPERSONATION_PROBE_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  return probing && probe.data === true;
}

/** Where the person lands when they sign in: their home in their (first active) workspace. */
async function homeOf(accessToken: string): Promise<string> {
  const me = await request<AuthUserAnswer>('/api/auth/user', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return (
    postSignInRedirect({
      pathname: '/login',
      search: '',
      isSuperAdmin: me.is_super_admin,
      memberships: me.memberships,
      membershipError: false,
    }) ?? '/files'
  );
}

/** Start: the super admin's session goes aside, the new one takes over, and the person's home opens. */
export function useStartImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (input: { targetUserId: string; reason: string }) => {
      const { session } = await startImpersonationCall(input);
      const home = await homeOf(session.access_token);
      queryClient.clear();
      auth.switchToSession(session);
      navigate(home);
    },
    [queryClient, navigate],
  );
}

/** Stop: the impersonation session is revoked, the super admin's own returns, and Mission Control opens. */
export function useStopImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await stopImpersonationCall();
    queryClient.clear();
    auth.returnToSessionAside();
    navigate('/super');
  }, [queryClient, navigate]);
}
