import { acceptInvitation, findInvitationByToken, invitationState, notFound, type AppContext } from '@portico/core';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { sessionOf } from '../http/request';
import { parse } from '../http/validate';

export const acceptBody = z.object({
  token: z
    .string({ error: 'The invitation token is required.' })
    .min(1, 'The invitation token is required.')
    .max(200, 'The invitation token is not valid.'),
});

export function invitationRoutes(ctx: AppContext, authenticateSession: RequestHandler): Router {
  const router = Router();

  router.get('/public/invitations/:token', async (req, res) => {
    const invitation = await findInvitationByToken(req.params.token);
    if (!invitation) throw notFound('This invitation link is not valid.');
    const state = invitationState(invitation);
    res.json({
      invitation: {
        email: invitation.email,
        role: invitation.role,
        tenant_id: invitation.tenant_id,
        tenant_name: invitation.tenant?.name ?? 'Unknown Tenant',
        expires_at: invitation.expires_at,
        accepted: state === 'accepted',
        expired: state === 'expired',
        revoked: state === 'revoked',
      },
    });
  });

  router.post('/public/invitations/accept', authenticateSession, async (req, res) => {
    const { actor } = sessionOf(req);
    const body = parse(acceptBody, req.body);
    const membership = await acceptInvitation(ctx, { user: actor.user, token: body.token, ip: req.ip });
    res.json({ membership: { tenant_id: membership.tenant_id, role: membership.role, status: membership.status } });
  });

  return router;
}
