import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { tenantInvitationBody } from '@portico/common';
import type { z } from 'zod';
import type { InviteAnswer } from '../../lib/api/types';
import { client } from '../../lib/api/typed-client';
import { errorMessage } from '../../lib/api/http';

export type InviteBody = z.output<typeof tenantInvitationBody>;

export function inviteFailure(err: unknown): string {
  return `Invite failed: ${errorMessage(err, 'Failed to send invitation')}`;
}

/** POST /api/super/invitations (either shape); a new tenant refreshes the tenant list. */
export function useInvite(onCreated: (answer: InviteAnswer) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => client.POST('/super/invitations', { body, tenantId: null }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['super-tenants'] });
      if (answer.emailSent) toast.success('Invite sent successfully');
      onCreated(answer);
    },
    onError: (err) => toast.error(inviteFailure(err)),
  });
}
