import { randomUUID } from 'node:crypto';
import { isUuid, workspaceSettingsAnswer } from '@portico/common';
import {
  badRequest,
  notFound,
  ObjectMissingError,
  updateBrandAsset,
  type ServiceContext,
  type TenantScope,
} from '@portico/core';
import type { Request } from 'express';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { streamStoredObject } from '../http/file-response';
import { receiveFileUpload } from '../http/upload';
import { presentTenantConfig } from '../presenters';

export const BRAND_ASSET_MAX_BYTES = 2 * 1024 * 1024;

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
};

/** Which image formats each asset takes; SVG never (it can carry script). */
const ASSETS = {
  logo: {
    column: 'logo_url',
    extensions: ['png', 'jpg', 'jpeg', 'webp', 'gif'],
    refusal: 'The logo must be a PNG, JPEG, WebP or GIF image.',
  },
  favicon: {
    column: 'favicon_url',
    extensions: ['png', 'ico', 'jpg', 'jpeg', 'webp', 'gif'],
    refusal: 'The favicon must be a PNG, ICO, JPEG, WebP or GIF image.',
  },
} as const;
export type AssetKind = keyof typeof ASSETS;

const ASSET_NAME = /^(logo|favicon)-[0-9a-f-]{36}\.([a-z0-9]{1,5})$/;

export const assetKey = (tenantId: string, name: string) => `${tenantId}/brand/${name}`;

/** The public address of a brand asset, or null for a URL that is not one of ours. */
function ownAssetName(tenantId: string, url: string | null): string | null {
  const prefix = `/api/public/brand/${tenantId}/`;
  if (!url?.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return ASSET_NAME.test(name) ? name : null;
}

function extensionOf(fileName: string): string {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return /^[a-z0-9]{1,5}$/.test(ext) ? ext : 'bin';
}

export const BRAND_LIMIT = `${BRAND_ASSET_MAX_BYTES / 1024 / 1024} MB`;
export const imageUpload = z.object({
  file: z.any().meta({
    description: `The image, at most ${BRAND_LIMIT}.`,
    override: { type: 'string', format: 'binary' },
  }),
});
const SETTINGS_ADMINS = 'Only workspace admins can change workspace settings.';
export const BRAND_FORMATS = { logo: 'PNG, JPEG, WebP or GIF', favicon: 'PNG, ICO, JPEG, WebP or GIF' } as const;

/** Points the asset at `name` (null removes it) and removes the image it replaces from storage. */
async function replaceAsset(ctx: ServiceContext, scope: TenantScope, kind: AssetKind, name: string | null) {
  const { tenant } = scope;
  const previous = ownAssetName(tenant.id, tenant[ASSETS[kind].column]);
  const url = name ? `/api/public/brand/${tenant.id}/${name}` : null;
  await updateBrandAsset(ctx, scope, { kind, url });
  if (previous) await ctx.storage.remove(assetKey(tenant.id, previous));
  return presentTenantConfig(tenant, scope.roleTypes, ctx.clock.now());
}

/**
 * Receives a logo or favicon upload for the scope's workspace (an admin's, or the console's with the
 * platform scope) and makes it the workspace's; answers the workspace settings.
 */
export async function receiveBrandAsset(ctx: ServiceContext, scope: TenantScope, req: Request, kind: AssetKind) {
  return receiveBrandImage(ctx, scope.tenantId, req, kind, (name) => replaceAsset(ctx, scope, kind, name));
}

/**
 * Stores an uploaded logo or favicon under `{tenantId}/brand/` (a workspace's, or the one onboarding
 * reserved for the workspace it will make) and hands its new name to `save`.
 */
export async function receiveBrandImage<T>(
  ctx: ServiceContext,
  tenantId: string,
  req: Request,
  kind: AssetKind,
  save: (name: string) => Promise<T>,
): Promise<T> {
  const id = randomUUID();
  let stored = '';
  const destination = {
    key: (fileName: string) => assetKey(tenantId, (stored = `${kind}-${id}.${extensionOf(fileName)}`)),
    maxBytes: BRAND_ASSET_MAX_BYTES,
    tooLarge: `The ${kind} must be at most 2 MB.`,
  };
  return receiveFileUpload(
    ctx,
    req,
    { destination, fields: z.object({}), missingFile: 'Choose an image to upload.' },
    async ({ file }) => {
      const ext = extensionOf(file.name);
      const allowed = (ASSETS[kind].extensions as readonly string[]).includes(ext);
      const declared =
        file.contentType === IMAGE_TYPES[ext] || (ext === 'ico' && file.contentType === 'image/vnd.microsoft.icon');
      if (!allowed || !declared) throw badRequest(ASSETS[kind].refusal);
      return save(stored);
    },
  );
}

/** Logo and favicon: stored through the storage layer, served publicly (the login page shows them). */
export const brandRoutes = defineRoutes(
  'workspace',
  {
    name: 'Workspace',
    description: 'Settings, branding, role types and dashboards of the workspace in `x-tenant-id`.',
  },
  (route) =>
    (Object.keys(ASSETS) as AssetKind[]).flatMap((kind) => {
      const name = kind[0]!.toUpperCase() + kind.slice(1);
      return [
        route({
          method: 'post',
          path: `/tenant-config/${kind}`,
          operationId: `upload${name}`,
          summary: `Upload the ${kind}`,
          description: `A ${BRAND_FORMATS[kind]} image of at most ${BRAND_LIMIT} (never SVG); it replaces the previous one.`,
          multipart: imageUpload,
          responses: {
            200: { description: `The workspace settings, \`${kind}_url\` set.`, schema: workspaceSettingsAnswer },
          },
          refusals: {
            400: `No image, or not a ${BRAND_FORMATS[kind]} image.`,
            403: SETTINGS_ADMINS,
            413: `The ${kind} is larger than ${BRAND_LIMIT}.`,
          },
          authorize: 'workspace.update',
          handle: async ({ ctx, scope, req }) => receiveBrandAsset(ctx, scope, req, kind),
        }),
        route({
          method: 'delete',
          path: `/tenant-config/${kind}`,
          operationId: `remove${name}`,
          summary: `Remove the ${kind}`,
          responses: {
            200: { description: `The workspace settings, \`${kind}_url\` null.`, schema: workspaceSettingsAnswer },
          },
          refusals: { 403: SETTINGS_ADMINS },
          authorize: 'workspace.update',
          handle: async ({ ctx, scope }) => {
            return replaceAsset(ctx, scope, kind, null);
          },
        }),
      ];
    }),
);

/** A brand image's public address; the name is checked against `{logo|favicon}-{uuid}.{ext}` by the handler. */
const brandImageParams = z.object({
  tenantId: z.string().meta({ description: 'The workspace.' }),
  name: z.string().meta({ description: 'The image’s name from `logo_url` or `favicon_url`.' }),
});

/** GET /api/public/brand/:tenantId/:name — no session: logos and favicons appear before sign-in. */
export const publicBrandRoutes = defineRoutes(
  'public',
  {
    name: 'Workspace',
    description: 'Settings, branding, role types and dashboards of the workspace in `x-tenant-id`.',
  },
  (route) => [
    route({
      method: 'get',
      path: '/public/brand/:tenantId/:name',
      operationId: 'getBrandImage',
      summary: 'A workspace’s logo or favicon',
      description:
        'Public: the sign-in page shows it. Every upload gets a new name, so the answer is cached for a year.',
      params: brandImageParams,
      responses: { 200: { description: 'The image.', mediaType: 'image/*' } },
      refusals: { 404: 'There is no such image.' },
      handle: async ({ ctx, params, res }) => {
        const { tenantId, name } = params;
        const match = ASSET_NAME.exec(name);
        const type = match ? IMAGE_TYPES[match[2]!] : undefined;
        if (!isUuid(tenantId) || !type) throw notFound('There is no such image.');
        let body;
        try {
          body = await ctx.storage.get(assetKey(tenantId.toLowerCase(), name));
        } catch (error) {
          if (error instanceof ObjectMissingError) throw notFound('There is no such image.');
          throw error;
        }
        // Each upload gets a new name, so an address never changes content.
        res.set({
          'content-type': type,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        });
        streamStoredObject(body, res, ctx.logger, { tenant: tenantId, asset: name });
      },
    }),
  ],
);
