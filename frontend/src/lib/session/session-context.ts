import { createContext, useContext } from 'react';
import type { AccountAbilities } from '@portico/common';
import type { AuthUser, AuthUserAnswer, Membership, Profile, Session } from '../api/types';

export interface SessionContextValue {
  session: Session | null;
  user: AuthUser | null;
  profile: Profile | null;
  isSuperAdmin: boolean;
  memberships: Membership[];
  /** What the person may do outside their memberships (the API decides); `useAbilities()` gives the active workspace's. */
  abilities: AccountAbilities;
  /** The first session check (full-screen 'Loading...'); ends when resolved or after 5 s. */
  loading: boolean;
  /** Any session load still resolving (guards wait instead of redirecting); also capped at 5 s. */
  pending: boolean;
  /** Increments with every session load (INITIAL_SESSION, SIGNED_IN). */
  loadId: number;
  membershipError: boolean;
  error: string | null;
  /** Re-reads GET /api/auth/user (after a profile or membership change). */
  refreshUser: () => Promise<AuthUserAnswer | undefined>;
  signOut: () => Promise<void>;
}

/** Query key of GET /api/auth/user; invalidate it after changing what it returns. */
export const AUTH_USER_KEY = 'auth-user';

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
