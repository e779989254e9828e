import { randomInt } from 'node:crypto';
import {
  isSuperAdminRole,
  MAGIC_LINK_MINUTES,
  roleKindOf,
  type MagicLinkSetting,
  type RoleKind,
} from '@portico/common';
import type { User } from '../db/models';
import { sendEmail } from '../integrations';
import { audit } from '../kernel/audit';
import { randomToken, sha256 } from '../kernel/crypto';
import { badRequest, DomainError, forbidden } from '../kernel/errors';
import { magicLinkEmail } from '../mail/templates';
import { inTransaction, type ServiceContext } from '../scope';
import { brandForUser } from '../tenancy';
import {
  addWrongMagicCode,
  findUser,
  findUserByEmail,
  insertMagicLink,
  lockLiveMagicLinks,
  lockMagicLink,
  selectMagicLinkMemberships,
  setOpenMagicLinksUsed,
  type MagicLinkMembershipRow,
} from './auth-data';

/*
 * Sign-in by emailed link (issue 31). A link is single use, lives MAGIC_LINK_MINUTES and opens only
 * in the browser that asked for it: the request leaves a random value in that browser (an httpOnly
 * cookie, set by the route) and the link keeps its hash. The email also shows a 6-digit code for
 * another device, checked against the address and refused after MAX_WRONG_CODES wrong tries.
 */

export const MAGIC_LINK_TTL_MS = MAGIC_LINK_MINUTES * 60_000;
export const MAX_WRONG_CODES = 5;

export const MAGIC_LINK_INVALID = 'This sign-in link is invalid, used or expired. Ask for a new one.';
export const MAGIC_LINK_OTHER_BROWSER =
  'This sign-in link was asked for in another browser. Enter the 6-digit code from the email on the sign-in page instead, or ask for a new link here.';
export const MAGIC_CODE_WRONG = 'That code is not valid or has expired. Check the latest email, or ask for a new link.';

const ADMITTED: Record<MagicLinkSetting, readonly RoleKind[]> = {
  off: [],
  clients: ['client', 'guest'],
  everyone: ['admin', 'team', 'client', 'guest'],
};

/**
 * A link opens the whole account, so it is sent only when every workspace the person is an active
 * member of admits their role there by link, and never to a platform admin (who has the console).
 */
export function mayUseMagicLinks(memberships: readonly MagicLinkMembershipRow[]): boolean {
  return (
    memberships.length > 0 &&
    memberships.every(
      (m) =>
        !m.global_roles.some(isSuperAdminRole) &&
        ADMITTED[m.magic_links].includes(roleKindOf(m.role, m.kind ? [{ role_key: m.role, kind: m.kind }] : [])),
    )
  );
}

export interface MagicLinkRequest {
  email: string;
  /** The random value the asking browser keeps: the link opens only where it is presented again. */
  browserValue: string;
  /** Where the link opens: the address the request came on (`siteOriginOf`). */
  origin: string;
  /** The workspace whose brand the email wears, when the person belongs to it. */
  tenantId?: string;
}

/** Emails a sign-in link when the address has an account that may use one; silent otherwise. */
export async function requestMagicLink(ctx: ServiceContext, input: MagicLinkRequest): Promise<void> {
  const user = await findUserByEmail(ctx, input.email.trim().toLowerCase());
  if (!user || !mayUseMagicLinks(await selectMagicLinkMemberships(ctx, user.id))) return;
  await inTransaction(ctx, async (transaction) => {
    const token = randomToken();
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await insertMagicLink(
      ctx,
      {
        user_id: user.id,
        token_hash: sha256(token),
        code_hash: codeHash(user.id, code),
        browser_hash: sha256(input.browserValue),
        expires_at: new Date(ctx.clock.now().getTime() + MAGIC_LINK_TTL_MS),
      },
      transaction,
    );
    const brand = await brandForUser(ctx, user.id, input.tenantId, transaction);
    const query = new URLSearchParams({ token, ...(brand.tenantId ? { tenant_id: brand.tenantId } : {}) });
    const rendered = await magicLinkEmail(brand, {
      url: `${input.origin}/login/magic?${query.toString()}`,
      code,
      minutes: MAGIC_LINK_MINUTES,
    });
    await sendEmail(ctx, { ...rendered, to: user.email, tenantId: brand.tenantId }, transaction);
  });
}

const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

/**
 * The account an emailed link opens, in the browser that presents `browserValue`: the link (and
 * every other open link of the person) is used up and the use audited. A link that is unknown, used
 * or expired is 400; one asked for in another browser is 403 and stays usable by its code.
 */
export async function passMagicLink(
  ctx: ServiceContext,
  input: { token: string; browserValue: string | undefined; ip?: string },
): Promise<User> {
  return inTransaction(ctx, async (transaction) => {
    const link = await lockMagicLink(ctx, sha256(input.token), transaction);
    const now = ctx.clock.now();
    const live =
      link && !link.used_at && link.expires_at.getTime() > now.getTime() && link.wrong_codes < MAX_WRONG_CODES;
    if (!link || !live) throw badRequest(MAGIC_LINK_INVALID, 'invalid_magic_link');
    if (!input.browserValue || sha256(input.browserValue) !== link.browser_hash)
      throw forbidden(MAGIC_LINK_OTHER_BROWSER, 'magic_link_other_browser');
    return useMagicLinks(ctx, link.user_id, { method: 'link', ip: input.ip }, transaction);
  });
}

/**
 * The account whose open link shows this code. A wrong code (or an address with no open link, which
 * answers the same) is 400 `wrong_magic_code`, counted against each of the person's open links.
 */
export async function passMagicCode(
  ctx: ServiceContext,
  input: { email: string; code: string; ip?: string },
): Promise<User> {
  // The count of a wrong code must outlive the refusal, so the refusal leaves the transaction that counted it.
  const outcome = await inTransaction(ctx, async (transaction): Promise<User | DomainError> => {
    const wrong = badRequest(MAGIC_CODE_WRONG, 'wrong_magic_code');
    const user = await findUserByEmail(ctx, input.email.trim().toLowerCase(), transaction);
    if (!user) return wrong;
    const links = await lockLiveMagicLinks(ctx, user.id, ctx.clock.now(), MAX_WRONG_CODES, transaction);
    if (!links.some((link) => link.code_hash === codeHash(user.id, input.code))) {
      await addWrongMagicCode(
        ctx,
        links.map((link) => link.id),
        transaction,
      );
      return wrong;
    }
    return useMagicLinks(ctx, user.id, { method: 'code', ip: input.ip }, transaction);
  });
  if (outcome instanceof DomainError) throw outcome;
  return outcome;
}

async function useMagicLinks(
  ctx: ServiceContext,
  userId: string,
  { method, ip }: { method: 'link' | 'code'; ip?: string },
  transaction: Parameters<typeof setOpenMagicLinksUsed>[3],
): Promise<User> {
  await setOpenMagicLinksUsed(ctx, userId, ctx.clock.now(), transaction);
  const user = await findUser(ctx, userId, transaction);
  // The workspace may have turned links off, or the person become an admin, since the email went out.
  if (!user || !mayUseMagicLinks(await selectMagicLinkMemberships({ ...ctx, transaction }, userId)))
    throw badRequest(MAGIC_LINK_INVALID, 'invalid_magic_link');
  await audit(
    ctx,
    { actor: { userId, ip } },
    { action: 'user.magic_link_used', entity: { type: 'user', id: userId }, details: { method } },
    transaction,
  );
  return user;
}
