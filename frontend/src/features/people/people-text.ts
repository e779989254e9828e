import type { Person } from './api/people';
import { ApiError } from '../../lib/api/http';

/** tenant-portal §8: the texts of the CRM users screen. */

export const EMPTY_PEOPLE = 'No users found for this tenant.';
export const LOAD_FAILED = 'Failed to fetch users';

export function bulkSuccess(count: number, label: string): string {
  return `Successfully updated ${count} user(s) to ${label} role`;
}

/** A refusal from the server names its reason; anything else (network, unknown) gets the retry sentence. */
export function bulkFailure(err: unknown): string {
  return err instanceof ApiError && err.status > 0
    ? `Error updating roles: ${err.message}`
    : 'Failed to update roles. Please try again.';
}

export function editSuccess(roleLabel: string | null): string {
  return roleLabel ? `User updated successfully! Role changed to ${roleLabel}.` : 'User updated successfully!';
}

function reason(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Unknown error';
}

export const updateFailure = (err: unknown) => `Update failed: ${reason(err)}`;
export const passwordFailure = (err: unknown) => `Password update failed: ${reason(err)}`;
export const deleteFailure = (err: unknown) => `Error deleting user: ${reason(err)}`;
export const inviteFailure = (err: unknown) =>
  err instanceof ApiError && err.status > 0 ? err.message : 'Failed to send invitation';

/** Why the edit drawer shows a person's name and email read-only and offers no password. */
export const PROFILE_LOCKED: Record<NonNullable<Person['profile_lock']>, string> = {
  shared_account:
    'They also belong to another workspace, so only they or a platform super admin can change their name, email or password. You can change their role, or send them a password reset link.',
  super_admin_target:
    'This is a platform super admin’s account: only platform super admins can change its name, email or password. You can change their role here.',
};

export const INVITATIONS_LOAD_FAILED = 'Failed to load invitations';
export const INVITATIONS_EMPTY = 'No pending invitations.';
export const INVITATION_REVOKED = 'Invitation revoked';
export const invitationResent = (email: string) => `Invitation sent again to ${email}.`;
export const sentBy = (inviter: { name: string | null; email: string }) => `Sent by ${inviter.name ?? inviter.email}`;

export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `0 of ${total} users`;
  const first = (page - 1) * pageSize + 1;
  return `${first}–${first + shown - 1} of ${total} users`;
}
