import type { PortalFolder } from '@portico/common';
import type { FolderRow } from '@portico/core';

export function presentFolder(row: FolderRow): PortalFolder {
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parent_id,
    user_id: row.user_id,
    user_email: row.user_email,
    assigned_roles: row.assigned_roles,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
