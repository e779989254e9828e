import type { FileRow, PersonRow } from '@portico/core';
import type { FileView, MemberView } from '../public/schemas';

/** What the public API answers; typed by its response schemas, which the OpenAPI document shows. */

export function presentMember(person: PersonRow): MemberView {
  return {
    id: person.id,
    email: person.email,
    first_name: person.first_name,
    last_name: person.last_name,
    role: person.role,
    status: person.status,
    created_at: person.created_at.toISOString(),
  };
}

/** A file with a signed link to download it (never its storage key). */
export function presentApiFile(row: FileRow, download: { url: string; expiresAt: Date }): FileView {
  return {
    id: row.id,
    title: row.title,
    original_name: row.original_name,
    content_type: row.content_type,
    kind: row.kind,
    size_bytes: Number(row.size_bytes),
    user_id: row.user_id,
    user_email: row.user_email,
    assigned_roles: row.assigned_roles,
    uploaded_by: row.uploaded_by,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    download_url: download.url,
    download_url_expires_at: download.expiresAt.toISOString(),
  };
}
