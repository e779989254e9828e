import type { ImpersonationStartAnswer } from '@portico/common';
import { api } from '../api/client';

/*
 * Starting and stopping impersonation (platform-console §7). The impersonation banner is part of the
 * entry every page loads, /login included, so these stay on api(): the typed client would bring
 * openapi-fetch into the sign-in page's first load.
 */

export type { ImpersonationStartAnswer };

export const startImpersonationCall = (body: { targetUserId: string; reason: string }) =>
  api<ImpersonationStartAnswer>('/api/impersonate/start', { method: 'POST', body, tenantId: null });

export const stopImpersonationCall = () => api<void>('/api/impersonate/stop', { method: 'POST', tenantId: null });
