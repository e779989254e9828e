import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  MAGIC_LINK_MINUTES,
  magicLinkRequestBody,
  magicLinkRequestedAnswer,
  magicLinkVerifyBody,
  signInAnswer,
} from '@portico/common';
import { passMagicCode, passMagicLink, requestMagicLink, siteOriginOf } from '@portico/core';
import { cookieOf } from '../http/cookies';
import { defineRoutes } from '../http/route';
import { signInAnswerFor } from '../sign-in-answer';
import { countedSignInAttempt, MAGIC_LINK_EMAILS_PER_HOUR, refusedWith, throttlesOf } from '../throttles';

/*
 * The browser that asks for a link keeps a random value in an httpOnly cookie, and the link opens only
 * where that cookie comes back. A cookie rather than a value the SPA keeps: in sessionStorage it would
 * be one tab's, and the link opens from the mail client in a new tab; in localStorage (where the SPA
 * keeps its session) any script on the page could read it. The SPA is served from the API's own
 * origin, so the cookie reaches these two calls by itself. The link points at the address the
 * request came on (`siteOriginOf`), where the cookie lives.
 */
const BROWSER_COOKIE = 'portico_magic_browser';
const BROWSER_COOKIE_PATH = '/api/auth/magic-link';
const BROWSER_VALUE = /^[A-Za-z0-9_-]{32,64}$/;

/** The value this browser already keeps (a second link asked for stays valid with the first), if any. */
function browserValueOf(req: Request): string | undefined {
  const value = cookieOf(req, BROWSER_COOKIE);
  return value && BROWSER_VALUE.test(value) ? value : undefined;
}

function keepBrowserValue(req: Request, res: Response): string {
  const value = browserValueOf(req) ?? randomBytes(32).toString('base64url');
  res.cookie(BROWSER_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: BROWSER_COOKIE_PATH,
    maxAge: MAGIC_LINK_MINUTES * 60_000,
  });
  return value;
}

/** Sign-in by emailed link: asking for one, and opening it (or typing its code elsewhere). No session needed. */
export const magicLinkRoutes = defineRoutes(
  'public',
  { name: 'Sessions', description: 'Sign-up, sign-in, tokens and passwords.' },
  (route) => [
    route({
      method: 'post',
      path: '/auth/magic-link',
      operationId: 'requestMagicLink',
      summary: 'Email a sign-in link',
      description: `Answers 202 the same, at once, whether or not a link goes out: one goes out only to an account whose every workspace admits its role by link (the workspace's \`magic_links\` setting), at most ${MAGIC_LINK_EMAILS_PER_HOUR} an hour per address. The link (and the 6-digit code the email shows) works once, for ${MAGIC_LINK_MINUTES} minutes; the link only in this browser, which the answer's httpOnly cookie \`${BROWSER_COOKIE}\` marks.`,
      body: magicLinkRequestBody,
      responses: { 202: { description: 'Always.', schema: magicLinkRequestedAnswer } },
      refusals: {
        503: 'The email counter (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly.',
      },
      handle: async ({ ctx, req, res, body }) => {
        const browserValue = keepBrowserValue(req, res);
        if (await throttlesOf(ctx).magicLinkEmail.take(body.email)) {
          const origin = await siteOriginOf(ctx, req.get('host') ?? '');
          // Not awaited: the answer leaves before the address is looked up, so its timing tells nothing.
          void requestMagicLink(ctx, { email: body.email, browserValue, origin, tenantId: body.tenant_id }).catch(
            (error: unknown) => ctx.logger.error({ err: error }, 'a sign-in link could not be sent'),
          );
        }
        return { ok: true as const };
      },
    }),
    route({
      method: 'post',
      path: '/auth/magic-link/verify',
      operationId: 'verifyMagicLink',
      summary: 'Sign in with an emailed link or its code',
      description:
        'With `token`, in the browser that asked for the link; with `email` and `code`, anywhere. Answers what `POST /auth/login` does: a session, or the two-factor challenge. A wrong code counts as a failed sign-in of the address and the IP.',
      body: magicLinkVerifyBody,
      responses: { 200: { description: 'A new session, or the second step’s challenge.', schema: signInAnswer } },
      refusals: {
        400: 'The link is unknown, used or expired, or its workspace no longer admits it (`invalid_magic_link`); the code is wrong or its links are spent (`wrong_magic_code`).',
        403: 'The link was asked for in another browser (`magic_link_other_browser`): its code still works.',
        429: 'Too many failed sign-ins for this address or from this IP (`login_throttled`).',
      },
      handle: async ({ ctx, req, body }) => {
        const ip = req.ip ?? 'unknown';
        if ('token' in body) {
          const user = await passMagicLink(ctx, { token: body.token, browserValue: browserValueOf(req), ip }).catch(
            (error: unknown) => {
              // App Health's sign-in rate counts a spent or expired link as a failed sign-in, as a wrong code.
              if (refusedWith('invalid_magic_link')(error)) ctx.metrics.authAttempts.inc({ outcome: 'failure' });
              throw error;
            },
          );
          return signInAnswerFor(ctx, user);
        }
        const { email, code } = body;
        const user = await countedSignInAttempt(
          ctx,
          { email, ip },
          () => passMagicCode(ctx, { email, code, ip }),
          refusedWith('wrong_magic_code'),
        );
        return signInAnswerFor(ctx, user);
      },
    }),
  ],
);
