import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, auth } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/http';
import { client, type ApiAnswer, type ApiBody, type ApiSchema } from '../../../lib/api/typed-client';
import { filterQuery, peoplePath, type PeopleFilters, type PeopleParams } from './people-query';
import { useInvalidate, workspaceWrite } from '../../../lib/api/workspace-hooks';
import { fileNameOf, saveBlob } from '../../../ui/download';

/** People (CRM users): GET/PATCH/DELETE /api/users, bulk role, CSV export, invitations, admin password reset. */

export * from './people-query';

export type Person = ApiSchema<'Person'>;
export type PersonPatch = ApiBody<'patch', '/users/{id}'>;
export type PeopleInviteAnswer = ApiAnswer<'post', '/invite'>;
export type PendingInvitation = ApiAnswer<'get', '/invitations'>['invitations'][number];

/** A dialog about one person of the table: open while `person` is set. */
export interface PersonDialogProps {
  tenantId: string;
  person: Person | null;
  onClose: () => void;
}

const peopleKey = (tenantId: string | null) => ['people', tenantId] as const;
const invitationsKey = (tenantId: string | null) => ['pending-invitations', tenantId] as const;

export function usePeople(tenantId: string | null, params: PeopleParams) {
  return useQuery({
    queryKey: [...peopleKey(tenantId), params],
    queryFn: () => api<ApiAnswer<'get', '/users'>>(peoplePath(params), { tenantId }),
    enabled: tenantId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * After any change: the table, the dashboard's recent users and its client counts, and the pending
 * invitations (suspending or removing someone withdraws theirs).
 */
function useRefreshPeople(tenantId: string | null) {
  const invalidate = useInvalidate();
  return () =>
    invalidate(peopleKey(tenantId), invitationsKey(tenantId), ['recent-users', tenantId], ['admin-stats', tenantId]);
}

export const useUpdatePerson = workspaceWrite(
  useRefreshPeople,
  (tenantId, { id, patch }: { id: string; patch: PersonPatch }) =>
    client.PATCH('/users/{id}', { params: { path: { id } }, body: patch, tenantId }),
);

export const useBulkRole = workspaceWrite(useRefreshPeople, (tenantId, body: { user_ids: string[]; role: string }) =>
  client.POST('/users/bulk-role', { body, tenantId }),
);

export const useDeletePerson = workspaceWrite(
  useRefreshPeople,
  (tenantId, { id, deleteFiles }: { id: string; deleteFiles: boolean }) =>
    client.DELETE('/users/{id}', {
      params: { path: { id }, query: { deleteFiles: deleteFiles ? 'true' : 'false' } },
      tenantId,
    }),
);

export function usePendingInvitations(tenantId: string | null) {
  return useQuery({
    queryKey: invitationsKey(tenantId),
    queryFn: async () => (await client.GET('/invitations', { tenantId })).invitations,
    enabled: tenantId !== null,
  });
}

function useRefreshInvitations(tenantId: string | null) {
  const invalidate = useInvalidate();
  return () => invalidate(invitationsKey(tenantId));
}

export const useInviteMember = workspaceWrite(
  useRefreshInvitations,
  (tenantId, body: { email: string; role: string }) => client.POST('/invite', { body, tenantId }),
);

/** A new link and expiry; the answer is the invite's, so the link can be shown when no email went out. */
export const useResendInvitation = workspaceWrite(useRefreshInvitations, (tenantId, id: string) =>
  client.POST('/invitations/{id}/resend', { params: { path: { id } }, tenantId }),
);

export const useRevokeInvitation = workspaceWrite(useRefreshInvitations, (tenantId, id: string) =>
  client.DELETE('/invitations/{id}', { params: { path: { id } }, tenantId }),
);

export function useAdminResetPassword(tenantId: string | null) {
  return useMutation({
    mutationFn: (body: { user_id: string; new_password?: string }) =>
      client.POST('/admin-reset-password', { body, tenantId }),
  });
}

/** Fetches the filtered rows as CSV with the session's token and saves them as a file. */
export async function downloadPeopleCsv(tenantId: string, filters: PeopleFilters): Promise<void> {
  const session = await auth.getFreshSession();
  const response = await fetch(`/api/users/export.csv?${filterQuery(filters).toString()}`, {
    headers: { ...(session ? { authorization: `Bearer ${session.access_token}` } : {}), 'x-tenant-id': tenantId },
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(response.status, data?.error ?? `Request failed (${response.status})`);
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameOf(response.headers.get('content-disposition')) ?? 'users.csv');
}
