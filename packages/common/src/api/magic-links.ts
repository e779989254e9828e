import { z } from 'zod';
import { emailField } from './profile';

/* Sign-in by emailed link (issue 31): asking for a link, and opening it (or typing its code on another device). */

/**
 * Who of a workspace may sign in by emailed link: nobody, its clients and guests (the default), or
 * everyone including its team and admins. An account is sent a link only when every workspace it is
 * an active member of admits its role there: a link opens the whole account, not one workspace.
 */
export const MAGIC_LINK_SETTINGS = ['off', 'clients', 'everyone'] as const;
export type MagicLinkSetting = (typeof MAGIC_LINK_SETTINGS)[number];

export const MAGIC_LINK_SETTING_LABELS: Record<MagicLinkSetting, string> = {
  off: 'Off: everyone signs in with their password',
  clients: 'Clients and guests',
  everyone: 'Everyone, team and admins included',
};

export const magicLinkSetting = z
  .enum(MAGIC_LINK_SETTINGS, { error: 'Magic links must be off, clients or everyone.' })
  .meta({
    description:
      'Who may sign in with an emailed link: `off`, `clients` (clients and guests, the default) or `everyone`. An account gets a link only when each workspace it belongs to admits its role there.',
  });

/** The minutes an emailed sign-in link (and its code) can be used. */
export const MAGIC_LINK_MINUTES = 15;

export const magicLinkRequestBody = z.object({
  email: emailField,
  tenant_id: z
    .uuid()
    .optional()
    .catch(undefined)
    .meta({ description: 'The workspace whose brand the email wears (else the host’s, or the person’s).' }),
});

const MAGIC_LINK_INCOMPLETE = 'Send the token of the sign-in link, or the email and the 6-digit code.';
export const MAGIC_CODE_FORMAT = 'Enter the 6-digit code from the email.';

/** The code an emailed sign-in link shows, for signing in on another device. */
export const magicCodeField = z
  .string({ error: MAGIC_CODE_FORMAT })
  .trim()
  .regex(/^\d{6}$/, MAGIC_CODE_FORMAT)
  .meta({ description: 'The 6-digit code of the email, with `email`: for signing in on another device.' });

/** The address and code, as a sign-in page asks for them. */
export const magicCodeFields = z.object({ email: emailField, code: magicCodeField });

/** POST /api/auth/magic-link/verify: the link's token, or the address and the code the email shows. */
export const magicLinkVerifyBody = z
  .object({
    token: z
      .string({ error: 'The sign-in link is not valid.' })
      .min(1, 'The sign-in link is not valid.')
      .max(200, 'The sign-in link is not valid.')
      .optional()
      .meta({ description: 'The `token` of the emailed link; valid only in the browser that asked for it.' }),
    email: emailField.optional(),
    code: magicCodeField.optional(),
  })
  .transform((body, check): { token: string } | { email: string; code: string } => {
    if (body.token !== undefined) return { token: body.token };
    if (body.email !== undefined && body.code !== undefined) return { email: body.email, code: body.code };
    check.addIssue({ code: 'custom', message: MAGIC_LINK_INCOMPLETE });
    return z.NEVER;
  });
export type MagicLinkVerifyBody = z.output<typeof magicLinkVerifyBody>;

/** What `POST /api/auth/magic-link` always answers, whether or not a link went out. */
export const magicLinkRequestedAnswer = z.object({ ok: z.literal(true) });
