import { emailVerifyBody, userAnswer } from '@portico/common';
import { verifyEmail } from '@portico/core';
import { defineRoutes } from '../http/route';
import { presentUser } from '../presenters';

/** Opening an emailed confirmation link: no session needed (it may open in another browser). */
export const emailVerificationRoutes = defineRoutes(
  'public',
  { name: 'Sessions', description: 'Sign-up, sign-in, tokens and passwords.' },
  (route) => [
    route({
      method: 'post',
      path: '/auth/email/verify',
      operationId: 'verifyEmail',
      summary: 'Confirm an email address with the emailed link',
      description:
        'The account’s own address becomes verified (`email_verified_at`), or the pending address the link was sent to becomes its sign-in email. Single use; a link to an address no longer pending is refused.',
      body: emailVerifyBody,
      responses: { 200: { description: 'The user.', schema: userAnswer } },
      refusals: {
        400: 'The link is unknown, used, expired or superseded by a later change (`invalid_verification_link`).',
        409: 'Another account took the address meanwhile (`email_taken`).',
      },
      handle: async ({ ctx, req, body }) => ({
        user: presentUser(await verifyEmail(ctx, { token: body.token, ip: req.ip })),
      }),
    }),
  ],
);
