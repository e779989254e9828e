import { postSignInRedirect } from '@portico/common';
import type { MembershipSummary } from '@portico/common';
import { LOGIN_PATH } from '../routes/table';

export interface PostSignInState {
  /** The session or its user data is still resolving. */
  pending: boolean;
  /** A page running its own sign-in flow (invitation signup) asked to be left alone. */
  held: boolean;
  hasSession: boolean;
  /** Increments with every session load (INITIAL_SESSION, SIGNED_IN). */
  loadId: number;
  /** The load already decided, if any. */
  handledLoadId: number | null;
  pathname: string;
  search: string;
  isSuperAdmin: boolean;
  memberships: readonly MembershipSummary[];
  membershipError: boolean;
}

export type PostSignInPlan = { decide: false } | { decide: true; to: string | null };

/** Wires postSignInRedirect (common) to the session: once per session load, after it resolved. */
export function planPostSignIn(state: PostSignInState): PostSignInPlan {
  if (state.pending || state.held || !state.hasSession || state.handledLoadId === state.loadId) {
    return { decide: false };
  }
  return {
    decide: true,
    to: postSignInRedirect({
      pathname: state.pathname,
      search: state.search,
      isSuperAdmin: state.isSuperAdmin,
      memberships: state.memberships,
      membershipError: state.membershipError,
    }),
  };
}

/**
 * Where "Go to your workspace" leads a signed-in visitor: where signing in would have sent them.
 * /login while their workspaces are still loading (its redirect carries them on once they are) or
 * cannot be read (it says why).
 */
export function workspaceHome(state: {
  pending: boolean;
  isSuperAdmin: boolean;
  memberships: readonly MembershipSummary[];
  membershipError: boolean;
}): string {
  if (state.pending) return LOGIN_PATH;
  return (
    postSignInRedirect({
      pathname: LOGIN_PATH,
      search: '',
      isSuperAdmin: state.isSuperAdmin,
      memberships: state.memberships,
      membershipError: state.membershipError,
    }) ?? LOGIN_PATH
  );
}
