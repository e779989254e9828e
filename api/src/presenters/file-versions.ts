import type { FileVersion } from '@portico/common';
import type { FileVersionRow } from '@portico/core';

/** A version of a file as it leaves the server: never its storage key. The latest is the one the file serves. */
export function presentFileVersion(row: FileVersionRow, latestNumber: number): FileVersion {
  return {
    id: row.id,
    number: Number(row.number),
    original_name: row.original_name,
    content_type: row.content_type,
    size_bytes: Number(row.size_bytes),
    uploaded_by: row.uploaded_by,
    uploaded_by_name: row.uploaded_by_name,
    created_at: new Date(row.created_at).toISOString(),
    latest: Number(row.number) === latestNumber,
  };
}
