import type { InvitationSent, PendingInvitation, Person, RoleType } from '@portico/common';
import {
  profileLock,
  roleLabelOf,
  type CreatedInvitation,
  type Invitation,
  type PersonRow,
  type ScopeActor,
} from '@portico/core';

/**
 * One member of a workspace as the People (CRM users) table shows it, with `profile_lock`: why
 * this actor may not change the person's name, email or password (null when they may), so the
 * edit form offers only what the server will accept.
 */
export function presentPerson(
  person: PersonRow,
  roleTypes: readonly RoleType[],
  actor: Pick<ScopeActor, 'isSuperAdmin'>,
): Person {
  return {
    id: person.id,
    email: person.email,
    role: person.role,
    role_label: roleLabelOf(person.role, roleTypes),
    status: person.status,
    first_name: person.first_name,
    last_name: person.last_name,
    phone: person.phone,
    linkedin: person.linkedin,
    created_at: person.created_at.toISOString(),
    last_sign_in_at: person.last_sign_in_at ? person.last_sign_in_at.toISOString() : null,
    profile_lock: profileLock(person, actor),
  };
}

export const PEOPLE_CSV_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'role',
  'role_label',
  'status',
  'phone',
  'linkedin',
  'created_at',
  'last_sign_in_at',
] as const;

export function personCsvRow(person: Person): string[] {
  return PEOPLE_CSV_COLUMNS.map((column) => person[column] ?? '');
}

/** A pending invitation as the People page lists it; `invited_by` is null once that account is gone or a key sent it. */
export function presentPendingInvitation(invitation: Invitation, roleTypes: readonly RoleType[]): PendingInvitation {
  const inviter = invitation.inviter;
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    role_label: roleLabelOf(invitation.role, roleTypes),
    invited_by: inviter
      ? {
          id: inviter.id,
          email: inviter.email,
          name: [inviter.profile?.first_name, inviter.profile?.last_name].filter(Boolean).join(' ') || null,
        }
      : null,
    created_at: invitation.created_at.toISOString(),
    expires_at: invitation.expires_at.toISOString(),
  };
}

/** The answer to an invitation sent or sent again: the invitation, whether its email went out, and its link. */
export function presentCreatedInvitation(created: CreatedInvitation): InvitationSent {
  const { invitation } = created;
  return {
    invitation: {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expires_at.toISOString(),
    },
    emailSent: created.emailSent,
    emailError: created.emailError,
    signup_url: created.signupUrl,
  };
}
