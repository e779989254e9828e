import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  INBOX_EMAIL_KINDS,
  INBOX_MESSAGES,
  isUuid,
  roleKindOf,
  type InboxEmailAnswer,
  type InboxEmailChoices,
  type InboxEmailSetting,
  type InboxEmailKind,
  type InboxUnsubscribeAnswer,
  type InboxUnsubscribeTopic,
  type RoleType,
} from '@portico/common';
import type { Transaction } from 'sequelize';
import { sendEmail } from '../integrations';
import { badRequest, forbidden } from '../kernel/errors';
import { inboxItemEmail } from '../mail/inbox-email';
import type { ServiceContext, TenantScope } from '../scope';
import { findTenant, roleTypesOf, tenantOrigin } from '../tenancy';
import {
  findInboxEmailChoices,
  saveInboxEmailChoice,
  selectEmailCandidates,
  turnOffDailyChoices,
  type MemberChoices,
} from './inbox-email-data';

/*
 * The inbox by email (issue 33): per person, workspace and kind, `immediately`, `daily` or `off`. An
 * item emailed immediately is queued in the email outbox in the transaction that writes it, so a
 * rolled-back change sends nothing and a crash after commit sends once; the `daily` kinds wait for
 * the daily digest (inbox-digest.ts). Every such email carries a one-click unsubscribe (RFC 8058): a
 * link signed with SECRETS_KEY naming the person, the workspace and the kind (or `digest`: every kind
 * in the digest), which works without signing in.
 */

/** Where the one-click unsubscribe is served, on the workspace's address. */
export const INBOX_UNSUBSCRIBE_PATH = '/api/public/inbox/unsubscribe';
/** Stands for each recipient's unsubscribe page in the email rendered once for all of them. */
const UNSUBSCRIBE_PLACEHOLDER = 'UNSUBSCRIBE-PAGE-URL';

const isEmailKind = (kind: string): kind is InboxEmailKind => (INBOX_EMAIL_KINDS as readonly string[]).includes(kind);
/** What the digest's unsubscribe token names instead of a kind. */
export const DIGEST_TOPIC = 'digest';
const isTopic = (topic: string): topic is InboxUnsubscribeTopic => topic === DIGEST_TOPIC || isEmailKind(topic);

/**
 * A person's setting for a kind they chose nothing for: clients and guests hear of files shared and
 * forms assigned, admins of people joining and failed payments, everyone of their own role
 * changing; nothing else.
 */
export function defaultInboxEmail(
  kind: InboxEmailKind,
  role: string,
  roleTypes: readonly RoleType[],
): InboxEmailSetting {
  const roleKind = roleKindOf(role, roleTypes);
  switch (kind) {
    case 'file.shared':
    case 'form.assigned':
      return roleKind === 'client' || roleKind === 'guest' ? 'immediately' : 'off';
    case 'member.joined':
    case 'billing.payment_failed':
      return roleKind === 'admin' ? 'immediately' : 'off';
    case 'form.submitted':
    case 'domain.ready':
    case 'domain.failed':
      // The admins get their own email of these already: the answers (forms/forms.ts), the certificate (custom-domains/domains.ts).
      return 'off';
    case 'member.role_changed':
      return 'immediately';
  }
}

function settingsOf(member: MemberChoices, roleTypes: readonly RoleType[]): InboxEmailAnswer {
  const chosen: InboxEmailChoices = member.inbox_email;
  return {
    kinds: INBOX_EMAIL_KINDS.map((kind) => {
      const fallback = defaultInboxEmail(kind, member.role, roleTypes);
      return { kind, email: chosen[kind] ?? fallback, default: fallback, chosen: chosen[kind] !== undefined };
    }),
  };
}

/** The caller's person, a member of the workspace (not an API key, nor a super admin visiting). */
function memberOf(scope: TenantScope): string {
  const { userId } = scope.actor;
  if (!userId || scope.role === null) throw forbidden(INBOX_MESSAGES.notMember);
  return userId;
}

/** The caller's setting for every kind in the workspace: chosen, or their role's default. */
export async function inboxEmailSettings(ctx: ServiceContext, scope: TenantScope): Promise<InboxEmailAnswer> {
  const member = await findInboxEmailChoices(ctx, scope.tenantId, memberOf(scope));
  if (!member) throw forbidden(INBOX_MESSAGES.notMember);
  return settingsOf(member, scope.roleTypes);
}

/** Saves the caller's own setting for one kind in the workspace. */
export async function updateInboxEmailSetting(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { kind: InboxEmailKind; email: InboxEmailSetting },
): Promise<InboxEmailAnswer> {
  const member = await saveInboxEmailChoice(ctx, scope.tenantId, { userId: memberOf(scope), ...input });
  if (!member) throw forbidden(INBOX_MESSAGES.notMember);
  return settingsOf(member, scope.roleTypes);
}

interface UnsubscribeClaim {
  userId: string;
  tenantId: string;
  kind: string;
}

function signature(secret: string, claim: UnsubscribeClaim): string {
  return createHmac('sha256', secret)
    .update(['inbox-unsubscribe', claim.userId, claim.tenantId, claim.kind].join('.'))
    .digest('base64url');
}

/** `<user>.<workspace>.<kind>.<signature>`: ids have no dots, so a kind's own dots stay in the middle. */
export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  return [claim.userId, claim.tenantId, claim.kind, signature(secret, claim)].join('.');
}

/** The person, workspace and kind (or the digest) a token names; 400 with a sentence when it was altered or names neither. */
function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim & { kind: InboxUnsubscribeTopic } {
  const parts = token.split('.');
  const claim = { userId: parts[0] ?? '', tenantId: parts[1] ?? '', kind: parts.slice(2, -1).join('.') };
  const given = Buffer.from(parts.length >= 4 ? parts.at(-1)! : '');
  const expected = Buffer.from(signature(secret, claim));
  const signed = given.length === expected.length && timingSafeEqual(given, expected);
  if (!signed || !isUuid(claim.userId) || !isUuid(claim.tenantId) || !isTopic(claim.kind))
    throw badRequest(INBOX_MESSAGES.unsubscribeToken, 'unsubscribe_invalid');
  return { ...claim, kind: claim.kind };
}

/**
 * What an unsubscribe link does, before the person confirms it (`confirm` false) or once they did
 * (or their mail client did, by RFC 8058's POST): that kind of email turns off in that workspace; the
 * digest's link turns off every kind they chose `daily` for, so no digest comes.
 */
export async function unsubscribeInboxEmail(
  ctx: ServiceContext,
  input: { token: string; confirm: boolean },
): Promise<InboxUnsubscribeAnswer> {
  const { kind, tenantId, userId } = verifyUnsubscribeToken(ctx.config.secretsKey, input.token);
  const tenant = await findTenant(ctx, tenantId);
  const member = input.confirm
    ? await turnOff(ctx, tenantId, userId, kind)
    : await findInboxEmailChoices(ctx, tenantId, userId);
  // A person who left the workspace gets none of its email: the link has nothing left to turn off.
  if (!tenant || !member) return { kind, workspace: { name: tenant?.name ?? '' }, email: 'off' };
  const kinds = settingsOf(member, await roleTypesOf(ctx, tenantId)).kinds;
  if (kind !== DIGEST_TOPIC)
    return { kind, workspace: { name: tenant.name }, email: kinds.find((k) => k.kind === kind)!.email };
  return { kind, workspace: { name: tenant.name }, email: kinds.some((k) => k.email === 'daily') ? 'daily' : 'off' };
}

function turnOff(
  ctx: ServiceContext,
  tenantId: string,
  userId: string,
  topic: InboxUnsubscribeTopic,
): Promise<MemberChoices | null> {
  if (topic === DIGEST_TOPIC) return turnOffDailyChoices(ctx, tenantId, userId);
  return saveInboxEmailChoice(ctx, tenantId, { userId, kind: topic, email: 'off' });
}

/**
 * The unsubscribe of one email to one person: the portal's page to put in its text, and the RFC 8058
 * headers whose address a mail client POSTs to without a session.
 */
export function unsubscribeLinks(
  secret: string,
  origin: string,
  claim: UnsubscribeClaim,
): { pageUrl: string; headers: Record<string, string> } {
  // A token is ids, a kind and base64url: nothing in it needs escaping in a URL or in HTML.
  const token = signUnsubscribeToken(secret, claim);
  return {
    pageUrl: `${origin}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${origin}${INBOX_UNSUBSCRIBE_PATH}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Queues, in `transaction`, the email of an inbox item to each of the people told of it whose setting
 * for its kind is `immediately`.
 */
export async function emailInboxItem(
  ctx: Pick<ServiceContext, 'sequelize' | 'db' | 'queues' | 'logger' | 'config'>,
  tenantId: string,
  item: { kind: string; title: string; body: string | null; link: string; userIds: readonly string[] },
  transaction: Transaction,
): Promise<number> {
  const { kind } = item;
  if (item.userIds.length === 0 || !isEmailKind(kind)) return 0;
  const candidates = await selectEmailCandidates(ctx, tenantId, { userIds: item.userIds, kind }, transaction);
  if (candidates.length === 0) return 0;
  const roleTypes = await roleTypesOf(ctx, tenantId, transaction);
  const recipients = candidates.filter(
    (c) => (c.chosen ?? defaultInboxEmail(kind, c.role, roleTypes)) === 'immediately',
  );
  if (recipients.length === 0) return 0;
  const tenant = await findTenant(ctx, tenantId, transaction);
  if (!tenant) return 0;
  const origin = tenantOrigin(ctx.config, tenant);
  // Rendered once for everyone (a share with a role may tell hundreds); each copy gets its own token.
  const rendered = await inboxItemEmail(
    { name: tenant.name, primaryColor: tenant.primary_color },
    {
      kind,
      title: item.title,
      body: item.body,
      url: `${origin}${item.link}`,
      unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
    },
  );
  for (const recipient of recipients) {
    const { pageUrl, headers } = unsubscribeLinks(ctx.config.secretsKey, origin, {
      userId: recipient.user_id,
      tenantId,
      kind,
    });
    const html = rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, pageUrl);
    const text = rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, pageUrl);
    await sendEmail(ctx, { ...rendered, html, text, to: recipient.email, tenantId, headers }, transaction);
  }
  return recipients.length;
}
