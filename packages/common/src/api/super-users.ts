import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from '../roles';
import { optionalText } from './profile';
import { id, timestamp } from './wire';

/* Super User Management (platform-console §2): one person across workspaces, their live sessions, a reset link. */

export const userMembership = z.object({
  tenant_id: id,
  tenant_name: z.string(),
  tenant_slug: z.string(),
  role: z.enum(['owner', 'admin', 'member']).meta({ description: 'The console’s generic role.' }),
  role_key: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
});

export const userSession = z.object({
  id: id.meta({ description: 'The session (refresh-token family).' }),
  started_at: timestamp,
  last_used_at: timestamp.nullable().meta({ description: 'When its tokens were last refreshed; null if never.' }),
  expires_at: timestamp,
  impersonation: z.boolean(),
  impersonator_email: z.string().nullable().meta({ description: 'The super admin acting as the person in it.' }),
});
export type UserSession = z.infer<typeof userSession>;

export const userDetails = z
  .object({
    id,
    email: z.string(),
    name: z.string().nullable(),
    is_super_admin: z.boolean(),
    created_at: timestamp,
    last_login_at: timestamp.nullable(),
    memberships: z.array(userMembership),
    sessions: z.array(userSession).meta({ description: 'Live sessions (not revoked, not expired), newest first.' }),
  })
  .meta({ id: 'UserDetails' });
export type UserDetails = z.infer<typeof userDetails>;

/** GET /api/super/users/{id}. */
export const userDetailsAnswer = z.object({ user: userDetails });

/** DELETE /api/super/users/{id}/sessions/{sessionId}: why, for the audit log. */
export const sessionRevocation = z.object({ reason: optionalText('Reason', 500) });

/** POST /api/super/users/{id}/password-reset. */
export const passwordResetSentAnswer = z.object({
  emailSent: z.boolean().meta({ description: 'Whether the email was queued (SMTP is configured).' }),
  emailError: z.string().nullable(),
  reset_url: z
    .string()
    .nullable()
    .meta({ description: 'The single-use link, to share by hand; only when no email went out.' }),
});
export type PasswordResetSentAnswer = z.infer<typeof passwordResetSentAnswer>;
