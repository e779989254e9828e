import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@portico/common';
import { unauthorized } from '@portico/core';

/**
 * Signed file links: `<a>`, `<img>` and `<iframe>` (and whoever an API client hands a link to)
 * cannot send a bearer token, so a link carries who it was made for, the tenant and an expiry,
 * signed with SECRETS_KEY. It only identifies its holder: every use re-checks that the session
 * (or the API key) is still live and may still see the file.
 */

/** Signed links live this long (seconds). */
export const FILE_LINK_TTL_SECONDS = 300;

/** Who a link was made for: a signed-in person's session, or an API key. */
export type FileLinkHolder = { kind: 'session'; userId: string; familyId: string } | { kind: 'api-key'; keyId: string };

export interface VerifiedFileLink {
  tenantId: string;
  holder: FileLinkHolder;
}

const MESSAGES = {
  session: {
    invalid: 'This link is not valid. Open the file again from the portal.',
    expired: 'This link has expired. Open the file again from the portal.',
  },
  'api-key': {
    invalid: 'This link is not valid. Ask the API for the file again to get a new link.',
    expired: 'This link has expired. Ask the API for the file again to get a new link.',
  },
} as const;

/** The signed parts; a distinct first part per holder kind keeps one kind's signature from passing as the other's. */
function signedParts(fileId: string, tenantId: string, holder: FileLinkHolder, exp: string): string[] {
  return holder.kind === 'session'
    ? ['file-link', fileId, holder.userId, tenantId, holder.familyId, exp]
    : ['file-link-key', fileId, holder.keyId, tenantId, exp];
}

function sign(secret: string, parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('.')).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The query string of a signed link to one file, and when it stops working. */
export function signFileLink(
  secret: string,
  input: { fileId: string; tenantId: string; holder: FileLinkHolder; now?: number },
): { query: string; expiresAt: Date } {
  const exp = String(Math.floor((input.now ?? Date.now()) / 1000) + FILE_LINK_TTL_SECONDS);
  const { holder } = input;
  const params: Record<string, string> =
    holder.kind === 'session'
      ? { uid: holder.userId, tid: input.tenantId, fam: holder.familyId, exp }
      : { kid: holder.keyId, tid: input.tenantId, exp };
  const sig = sign(secret, signedParts(input.fileId, input.tenantId, holder, exp));
  return { query: new URLSearchParams({ ...params, sig }).toString(), expiresAt: new Date(Number(exp) * 1000) };
}

/** Whether a request's query carries a link signature (otherwise it must authenticate the usual way). */
export function hasFileLinkSignature(query: Record<string, unknown>): boolean {
  return typeof query.sig === 'string';
}

/** Checks a signed link to `fileId`; 401 with a sentence when it was altered or has expired. */
export function verifyFileLink(secret: string, fileId: string, query: Record<string, unknown>): VerifiedFileLink {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
  const holder: FileLinkHolder = text('kid')
    ? { kind: 'api-key', keyId: text('kid') }
    : { kind: 'session', userId: text('uid'), familyId: text('fam') };
  const tenantId = text('tid');
  const messages = MESSAGES[holder.kind];
  const expected = sign(secret, signedParts(fileId, tenantId, holder, text('exp')));
  const ids = holder.kind === 'session' ? [holder.userId, holder.familyId] : [holder.keyId];
  if (!safeEqual(expected, text('sig')) || ![tenantId, ...ids].every(isUuid))
    throw unauthorized(messages.invalid, 'link_invalid');
  if (!(Number(text('exp')) * 1000 > Date.now())) throw unauthorized(messages.expired, 'link_expired');
  return { tenantId: tenantId.toLowerCase(), holder };
}
