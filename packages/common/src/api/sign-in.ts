import { z } from 'zod';
import { SIGN_IN_PROVIDER_KEYS, type SignInProviderKey } from './settings';
import { timestamp } from './wire';

/*
 * Signing in with a provider (DECISIONS §7): the providers a sign-in page offers, the redirect that
 * starts the authorization code flow, and the one-time code the SPA exchanges for a session.
 */

export const SIGN_IN_PROVIDER_MESSAGES = {
  unknownProvider: 'There is no such sign-in provider, or it is turned off.',
  redirect: 'redirect must be a path on this site, such as /files.',
  tenantId: 'tenant_id must be a workspace id.',
  otherWorkspace: 'tenant_id must be the workspace whose sign-in page this is.',
  code: 'code must be the sign-in code the provider’s return gave.',
  invalidCode: 'This sign-in link has expired or was already used. Sign in again.',
} as const;
const M = SIGN_IN_PROVIDER_MESSAGES;

/**
 * Why a provider sign-in came back to the sign-in page without a session, as
 * `/login?oauth_error=<code>`: the sentence the page shows for each.
 */
export const SIGN_IN_PROVIDER_ERRORS = {
  oauth_refused: 'The sign-in was cancelled or refused at the provider. Try again, or sign in with your password.',
  oauth_state:
    'This sign-in could not be completed in this browser, or it took too long. Start again from the sign-in page.',
  oauth_failed: 'The provider’s answer could not be verified, so nothing was signed in. Try again.',
  oauth_unverified_email:
    'The provider did not confirm that this email address is yours, so it cannot sign you in. Sign in with your password.',
  oauth_no_account:
    'There is no account with this email address. Ask for an invitation to a workspace, then sign in with this provider.',
  oauth_unavailable: 'This sign-in provider is not available right now. Sign in with your password.',
} as const;
export type SignInProviderError = keyof typeof SIGN_IN_PROVIDER_ERRORS;

export const signInProviderParams = z.object({
  key: z.enum(SIGN_IN_PROVIDER_KEYS, { error: M.unknownProvider }),
});

/** Where the SPA goes once signed in: a path of this site, never another address (`//host`, `/\host`, a scheme). */
export const sameSitePath = z
  .string({ error: M.redirect })
  .max(2000, M.redirect)
  .refine((path) => /^\/(?![/\\])[^\s\\]*$/.test(path), M.redirect);

/** GET /api/auth/oauth/{key}/start. */
export const signInProviderStartQuery = z.object({
  redirect: sameSitePath.optional(),
  tenant_id: z.uuid({ error: M.tenantId }).optional(),
});

/** GET /api/auth/providers: the workspace whose sign-in page asks, when it is not the host's. */
export const signInProvidersQuery = z.object({
  tenant_id: z.uuid({ error: M.tenantId }).optional(),
});

/** GET /api/auth/oauth/{key}/callback: what the provider sends back; each is checked by the flow, not refused here. */
export const signInProviderCallbackQuery = z.looseObject({
  state: z.string().optional(),
  code: z.string().optional(),
  error: z.string().optional(),
  iss: z
    .string()
    .optional()
    .meta({ description: 'The issuer, from a provider that names itself in its return (RFC 9207).' }),
});

export const signInProviderRow = z
  .object({
    key: z.enum(SIGN_IN_PROVIDER_KEYS),
    name: z.string().meta({ description: 'What the button says after “Sign in with”.' }),
  })
  .meta({ id: 'SignInProvider' });
export const signInProvidersAnswer = z.object({ providers: z.array(signInProviderRow) });
export type SignInProviderRow = { key: SignInProviderKey; name: string };

/** POST /api/auth/oauth/exchange. */
export const signInProviderExchangeBody = z.object({
  code: z.string({ error: M.code }).min(1, M.code).max(200, M.code),
});

/** The account's linked provider identities, in account security (issue 31). */
export const IDENTITY_MESSAGES = {
  notFound: 'There is no such sign-in method on your account.',
  lastWayIn: 'This is your only way to sign in. Set a password first.',
} as const;

export const identityRow = z
  .object({
    id: z.uuid(),
    provider: z.enum(SIGN_IN_PROVIDER_KEYS),
    provider_name: z.string().meta({ description: 'The provider as people know it (“Google”).' }),
    email: z.string().nullable().meta({ description: 'The email the provider last gave.' }),
    created_at: timestamp.meta({ description: 'When it was linked.' }),
    last_used_at: timestamp.nullable(),
  })
  .meta({ id: 'SignInIdentity' });
export const identitiesAnswer = z.object({ identities: z.array(identityRow) });
export type LinkedIdentity = z.infer<typeof identityRow>;
