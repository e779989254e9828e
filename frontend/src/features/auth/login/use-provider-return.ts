import type { TwoFactorChallengeAnswer } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { isTwoFactorChallenge } from '../../../lib/api/auth-client';
import { auth } from '../../../lib/api/client';
import { request } from '../../../lib/api/http';
import type { Session } from '../../../lib/api/types';
import { useLinkOnce } from '../use-link-once';

/**
 * A provider's return to the sign-in page (`/login#oauth_code=<one-time code>`): the code leaves the
 * address at once (history, a shared screen) and is exchanged, with this browser's `portico_oauth`
 * cookie (a same-origin fetch sends it), for what a password sign-in answers.
 */
export function useProviderReturn(onAnswer: (answer: Session | TwoFactorChallengeAnswer) => void) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const code = new URLSearchParams(hash.slice(1)).get('oauth_code');
  const exchange = useMutation({
    mutationFn: async (value: string) => {
      const answer = await request<unknown>('/api/auth/oauth/exchange', { method: 'POST', body: { code: value } });
      return isTwoFactorChallenge(answer) ? answer : auth.adoptSession(answer);
    },
    onSuccess: onAnswer,
  });
  useLinkOnce(code, (value) => {
    void navigate({ pathname, search }, { replace: true });
    exchange.mutate(value);
  });
  return exchange;
}
