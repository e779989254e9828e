import {
  EMBED_AUDIENCE_ALL,
  EMBED_INTEGRATION_OFF,
  EMBED_MESSAGES,
  embedIntegrationOf,
  type EmbedIntegration,
} from '@portico/common';
import type { Transaction } from 'sequelize';
import type { Embed, EmbedType } from '../db/models';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { audit } from '../kernel/audit';
import { badRequest, conflict, forbidden, notFound } from '../kernel/errors';
import { safeFetch, type OutboundPolicy } from '../kernel/outbound';
import { cachedWorkspaceRead } from '../tenancy';
import {
  embedById,
  findActiveEmbedsFor,
  findAllEmbeds,
  findDisabledIntegrationKeys,
  findEmbeds,
  findMembership,
  findTargetUsers,
  insertEmbed,
  lockEmbedIds,
  maxEmbedSortOrder,
  setEmbedFraming,
  setEmbedSortOrder,
  type EmbedFilters,
  type EmbedTargetUser,
} from './embeds-data';

export type { EmbedFilters, EmbedTargetUser } from './embeds-data';

/* ---------- framing check ---------- */

type HeaderValue = string | string[] | undefined;

function headerValues(headers: Record<string, HeaderValue>, name: string): string[] {
  const value = headers[name] ?? headers[name.toLowerCase()];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : protocol === 'http:' ? '80' : '';
}

/** Whether one CSP source expression admits `ours` as an ancestor (CSP3 §6.7.2 host and scheme sources). */
function sourceAllows(source: string, ours: URL, target: URL): boolean {
  const s = source.trim();
  const lower = s.toLowerCase();
  if (lower === '*') return ours.protocol === 'http:' || ours.protocol === 'https:';
  if (lower === "'self'") return ours.origin === target.origin;
  if (lower === "'none'") return false;
  const scheme = /^([a-z][a-z0-9+.-]*):$/i.exec(s);
  if (scheme) {
    const wanted = `${scheme[1]!.toLowerCase()}:`;
    return wanted === ours.protocol || (wanted === 'http:' && ours.protocol === 'https:');
  }
  const host = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^:/]+)(?::(\d+|\*))?(?:\/.*)?$/i.exec(s);
  if (!host) return false;
  const [, sourceScheme, sourceHost, sourcePort] = host;
  if (sourceScheme) {
    const wanted = `${sourceScheme.toLowerCase()}:`;
    if (!(wanted === ours.protocol || (wanted === 'http:' && ours.protocol === 'https:'))) return false;
  } else if (ours.protocol !== target.protocol && !(target.protocol === 'http:' && ours.protocol === 'https:')) {
    return false;
  }
  const hostname = ours.hostname.toLowerCase();
  const wantedHost = sourceHost!.toLowerCase();
  if (wantedHost === '*') {
    // A bare '*' host matches any host.
  } else if (wantedHost.startsWith('*.')) {
    if (!hostname.endsWith(wantedHost.slice(1))) return false;
  } else if (hostname !== wantedHost) {
    return false;
  }
  const ourPort = ours.port || defaultPort(ours.protocol);
  if (sourcePort === '*') return true;
  const wantedPort = sourcePort ?? defaultPort(sourceScheme ? `${sourceScheme.toLowerCase()}:` : ours.protocol);
  return wantedPort === ourPort || (sourcePort === undefined && wantedPort === '80' && ourPort === '443');
}

/**
 * Whether a browser showing the portal at `portalOrigin` would refuse to frame `targetUrl` with
 * these response headers. A `frame-ancestors` directive in any enforced CSP wins over
 * X-Frame-Options (as in browsers); X-Frame-Options DENY, SAMEORIGIN (other origin) or
 * ALLOW-FROM another origin block.
 */
export function frameBlockedBy(headers: Record<string, HeaderValue>, targetUrl: string, portalOrigin: string): boolean {
  const ours = new URL(portalOrigin);
  const target = new URL(targetUrl);
  const policies = headerValues(headers, 'content-security-policy').flatMap((v) => v.split(','));
  const ancestorLists = policies
    .map((policy) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => /^frame-ancestors(\s|$)/i.test(d)),
    )
    .filter((d): d is string => d !== undefined)
    .map((d) => d.split(/\s+/).slice(1).filter(Boolean));
  if (ancestorLists.length > 0) {
    // Every policy must allow us; an empty list means 'none'.
    return !ancestorLists.every((sources) => sources.some((source) => sourceAllows(source, ours, target)));
  }
  const options = headerValues(headers, 'x-frame-options')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return options.some((option) => {
    const lower = option.toLowerCase();
    if (lower === 'deny') return true;
    if (lower === 'sameorigin') return ours.origin !== target.origin;
    if (lower.startsWith('allow-from')) {
      try {
        return new URL(option.slice('allow-from'.length).trim()).origin !== ours.origin;
      } catch {
        return true;
      }
    }
    return false;
  });
}

export const FRAME_CHECK_TIMEOUT_MS = 5000;

/**
 * Asks the target (HEAD, then GET when HEAD is refused) whether it may be framed by the portal.
 * Null when the target could not be asked: unreachable, refused by the outbound guard, too slow.
 */
export async function checkFraming(
  url: string,
  policy: OutboundPolicy,
  portalOrigin: string,
  timeoutMs = FRAME_CHECK_TIMEOUT_MS,
): Promise<boolean | null> {
  try {
    let res = await safeFetch(url, { method: 'HEAD', httpsOnly: true, timeoutMs }, policy);
    if (res.status === 405 || res.status === 501 || res.status === 403 || res.status === 404) {
      res = await safeFetch(url, { method: 'GET', httpsOnly: true, readBody: false, timeoutMs }, policy);
    }
    if (res.status >= 400) return null;
    return frameBlockedBy(res.headers, res.url, portalOrigin);
  } catch {
    return null;
  }
}

/* ---------- commands and queries ---------- */

/** Every embed of the workspace (the manager), filtered. */
export function listEmbeds(ctx: ServiceContext, scope: TenantScope, filters: EmbedFilters = {}): Promise<Embed[]> {
  return findEmbeds(ctx, scope.tenantId, filters, ctx.transaction);
}

export interface EmbedViewer {
  userId: string | null;
  /** The viewer's membership role in this tenant; null for a super admin who is not a member. */
  role: string | null;
}

/** The audiences a viewer belongs to: every member, their role (owners also admins'), and themselves. */
function audienceOfViewer(viewer: EmbedViewer): { roles: string[]; userId: string | null } {
  const roles = [EMBED_AUDIENCE_ALL];
  if (viewer.role) roles.push(viewer.role);
  if (viewer.role === 'owner') roles.push('admin');
  return { roles, userId: viewer.userId };
}

/**
 * The integrations whose tools the platform turned off for the workspace (the console's
 * Integrations page). A switch is a tenant-owned row, so changing it renews the workspace cache.
 */
async function integrationsOff(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction?: Transaction,
): Promise<Set<EmbedIntegration>> {
  const keys = await findDisabledIntegrationKeys(ctx, tenantId, Object.keys(EMBED_INTEGRATION_OFF), transaction);
  return new Set(keys as EmbedIntegration[]);
}

function refuseIfOff(embed: { provider: string; url: string }, off: Set<EmbedIntegration>): void {
  const integration = embedIntegrationOf(embed);
  if (integration && off.has(integration)) throw forbidden(EMBED_INTEGRATION_OFF[integration], 'integration_off');
}

/** Refuses (403) showing an embed whose tool's integration the platform turned off for the workspace. */
export async function assertEmbedIntegrationOn(
  ctx: ServiceContext,
  scope: TenantScope,
  embed: { provider: string; url: string },
): Promise<void> {
  refuseIfOff(embed, await integrationsOff(ctx, scope.tenantId, ctx.transaction));
}

/**
 * DECISIONS §3: active embeds aimed at the viewer's role, at `all`, or at the viewer; by sort_order.
 * Tools of an integration the platform turned off are not shown.
 */
export function visibleEmbeds(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: EmbedViewer },
): Promise<Embed[]> {
  return cachedWorkspaceRead(ctx, scope, 'embeds.visible', input, async () => {
    const [embeds, off] = await Promise.all([
      findActiveEmbedsFor(ctx, scope.tenantId, audienceOfViewer(input.viewer), ctx.transaction),
      integrationsOff(ctx, scope.tenantId, ctx.transaction),
    ]);
    return embeds.filter((embed) => {
      const integration = embedIntegrationOf(embed);
      return !integration || !off.has(integration);
    });
  });
}

/**
 * One embed of the tenant, or a 404 with the embed page's sentence. Inside a transaction the row is
 * locked: a change is worked out from what it holds, so two at once must not both read it.
 */
async function embedOf(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  transaction?: Transaction,
): Promise<Embed> {
  const embed = await embedById(ctx, tenantId, id, transaction);
  if (!embed) throw notFound(EMBED_MESSAGES.noAccess);
  return embed;
}

/** One embed of the workspace, or a 404 with the embed page's sentence. */
export function findEmbed(ctx: ServiceContext, scope: TenantScope, input: { id: string }): Promise<Embed> {
  return embedOf(ctx, scope.tenantId, input.id);
}

export interface EmbedInput {
  title: string;
  provider: string;
  url: string;
  embed_type: EmbedType;
  role: string | null;
  user_id: string | null;
  description: string | null;
  is_active: boolean;
}

export const EMBED_ROLE_MESSAGE = 'Choose a role of this workspace or All members.';

/** The audience must be a role key of the tenant (or `all`), or an active member of the tenant. */
async function checkAudience(
  ctx: Pick<ServiceContext, 'db'>,
  scope: TenantScope,
  input: Pick<EmbedInput, 'embed_type' | 'role' | 'user_id'>,
  transaction: Transaction,
): Promise<void> {
  if (input.embed_type === 'user') {
    if (!input.user_id) throw badRequest(EMBED_MESSAGES.chooseUser);
    const member = await findMembership(ctx, scope.tenantId, input.user_id, transaction);
    if (!member) throw badRequest(EMBED_MESSAGES.chooseUser);
    return;
  }
  const roleKeys = scope.roleTypes.map((r) => r.role_key);
  if (!input.role || (input.role !== EMBED_AUDIENCE_ALL && !roleKeys.includes(input.role)))
    throw badRequest(EMBED_ROLE_MESSAGE);
}

function audienceOf(input: Pick<EmbedInput, 'embed_type' | 'role' | 'user_id'>) {
  return input.embed_type === 'user'
    ? { embed_type: 'user' as const, role: null, user_id: input.user_id }
    : { embed_type: 'role' as const, role: input.role, user_id: null };
}

function snapshot(embed: Embed) {
  const { title, provider, url, embed_type, role, user_id, is_active, sort_order, description } = embed;
  return { title, provider, url, embed_type, role, user_id, is_active, sort_order, description };
}

export async function createEmbed(ctx: ServiceContext, scope: TenantScope, input: EmbedInput): Promise<Embed> {
  return inTransaction(ctx, async (transaction) => {
    refuseIfOff(input, await integrationsOff(ctx, scope.tenantId, transaction));
    await checkAudience(ctx, scope, input, transaction);
    const last = (await maxEmbedSortOrder(ctx, scope.tenantId, transaction)) ?? -1;
    const embed = await insertEmbed(
      ctx,
      scope.tenantId,
      {
        title: input.title,
        provider: input.provider,
        url: input.url,
        ...audienceOf(input),
        description: input.description,
        is_active: input.is_active,
        sort_order: last + 1,
        created_by: scope.actor.userId,
      },
      transaction,
    );
    await audit(
      ctx,
      scope,
      { action: 'embed.created', entity: { type: 'embed', id: embed.id }, details: snapshot(embed) },
      transaction,
    );
    return embed;
  });
}

export type EmbedPatch = Partial<EmbedInput> & { sort_order?: number };

export async function updateEmbed(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { id: string; patch: EmbedPatch },
): Promise<{ embed: Embed; urlChanged: boolean }> {
  const { patch } = input;
  return inTransaction(ctx, async (transaction) => {
    const embed = await embedOf(ctx, scope.tenantId, input.id, transaction);
    const before = snapshot(embed);
    const audienceTouched = patch.embed_type !== undefined || patch.role !== undefined || patch.user_id !== undefined;
    const changes: Partial<EmbedInput> & { sort_order?: number; frame_blocked?: null; frame_checked_at?: null } = {};
    if (patch.title !== undefined) changes.title = patch.title;
    if (patch.provider !== undefined) changes.provider = patch.provider;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.is_active !== undefined) changes.is_active = patch.is_active;
    if (patch.sort_order !== undefined) changes.sort_order = patch.sort_order;
    const urlChanged = patch.url !== undefined && patch.url !== embed.url;
    if (urlChanged) Object.assign(changes, { url: patch.url, frame_blocked: null, frame_checked_at: null });
    if (changes.provider !== undefined || urlChanged)
      refuseIfOff(
        { provider: changes.provider ?? embed.provider, url: patch.url ?? embed.url },
        await integrationsOff(ctx, scope.tenantId, transaction),
      );
    if (audienceTouched) {
      const embedType = patch.embed_type ?? embed.embed_type;
      const audience = {
        embed_type: embedType,
        role: patch.role !== undefined ? patch.role : embed.role,
        user_id: patch.user_id !== undefined ? patch.user_id : embed.user_id,
      };
      await checkAudience(ctx, scope, audience, transaction);
      Object.assign(changes, audienceOf(audience));
    }
    await embed.update(changes, { transaction });
    await audit(
      ctx,
      scope,
      { action: 'embed.updated', entity: { type: 'embed', id: embed.id }, details: { before, after: snapshot(embed) } },
      transaction,
    );
    return { embed, urlChanged };
  });
}

export async function deleteEmbed(ctx: ServiceContext, scope: TenantScope, input: { id: string }): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const embed = await embedOf(ctx, scope.tenantId, input.id, transaction);
    const before = snapshot(embed);
    await embed.destroy({ transaction });
    await audit(
      ctx,
      scope,
      { action: 'embed.deleted', entity: { type: 'embed', id: embed.id }, details: before },
      transaction,
    );
  });
}

/** Sets sort_order from the given order, which must name every embed of the tenant once. */
export async function reorderEmbeds(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { ids: readonly string[] },
): Promise<Embed[]> {
  const { ids } = input;
  if (new Set(ids).size !== ids.length) throw badRequest('Each embed may appear only once in the new order.');
  return inTransaction(ctx, async (transaction) => {
    // Locked, so two reorders of one workspace queue behind each other.
    const existing = await lockEmbedIds(ctx, scope.tenantId, transaction);
    const known = new Set(existing);
    if (ids.some((id) => !known.has(id))) throw notFound('One of these embeds does not exist.');
    if (ids.length !== existing.length)
      throw conflict('The embed list has changed. Reload the page and try again.', 'stale_order');
    for (const [index, id] of ids.entries()) {
      await setEmbedSortOrder(ctx, scope.tenantId, id, index, transaction);
    }
    await audit(ctx, scope, { action: 'embed.reordered', entity: { type: 'embed' }, details: { ids } }, transaction);
    return findAllEmbeds(ctx, scope.tenantId, transaction);
  });
}

/** Runs the framing check for a saved embed and stores the answer (null when it could not be asked). */
export async function refreshFraming(ctx: ServiceContext, scope: TenantScope, input: { embed: Embed }): Promise<Embed> {
  const { embed } = input;
  const blocked = await checkFraming(embed.url, ctx.config, new URL(ctx.config.publicUrl).origin);
  await setEmbedFraming(ctx, scope.tenantId, embed.id, { blocked, checkedAt: ctx.clock.now() });
  return embedOf(ctx, scope.tenantId, embed.id);
}

/* ---------- targets ---------- */

/** The people personal embeds are aimed at, by id, for the manager's Target column. */
export async function embedTargetUsers(
  ctx: ServiceContext,
  _scope: TenantScope,
  embeds: readonly Embed[],
): Promise<Map<string, EmbedTargetUser>> {
  const ids = [...new Set(embeds.map((e) => e.user_id).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const users = await findTargetUsers(ctx, ids);
  return new Map(users.map((u) => [u.id, u]));
}
