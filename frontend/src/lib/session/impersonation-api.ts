import type { ImpersonationStartAnswer } from '@portico/common';
import { api } from '../api/client';

/*
 * Starting and stopping impersonation (platform-console §7). Every page, /login included, loads the
 * impersonation banner (after its first paint, see RootLayout), so these stay on api(): the typed client
 * would bring openapi-fetch into what the sign-in page loads.
 */

export type { ImpersonationStartAnswer };

export const startImpersonationCall = (body: { targetUserId: string; reason: string }) =>
  api<ImpersonationStartAnswer>('/api/impersonate/start', { method: 'POST', body, tenantId: null });

export const stopImpersonationCall = () => api<void>('/api/impersonate/stop', { method: 'POST', tenantId: null });
