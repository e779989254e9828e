import type { PublicShareLinkAnswer, ShareLink } from '@portico/common';
import { shareLinkStatus, type ListedShareLink, type OpenedShareLink } from '@portico/core';

/** A share link as its file's admins see it at `now`: never its token or its hash. */
export function presentShareLink(link: ListedShareLink, now: Date): ShareLink {
  return {
    id: link.id,
    file_id: link.file_id,
    status: shareLinkStatus(link, now),
    expires_at: link.expires_at.toISOString(),
    max_downloads: link.max_downloads,
    download_count: link.download_count,
    last_downloaded_at: link.last_downloaded_at?.toISOString() ?? null,
    revoked_at: link.revoked_at?.toISOString() ?? null,
    created_by: link.created_by,
    created_by_email: link.created_by_email,
    created_at: link.created_at.toISOString(),
  };
}

/** What the public page shows of a working link: the file's name, size and type, and the workspace's brand. */
export function presentPublicShareLink(link: OpenedShareLink): PublicShareLinkAnswer {
  return {
    share_link: {
      file_name: link.original_name,
      size_bytes: Number(link.size_bytes),
      content_type: link.content_type,
      expires_at: link.expires_at.toISOString(),
      downloads_left: link.max_downloads === null ? null : Math.max(0, link.max_downloads - link.download_count),
    },
    workspace: {
      name: link.workspace_name,
      logo_url: link.logo_url,
      primary_color: link.primary_color,
      secondary_color: link.secondary_color,
    },
  };
}
