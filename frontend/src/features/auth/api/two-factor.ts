import type { TwoFactorEnrolment } from '@portico/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/http';
import { client } from '../../../lib/api/typed-client';

/** The signed-in person's two-factor sign-in (docs/api.md, Two-factor sign-in). */

const statusKey = ['two-factor', 'status'] as const;

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: async () => (await client.GET('/auth/two-factor', { tenantId: null })).two_factor,
  });

/** The signed-in person starts setting up 2FA: a new secret each call. */
export async function startEnrolment(): Promise<TwoFactorEnrolment> {
  return (await client.POST('/auth/two-factor/enrolment', { tenantId: null })).enrolment;
}

export async function confirmEnrolment(code: string): Promise<string[]> {
  return (await client.POST('/auth/two-factor/enrolment/confirm', { body: { code }, tenantId: null })).recovery_codes;
}

/** Enrolment demanded at sign-in: the challenge stands in for a session. */
export async function startEnrolmentAtSignIn(challengeToken: string): Promise<TwoFactorEnrolment> {
  return (
    await request<{ enrolment: TwoFactorEnrolment }>('/api/auth/login/two-factor/enrolment', {
      method: 'POST',
      body: { challenge_token: challengeToken },
    })
  ).enrolment;
}

export function confirmEnrolmentAtSignIn(
  challengeToken: string,
  code: string,
): Promise<{ recovery_codes: string[]; session: unknown }> {
  return request('/api/auth/login/two-factor/enrolment/confirm', {
    method: 'POST',
    body: { challenge_token: challengeToken, code },
  });
}

export function useRefreshTwoFactorStatus(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: statusKey });
}

export const useDisableTwoFactor = () => {
  const refresh = useRefreshTwoFactorStatus();
  return useMutation({
    mutationFn: (code: string) => client.POST('/auth/two-factor/disable', { body: { code }, tenantId: null }),
    onSuccess: refresh,
  });
};

export const useRegenerateRecoveryCodes = () => {
  const refresh = useRefreshTwoFactorStatus();
  return useMutation({
    mutationFn: async (code: string) =>
      (await client.POST('/auth/two-factor/recovery-codes', { body: { code }, tenantId: null })).recovery_codes,
    onSuccess: refresh,
  });
};
