import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { planPostSignIn } from './post-sign-in';
import { isRedirectHeld, useRedirectHeld } from './redirect-hold';
import { useSession } from './session-context';

/**
 * Sends a freshly loaded session from /login, /signup or /onboarding to where it belongs.
 * Render it after the page: a page's hold is registered in its own effect, which then runs first.
 */
export function PostSignInRedirect() {
  const { session, pending, loadId, isSuperAdmin, memberships, membershipError } = useSession();
  const held = useRedirectHeld();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const handledLoadId = useRef<number | null>(null);

  useEffect(() => {
    const plan = planPostSignIn({
      pending,
      // Read live: a hold taken in this same commit is not in this render's value yet.
      held: held || isRedirectHeld(),
      hasSession: session !== null,
      loadId,
      handledLoadId: handledLoadId.current,
      pathname,
      search,
      isSuperAdmin,
      memberships,
      membershipError,
    });
    if (!plan.decide) return;
    handledLoadId.current = loadId;
    if (plan.to) navigate(plan.to, { replace: true });
  }, [pending, held, session, loadId, pathname, search, isSuperAdmin, memberships, membershipError, navigate]);

  return null;
}
