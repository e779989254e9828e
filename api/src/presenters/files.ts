import type { FileEvent, PortalFile } from '@portico/common';
import { fileUrlOf, type FileActivity, type FileRow } from '@portico/core';

/** A file as it leaves the server: never its storage key. */
export function presentFile(row: FileRow): PortalFile {
  return {
    id: row.id,
    title: row.title,
    file_url: fileUrlOf(row.id),
    original_name: row.original_name,
    content_type: row.content_type,
    kind: row.kind,
    size_bytes: Number(row.size_bytes),
    folder_id: row.folder_id,
    user_id: row.user_id,
    user_email: row.user_email,
    assigned_roles: row.assigned_roles,
    uploaded_by: row.uploaded_by,
    uploaded_by_email: row.uploaded_by_email,
    recipients_count: Number(row.recipients_count),
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

export function presentFileActivity(event: FileActivity): FileEvent {
  return {
    id: event.id,
    kind: event.kind,
    user_id: event.user_id,
    user_email: event.user_email,
    version_number: event.version_number,
    created_at: event.created_at.toISOString(),
  };
}
