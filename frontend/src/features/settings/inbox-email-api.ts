import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxEmailBody } from '@portico/common';
import { client } from '../../lib/api/typed-client';

const inboxEmailKey = (tenantId: string) => ['inbox-email', tenantId] as const;

/** Settings → Notification emails: which kinds of notification the person gets by email in this workspace. */
export function useInboxEmail(tenantId: string) {
  return useQuery({ queryKey: inboxEmailKey(tenantId), queryFn: () => client.GET('/inbox/email', { tenantId }) });
}

export function useSaveInboxEmail(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InboxEmailBody) => client.PUT('/inbox/email', { body, tenantId }),
    onSuccess: (saved) => queryClient.setQueryData(inboxEmailKey(tenantId), saved),
  });
}
