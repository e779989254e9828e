import {
  publicShareLinkAnswer,
  SHARE_LINK_ENDED,
  SHARE_LINK_MESSAGES,
  shareLinkBody,
  shareLinkCreatedAnswer,
  shareLinksAnswer,
  shareLinkToken,
} from '@portico/common';
import {
  createShareLink,
  listShareLinks,
  openShareLink,
  revokeShareLink,
  takeShareLinkDownloadOf,
} from '@portico/core';
import { z } from 'zod';
import { sendStoredFile } from '../http/file-response';
import { defineRoutes, type Tag } from '../http/route';
import { presentPublicShareLink, presentShareLink } from '../presenters/share-links';
import { FILE_NOT_FOUND, fileParams, visibleFile } from './files';
import { pathId } from './schemas';

/*
 * Expiring share links (issue 33): an admin makes a link to one file for someone outside the
 * workspace; the link opens the portal's public page `/s/{token}` on the workspace's address, which
 * reads and downloads the file through the public calls below. Public calls count against the
 * platform's global rate limit, as every call does (`middleware/platform-rate-limit.ts`).
 */

export const SHARE_LINKS_TAG: Tag = {
  name: 'Share links',
  description: 'Expiring, revocable links to one file for people outside the workspace.',
};

const ADMINS_ONLY = 'Only workspace admins can share files with other people or see their activity.';
const ENDED = Object.values(SHARE_LINK_ENDED).join(' / ');

const linkParams = fileParams.extend({
  linkId: pathId(SHARE_LINK_MESSAGES.linkNotFound, 'The share link’s id.'),
});
const tokenParams = z.object({ token: shareLinkToken });

export const shareLinkRoutes = defineRoutes('workspace', SHARE_LINKS_TAG, (route) => [
  route({
    method: 'post',
    path: '/files/:id/share-links',
    operationId: 'createShareLink',
    summary: 'Make a share link to a file',
    description:
      'Expires in `expires_in_days` or at `expires_at` (1 hour to 90 days ahead), optionally after `max_downloads`. The answer holds the link’s URL and token, which are never shown again. Audited, and in the file’s activity.',
    params: fileParams,
    body: shareLinkBody,
    transaction: true,
    responses: { 201: { description: 'The link, with its URL.', schema: shareLinkCreatedAnswer } },
    refusals: {
      400: [
        SHARE_LINK_MESSAGES.expiry,
        SHARE_LINK_MESSAGES.oneExpiry,
        SHARE_LINK_MESSAGES.expiresInDays,
        SHARE_LINK_MESSAGES.expiresAt,
        SHARE_LINK_MESSAGES.expiryRange,
        SHARE_LINK_MESSAGES.maxDownloads,
      ].join(' / '),
      403: ADMINS_ONLY,
      404: FILE_NOT_FOUND,
    },
    authorize: 'files.manage',
    handle: async ({ ctx, scope, session, params, body }) => {
      const file = await visibleFile(ctx, scope, params.id);
      const created = await createShareLink(ctx, scope, {
        fileId: file.id,
        expiresInDays: body.expires_in_days,
        expiresAt: body.expires_at === undefined ? undefined : new Date(body.expires_at),
        maxDownloads: body.max_downloads,
      });
      return {
        share_link: presentShareLink({ ...created.link, created_by_email: session.actor.user.email }, ctx.clock.now()),
        url: created.url,
        token: created.token,
      };
    },
  }),
  route({
    method: 'get',
    path: '/files/:id/share-links',
    operationId: 'listShareLinks',
    summary: 'List a file’s share links',
    description: 'Active and past, newest first (the latest 200), each with its status; never their tokens.',
    params: fileParams,
    responses: { 200: { description: 'The file’s links.', schema: shareLinksAnswer } },
    refusals: { 403: ADMINS_ONLY, 404: FILE_NOT_FOUND },
    authorize: 'files.manage',
    handle: async ({ ctx, scope, params }) => {
      const file = await visibleFile(ctx, scope, params.id);
      const now = ctx.clock.now();
      const links = await listShareLinks(ctx, scope, { fileId: file.id });
      return { share_links: links.map((link) => presentShareLink(link, now)) };
    },
  }),
  route({
    method: 'delete',
    path: '/files/:id/share-links/:linkId',
    operationId: 'revokeShareLink',
    summary: 'Revoke a share link',
    description: 'It stops working at once; revoking it again changes nothing. Audited, and in the file’s activity.',
    params: linkParams,
    transaction: true,
    responses: { 204: { description: 'Revoked.' } },
    refusals: { 403: ADMINS_ONLY, 404: `${FILE_NOT_FOUND} / ${SHARE_LINK_MESSAGES.linkNotFound}` },
    authorize: 'files.manage',
    handle: async ({ ctx, scope, params }) => {
      const file = await visibleFile(ctx, scope, params.id);
      await revokeShareLink(ctx, scope, { fileId: file.id, linkId: params.linkId });
    },
  }),
]);

/* What the link's public page calls, without a session: the token is the proof. */
export const publicShareLinkRoutes = defineRoutes('public', SHARE_LINKS_TAG, (route) => [
  route({
    method: 'get',
    path: '/public/share-links/:token',
    operationId: 'getPublicShareLink',
    summary: 'Read what a share link offers',
    description: 'The file’s name, size and type, when the link expires, the downloads left and the workspace’s brand.',
    params: tokenParams,
    responses: { 200: { description: 'The link works.', schema: publicShareLinkAnswer } },
    refusals: {
      404: SHARE_LINK_MESSAGES.unknown,
      410: `${ENDED} (\`code\` says which: \`share_link_expired\`, \`share_link_revoked\`, \`share_link_used_up\`, \`share_link_file_gone\`)`,
    },
    handle: async ({ ctx, params, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return presentPublicShareLink(await openShareLink(ctx, { token: params.token }));
    },
  }),
  route({
    method: 'get',
    path: '/public/share-links/:token/download',
    operationId: 'downloadPublicShareLink',
    summary: 'Download the file of a share link',
    description: 'Counts one download of the link (never past its limit) and audits it with the caller’s address.',
    params: tokenParams,
    responses: {
      200: {
        description: 'The file as an attachment, with its stored content type.',
        mediaType: 'application/octet-stream',
      },
    },
    refusals: {
      404: `${SHARE_LINK_MESSAGES.unknown} Or the file’s stored object is gone.`,
      410: `${ENDED} (\`code\` says which)`,
    },
    handle: async ({ ctx, params, req, res }) => {
      const link = await takeShareLinkDownloadOf(ctx, { token: params.token, ip: req.ip ?? null });
      await sendStoredFile(
        ctx.storage,
        ctx.logger,
        res,
        {
          id: link.file_id,
          storage_key: link.storage_key,
          original_name: link.original_name,
          size_bytes: link.size_bytes,
        },
        'attachment',
        link.content_type,
      );
    },
  }),
]);
