import { z } from 'zod';
import { count, id, timestamp } from './wire';

/*
 * Expiring share links (issue 33): an admin gives someone outside the workspace a link to one file,
 * on the workspace's own address (`/s/{token}`), valid until a date and optionally for a number of
 * downloads; revocable. The token is shown once, when the link is made; only its hash is kept.
 */

/** The shortest and longest a link may live. */
export const SHARE_LINK_MIN_HOURS = 1;
export const SHARE_LINK_MAX_DAYS = 90;
/** The most downloads a link may allow. */
export const SHARE_LINK_MAX_DOWNLOADS = 1000;

/** The page a share link opens, on the workspace's address. */
export const SHARE_LINK_PAGE = '/s';

export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked', 'used_up'] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

export const SHARE_LINK_MESSAGES = {
  expiry: 'Choose when the link expires: send expires_in_days or expires_at.',
  oneExpiry: 'Send expires_in_days or expires_at, not both.',
  expiresInDays: `expires_in_days must be a whole number from 1 to ${SHARE_LINK_MAX_DAYS}.`,
  expiresAt: 'expires_at must be a date and time with its offset, such as 2026-12-31T17:00:00Z.',
  expiryRange: `The link must expire between ${SHARE_LINK_MIN_HOURS} hour and ${SHARE_LINK_MAX_DAYS} days from now.`,
  maxDownloads: `max_downloads must be a whole number from 1 to ${SHARE_LINK_MAX_DOWNLOADS}.`,
  linkNotFound: 'This share link does not exist.',
  unknown: 'This link does not exist. Check that you copied all of it.',
  expired: 'This link has expired.',
  revoked: 'This link has been revoked.',
  usedUp: 'This link has reached its download limit.',
  fileGone: 'The file behind this link is no longer available.',
} as const;

/** The sentence a link that no longer works answers with (410), by why. */
export const SHARE_LINK_ENDED: Record<Exclude<ShareLinkStatus, 'active'> | 'file_gone', string> = {
  expired: SHARE_LINK_MESSAGES.expired,
  revoked: SHARE_LINK_MESSAGES.revoked,
  used_up: SHARE_LINK_MESSAGES.usedUp,
  file_gone: SHARE_LINK_MESSAGES.fileGone,
};

/** POST /api/files/{id}/share-links: when it expires (in days, or at a moment) and how many downloads it allows. */
export const shareLinkBody = z
  .object({
    expires_in_days: z
      .number({ error: SHARE_LINK_MESSAGES.expiresInDays })
      .int(SHARE_LINK_MESSAGES.expiresInDays)
      .min(1, SHARE_LINK_MESSAGES.expiresInDays)
      .max(SHARE_LINK_MAX_DAYS, SHARE_LINK_MESSAGES.expiresInDays)
      .optional()
      .meta({ description: `Days from now, 1 to ${SHARE_LINK_MAX_DAYS}.` }),
    expires_at: z
      .string({ error: SHARE_LINK_MESSAGES.expiresAt })
      .pipe(z.iso.datetime({ offset: true, error: SHARE_LINK_MESSAGES.expiresAt }))
      .optional()
      .meta({ description: `A moment ${SHARE_LINK_MIN_HOURS} hour to ${SHARE_LINK_MAX_DAYS} days from now.` }),
    max_downloads: z
      .number({ error: SHARE_LINK_MESSAGES.maxDownloads })
      .int(SHARE_LINK_MESSAGES.maxDownloads)
      .min(1, SHARE_LINK_MESSAGES.maxDownloads)
      .max(SHARE_LINK_MAX_DOWNLOADS, SHARE_LINK_MESSAGES.maxDownloads)
      .nullable()
      .optional()
      .meta({ description: 'How many downloads the link allows; none or null: no limit until it expires.' }),
  })
  .refine((b) => b.expires_in_days !== undefined || b.expires_at !== undefined, SHARE_LINK_MESSAGES.expiry)
  .refine((b) => b.expires_in_days === undefined || b.expires_at === undefined, SHARE_LINK_MESSAGES.oneExpiry);
export type ShareLinkBody = z.input<typeof shareLinkBody>;

/** A share link as its file's admins see it: never its token. */
export const shareLink = z
  .object({
    id,
    file_id: id,
    status: z.enum(SHARE_LINK_STATUSES),
    expires_at: timestamp,
    max_downloads: count.nullable().meta({ description: 'Null: no limit.' }),
    download_count: count,
    last_downloaded_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    created_by: id.nullable(),
    created_by_email: z.string().nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof shareLink>;

export const shareLinkCreatedAnswer = z.object({
  share_link: shareLink,
  url: z.string().meta({ description: 'The link to send, on the workspace’s address. Shown this once.' }),
  token: z.string().meta({ description: 'The token in `url`. Shown this once; only its hash is kept.' }),
});
export type ShareLinkCreatedAnswer = z.infer<typeof shareLinkCreatedAnswer>;

export const shareLinksAnswer = z.object({ share_links: z.array(shareLink) });

/** `{token}` of the public calls: base64url, as made. */
export const shareLinkToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, SHARE_LINK_MESSAGES.unknown)
  .meta({ description: 'The token of the link (its last path segment).' });

/** GET /api/public/share-links/{token}: what the page shows before the download. */
export const publicShareLinkAnswer = z.object({
  share_link: z.object({
    file_name: z.string(),
    size_bytes: count,
    content_type: z.string(),
    expires_at: timestamp,
    downloads_left: count.nullable().meta({ description: 'Null: no limit.' }),
  }),
  workspace: z.object({
    name: z.string(),
    logo_url: z.string().nullable(),
    primary_color: z.string().nullable(),
    secondary_color: z.string().nullable(),
  }),
});
export type PublicShareLinkAnswer = z.infer<typeof publicShareLinkAnswer>;
