import {
  badRequest,
  conflict,
  createUser,
  familyOfRefreshToken,
  Profile,
  recordAudit,
  requestPasswordReset,
  resetPassword,
  revokeFamily,
  revokeUserSessions,
  rotateRefreshToken,
  startSession,
  unauthorized,
  UNUSABLE_PASSWORD_HASH,
  User,
  verifyPassword,
  hashPassword,
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
  full_name: z.string({ error: 'Full name is required.' }).trim().min(1, 'Full name is required.').max(200, 'Full name is too long.'),
  title: optionalText('Title', 100),
});

const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
export const loginBody = z.object({
  email: z.string({ error: MISSING_CREDENTIALS }).trim().min(1, MISSING_CREDENTIALS),
  password: z.string({ error: MISSING_CREDENTIALS }).min(1, MISSING_CREDENTIALS),
});

export const refreshBody = z.object({ refresh_token: z.string({ error: 'refresh_token is required.' }).min(1, 'refresh_token is required.') });
export const logoutBody = z.object({ refresh_token: z.string().optional() });
export const passwordBody = z.object({
  current_password: z.string({ error: 'Current password is required.' }).min(1, 'Current password is required.'),
  new_password: passwordField('New password'),
});
export const emailBody = z.object({ email: z.string({ error: 'Email cannot be empty.' }).trim().min(1, 'Email cannot be empty.').pipe(emailField) });
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
    const result = await ctx.sequelize.transaction(async (transaction) => {
      const { user, profile } = await createUser({ email: body.email, password: body.password, fullName: body.full_name, title: body.title }, transaction);
      user.last_sign_in_at = new Date();
      await user.save({ transaction });
      const session = await startSession(ctx.config, user, transaction);
      return { user, profile, session };
    });
    res.status(201).json({ user: presentUser(result.user), profile: presentProfile(result.profile, result.user.id), session: { ...result.session, user: presentUser(result.user) } });
  });

  router.post('/auth/login', async (req, res) => {
    const body = parse(loginBody, req.body);
    const email = body.email.toLowerCase();
    const ip = req.ip ?? 'unknown';
    await throttle.assertAllowed(email, ip);
    const user = await User.findOne({ where: { email } });
    // Verify against a dummy hash for unknown addresses so timing does not reveal which exist.
    const valid = await verifyPassword(user?.password_hash ?? UNUSABLE_PASSWORD_HASH, body.password);
    if (!user || !valid) {
      await throttle.recordFailure(email, ip);
      throw unauthorized('Invalid login credentials', 'invalid_credentials');
    }
    await throttle.recordSuccess(email);
    user.last_sign_in_at = new Date();
    await user.save();
    const session = await startSession(ctx.config, user);
    res.json({ ...session, user: presentUser(user) });
  });

  router.post('/auth/refresh', async (req, res) => {
    const body = parse(refreshBody, req.body);
    const { tokens, userId } = await rotateRefreshToken(ctx.config, body.refresh_token);
    const user = await User.findByPk(userId);
    if (!user) throw unauthorized('Your session has ended. Please sign in again.');
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
    const profile = await Profile.findByPk(actor.user.id);
    res.json(presentActor(actor, profile));
  });

  router.put('/auth/password', async (req, res) => {
    const { actor, familyId } = sessionOf(req);
    const body = parse(passwordBody, req.body);
    if (!(await verifyPassword(actor.user.password_hash, body.current_password))) {
      throw badRequest('Current password is incorrect', 'wrong_password');
    }
    await ctx.sequelize.transaction(async (transaction) => {
      await User.update({ password_hash: await hashPassword(body.new_password) }, { where: { id: actor.user.id }, transaction });
      await revokeUserSessions(actor.user.id, 'password_changed', familyId, transaction);
      await recordAudit({ actorUserId: actor.user.id, action: 'user.password_changed', entityType: 'user', entityId: actor.user.id, ip: req.ip }, transaction);
    });
    res.json({ ok: true });
  });

  router.put('/auth/email', async (req, res) => {
    const { actor } = sessionOf(req);
    const body = parse(emailBody, req.body);
    const user = await ctx.sequelize.transaction(async (transaction) => {
      const taken = await User.findOne({ where: { email: body.email }, attributes: ['id'], transaction });
      if (taken && taken.id !== actor.user.id) throw conflict('Another account already uses this email.', 'email_taken');
      const previous = actor.user.email;
      const fresh = await User.findByPk(actor.user.id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!fresh) throw unauthorized();
      fresh.email = body.email;
      await fresh.save({ transaction });
      await recordAudit({ actorUserId: actor.user.id, action: 'user.email_changed', entityType: 'user', entityId: actor.user.id, details: { from: previous, to: body.email }, ip: req.ip }, transaction);
      return fresh;
    });
    res.json({ user: presentUser(user) });
  });

  return router;
}
