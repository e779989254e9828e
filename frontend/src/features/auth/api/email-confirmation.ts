import { useMutation } from '@tanstack/react-query';
import { client } from '../../../lib/api/typed-client';
import { workspaceRead } from '../../../lib/api/workspace-hooks';

/** Confirming one's email address (issue 31): the link sent again, and the workspace's mail waiting for it. */

export const heldMailKey = (tenantId: string | null) => ['held-mail', tenantId] as const;

/** The workspace's mail to clients that waits for its owner's confirmation (admins only). */
export const useHeldMail = workspaceRead(heldMailKey, (tenantId) => client.GET('/held-mail', { tenantId }));

/** Sends the confirmation link again: to the pending address when a change waits, else to the account's own. */
export const useResendConfirmation = () =>
  useMutation({ mutationFn: () => client.POST('/auth/email/resend', { tenantId: null }) });
