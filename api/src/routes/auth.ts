import {
  changeEmail,
  changePassword,
  familyOfRefreshToken,
  getProfile,
  refreshSession,
  requestPasswordReset,
  resetPassword,
  revokeFamily,
  signIn,
  signUp,
  unauthorized,
  verifyCredentials,
  type AppContext,
} from '@portico/core';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { sessionOf } from '../http/request';
import { parse } from '../http/validate';
import type { LoginThrottle, ResetEmailThrottle } from '../throttles';
import { presentActor, presentProfile, presentUser } from '../presenters';
import { emailField, optionalText, passwordField } from './schemas';

export const signupBody = z.object({
  email: emailField,
  password: passwordField(),
  full_name: z
    .string({ error: 'Full name is required.' })
    .trim()
    .min(1, 'Full name is required.')
    .max(200, 'Full name is too long.'),
  title: optionalText('Title', 100),
});

const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
export const loginBody = z.object({
  email: z.string({ error: MISSING_CREDENTIALS }).trim().min(1, MISSING_CREDENTIALS),
  password: z.string({ error: MISSING_CREDENTIALS }).min(1, MISSING_CREDENTIALS),
});

export const refreshBody = z.object({
  refresh_token: z.string({ error: 'refresh_token is required.' }).min(1, 'refresh_token is required.'),
});
export const logoutBody = z.object({ refresh_token: z.string().optional() });
export const passwordBody = z.object({
  current_password: z.string({ error: 'Current password is required.' }).min(1, 'Current password is required.'),
  new_password: passwordField('New password'),
});
export const emailBody = z.object({
  email: z.string({ error: 'Email cannot be empty.' }).trim().min(1, 'Email cannot be empty.').pipe(emailField),
});
export const forgotBody = z.object({ email: emailField, tenant_id: z.uuid().optional().catch(undefined) });
export const resetBody = z.object({
  token: z.string({ error: 'The reset link is incomplete.' }).min(1, 'The reset link is incomplete.'),
  password: passwordField(),
});

/** Routes that need no session. */
export function publicAuthRoutes(ctx: AppContext, throttle: LoginThrottle, resetThrottle: ResetEmailThrottle): Router {
  const router = Router();

  router.post('/auth/signup', async (req, res) => {
    const body = parse(signupBody, req.body);
    const result = await signUp(ctx, {
      email: body.email,
      password: body.password,
      fullName: body.full_name,
      title: body.title,
    });
    res.status(201).json({
      user: presentUser(result.user),
      profile: presentProfile(result.profile, result.user.id),
      session: { ...result.session, user: presentUser(result.user) },
    });
  });

  router.post('/auth/login', async (req, res) => {
    const body = parse(loginBody, req.body);
    const email = body.email.toLowerCase();
    const ip = req.ip ?? 'unknown';
    await throttle.assertAllowed(email, ip);
    const user = await verifyCredentials(ctx, { email, password: body.password });
    if (!user) {
      await throttle.recordFailure(email, ip);
      throw unauthorized('Invalid login credentials', 'invalid_credentials');
    }
    await throttle.recordSuccess(email);
    const session = await signIn(ctx, { user });
    res.json({ ...session, user: presentUser(user) });
  });

  router.post('/auth/refresh', async (req, res) => {
    const body = parse(refreshBody, req.body);
    const { tokens, user } = await refreshSession(ctx, { refreshToken: body.refresh_token });
    res.json({ ...tokens, user: presentUser(user) });
  });

  router.post('/auth/logout', async (req, res) => {
    const body = parse(logoutBody, req.body);
    const familyId = body.refresh_token ? await familyOfRefreshToken(body.refresh_token) : null;
    if (familyId) await revokeFamily(familyId, 'logout');
    res.status(204).end();
  });

  router.post('/forgot-password', async (req, res) => {
    const body = parse(forgotBody, req.body);
    // The answer is the same whether or not a mail goes out, so it reveals nothing about the address.
    if (await resetThrottle.take(body.email)) await requestPasswordReset(ctx, body.email, body.tenant_id);
    res.json({ ok: true });
  });

  router.post('/auth/reset-password', async (req, res) => {
    const body = parse(resetBody, req.body);
    await resetPassword(ctx, body.token, body.password, req.ip);
    res.json({ ok: true });
  });

  return router;
}

/** Routes about the signed-in person. */
export function sessionRoutes(ctx: AppContext, authenticateSession: RequestHandler): Router {
  const router = Router();
  router.use(['/auth/user', '/auth/password', '/auth/email'], authenticateSession);

  router.get('/auth/user', async (req, res) => {
    const { actor } = sessionOf(req);
    const profile = await getProfile(ctx, { userId: actor.user.id });
    res.json(presentActor(actor, profile));
  });

  router.put('/auth/password', async (req, res) => {
    const { actor, familyId } = sessionOf(req);
    const body = parse(passwordBody, req.body);
    await changePassword(ctx, {
      userId: actor.user.id,
      currentPassword: body.current_password,
      newPassword: body.new_password,
      keepFamilyId: familyId,
      ip: req.ip,
    });
    res.json({ ok: true });
  });

  router.put('/auth/email', async (req, res) => {
    const { actor } = sessionOf(req);
    const body = parse(emailBody, req.body);
    const user = await changeEmail(ctx, { userId: actor.user.id, email: body.email, ip: req.ip });
    res.json({ user: presentUser(user) });
  });

  return router;
}
