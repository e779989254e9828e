import { useQuery } from '@tanstack/react-query';
import type { RoleType } from '@portico/common';
import { useTenantRoles } from '../../lib/api/queries';
import { client, type ApiAnswer } from '../../lib/api/typed-client';
import type { MessageThread } from './unread';

export type Recipient = ApiAnswer<'get', '/message-recipients'>['recipients'][number];

/** Whom the team can write to and how announcements are called: the workspace's clients and its roles. */
export interface Directory {
  recipients: readonly Recipient[] | undefined;
  recipientsError: Error | null;
  roles: readonly RoleType[] | undefined;
}

/** The workspace's active clients (GET /api/message-recipients) and its roles, for the team; a client asks for neither. */
export function useDirectory(tenantId: string | null, isTeam: boolean): Directory {
  const roles = useTenantRoles(isTeam ? tenantId : null);
  const recipients = useQuery({
    queryKey: ['message-recipients', tenantId],
    queryFn: async () => (await client.GET('/message-recipients', { tenantId })).recipients,
    enabled: tenantId !== null && isTeam,
  });
  return { recipients: recipients.data, recipientsError: recipients.error ?? roles.error, roles: roles.data };
}

/** "Max Member (max@example.test)", or the address alone when it is all they gave. */
export const recipientLabel = (person: { name: string; email: string }) =>
  person.name === person.email ? person.email : `${person.name} (${person.email})`;

/** The thread's members, by name, in the order they joined. */
export const memberNames = (thread: MessageThread) => thread.people.filter((p) => p.member).map((p) => p.name);

/** A thread's name in the list and above the conversation: its subject, else whom it is with. */
export function threadTitle(thread: MessageThread, directory: Directory, isTeam: boolean): string {
  if (thread.subject) return thread.subject;
  if (thread.kind === 'broadcast') {
    const role = directory.roles?.find((r) => r.role_key === thread.role_key);
    return role ? `Announcement to ${role.role_label}` : 'Announcement';
  }
  if (!isTeam) return thread.kind === 'client' ? 'Your conversation with the team' : 'Group conversation';
  const names = memberNames(thread);
  if (names.length > 0) return names.join(', ');
  return thread.kind === 'client' ? 'A client' : 'Group conversation';
}
