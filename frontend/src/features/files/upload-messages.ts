import type { PortalFile } from './api';

/**
 * How recipients are chosen: `self` (members: the file is theirs), `choice` (admins on /files:
 * a specific user or a role), `both` (admins on /admin/files: a recipient and/or roles).
 */
export type UploadMode = 'self' | 'choice' | 'both';

/** The spec's success texts (tenant-portal §8, Uploads). */
export function uploadSuccessMessage(
  mode: UploadMode,
  file: Pick<PortalFile, 'user_id' | 'assigned_roles' | 'recipients_count'>,
  roleLabels: readonly string[],
): string {
  if (mode === 'self') return 'File uploaded';
  const hasRoles = file.assigned_roles.length > 0;
  if (hasRoles && file.user_id) return 'Uploaded & assigned';
  if (hasRoles) return `File uploaded for ${file.recipients_count} users with ${roleLabels.join(', ')} role`;
  if (file.user_id) return 'File uploaded for user';
  return 'Uploaded';
}
