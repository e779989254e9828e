import type { PortalFile } from './api';

/** Pdf and raster images open inline; everything else downloads. */
export function isPreviewable(file: Pick<PortalFile, 'original_name' | 'content_type'>): boolean {
  const ext = file.original_name.split('.').pop()?.toLowerCase() ?? '';
  const types: Record<string, string> = {
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
  };
  return types[ext] === file.content_type;
}
