import type { PortalFile } from './api';
import type { UploadMode } from './UploadCard';

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
