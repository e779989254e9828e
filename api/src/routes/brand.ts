import { isUuid } from '@portico/common';
import { randomUUID } from 'node:crypto';
import { badRequest, notFound, ObjectMissingError, updateBrandAsset, type AppContext } from '@portico/core';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { workspaceOf, workspaceScopeOf } from '../http/request';
import { streamStoredObject } from '../http/file-response';
import { receiveFileUpload } from '../http/upload';
import { authorize } from '../policies';
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
type AssetKind = keyof typeof ASSETS;

const ASSET_NAME = /^(logo|favicon)-[0-9a-f-]{36}\.([a-z0-9]{1,5})$/;

const assetKey = (tenantId: string, name: string) => `${tenantId}/brand/${name}`;

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

/** Logo and favicon: stored through the storage layer, served publicly (the login page shows them). */
export function brandRoutes(ctx: AppContext): Router {
  const router = Router();

  async function replaceAsset(req: Request, kind: AssetKind, name: string | null) {
    const scope = workspaceScopeOf(req);
    const { tenant } = scope;
    const previous = ownAssetName(tenant.id, tenant[ASSETS[kind].column]);
    const url = name ? `/api/public/brand/${tenant.id}/${name}` : null;
    await updateBrandAsset(ctx, scope, { kind, url });
    if (previous) await ctx.storage.remove(assetKey(tenant.id, previous));
    return presentTenantConfig(tenant, scope.roleTypes);
  }

  for (const kind of Object.keys(ASSETS) as AssetKind[]) {
    router.post(`/tenant-config/${kind}`, async (req, res) => {
      const { tenant } = workspaceOf(req);
      authorize(workspaceScopeOf(req), 'workspace.update');
      const id = randomUUID();
      let name = '';
      const destination = {
        key: (fileName: string) => assetKey(tenant.id, (name = `${kind}-${id}.${extensionOf(fileName)}`)),
        maxBytes: BRAND_ASSET_MAX_BYTES,
        tooLarge: `The ${kind} must be at most 2 MB.`,
      };
      const config = await receiveFileUpload(
        ctx,
        req,
        { destination, fields: z.object({}), missingFile: 'Choose an image to upload.' },
        async ({ file }) => {
          const ext = extensionOf(file.name);
          const allowed = (ASSETS[kind].extensions as readonly string[]).includes(ext);
          const declared =
            file.contentType === IMAGE_TYPES[ext] || (ext === 'ico' && file.contentType === 'image/vnd.microsoft.icon');
          if (!allowed || !declared) throw badRequest(ASSETS[kind].refusal);
          return replaceAsset(req, kind, name);
        },
      );
      res.json(config);
    });

    router.delete(`/tenant-config/${kind}`, async (req, res) => {
      authorize(workspaceScopeOf(req), 'workspace.update');
      res.json(await replaceAsset(req, kind, null));
    });
  }

  return router;
}

/** GET /api/public/brand/:tenantId/:name — no session: logos and favicons appear before sign-in. */
export function publicBrandRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/public/brand/:tenantId/:name', async (req, res) => {
    const { tenantId, name } = req.params;
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
  });
  return router;
}
