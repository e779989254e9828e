import { MEMBERSHIP_RETRY_ATTEMPTS, MEMBERSHIP_RETRY_DELAY_MS } from '@portico/common';
import type { AuthUserAnswer } from '../api/types';
import type { Api } from '../api/create-api';

/**
 * GET /api/auth/user, re-asked while the membership list is empty (tenant-portal §7: a membership
 * created moments ago, e.g. by accepting an invitation, may not be visible yet). Super admins
 * route without memberships, so they are not kept waiting.
 */
export async function fetchAuthUser(api: Api, wait: (ms: number) => Promise<void>): Promise<AuthUserAnswer> {
  let answer = await api<AuthUserAnswer>('/api/auth/user', { tenantId: null });
  for (let attempt = 1; attempt < MEMBERSHIP_RETRY_ATTEMPTS; attempt++) {
    if (answer.is_super_admin || answer.memberships.length > 0) break;
    await wait(MEMBERSHIP_RETRY_DELAY_MS);
    answer = await api<AuthUserAnswer>('/api/auth/user', { tenantId: null });
  }
  return answer;
}
