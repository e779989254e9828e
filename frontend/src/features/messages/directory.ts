import { useQuery } from '@tanstack/react-query';
import type { RoleType } from '@portico/common';
import { useTenantRoles } from '../../lib/api/queries';
import { client } from '../../lib/api/typed-client';
import type { MessageThread } from './unread';

export interface ClientChoice {
  id: string;
  email: string;
}

/** Who the team can write to and how threads are called: the workspace's clients and its roles. */
export interface Directory {
  clients: readonly ClientChoice[] | undefined;
  clientsError: Error | null;
  roles: readonly RoleType[] | undefined;
  /** How a person is called in the list (their address), or null when this reader cannot know. */
  nameOf: (userId: string) => string | null;
}

/**
 * The workspace's active clients (GET /api/files/tenant-users, which workspace admins read) and its
 * roles, for the team's thread titles and the New conversation dialog; a client asks for neither.
 */
export function useDirectory(tenantId: string | null, canList: boolean): Directory {
  const roles = useTenantRoles(canList ? tenantId : null);
  const users = useQuery({
    queryKey: ['messages-directory', tenantId],
    queryFn: async () => (await client.GET('/files/tenant-users', { tenantId })).users,
    enabled: tenantId !== null && canList,
  });
  const clientKeys = new Set((roles.data ?? []).filter((r) => r.kind === 'client').map((r) => r.role_key));
  const byId = new Map((users.data ?? []).map((u) => [u.id, u.email]));
  return {
    clients: users.data && roles.data ? users.data.filter((u) => clientKeys.has(u.role)) : undefined,
    clientsError: users.error ?? roles.error,
    roles: roles.data,
    nameOf: (userId) => byId.get(userId) ?? null,
  };
}

/** A thread's name in the list and above the conversation: its subject, else whom it is with. */
export function threadTitle(thread: MessageThread, directory: Directory, isTeam: boolean): string {
  if (thread.subject) return thread.subject;
  if (thread.kind === 'broadcast') {
    const role = directory.roles?.find((r) => r.role_key === thread.role_key);
    return role ? `Announcement to ${role.role_label}` : 'Announcement';
  }
  if (!isTeam) return thread.kind === 'client' ? 'Your conversation with the team' : 'Group conversation';
  const names = thread.participant_ids.map((id) => directory.nameOf(id) ?? 'a client');
  if (thread.kind === 'client') return directory.nameOf(thread.client_id ?? '') ?? 'A client';
  return names.length > 0 ? names.join(', ') : 'Group conversation';
}
