import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageEmailSetting, MessageRetentionBody } from '@portico/common';
import { client } from '../../lib/api/typed-client';

const emailKey = (tenantId: string) => ['message-email', tenantId] as const;
const retentionKey = (tenantId: string) => ['message-retention', tenantId] as const;

/** Settings → Message emails: how the person hears of messages they have not read in this workspace. */
export function useMessageEmail(tenantId: string) {
  return useQuery({ queryKey: emailKey(tenantId), queryFn: () => client.GET('/message-email', { tenantId }) });
}

export function useSaveMessageEmail(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message_email: MessageEmailSetting) =>
      client.PUT('/message-email', { body: { message_email }, tenantId }),
    onSuccess: (saved) => queryClient.setQueryData(emailKey(tenantId), saved),
  });
}

/** Settings → Message retention: how long the workspace keeps its messages. */
export function useMessageRetention(tenantId: string) {
  return useQuery({
    queryKey: retentionKey(tenantId),
    queryFn: () => client.GET('/message-retention', { tenantId }),
  });
}

export function useSaveMessageRetention(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageRetentionBody) => client.PUT('/message-retention', { body, tenantId }),
    onSuccess: (saved) => queryClient.setQueryData(retentionKey(tenantId), saved),
  });
}
