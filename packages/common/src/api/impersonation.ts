import { z } from 'zod';
import { isUuid } from '../ids';
import { sessionAnswer } from './account';
import { id, timestamp } from './wire';

/* Impersonation (platform-console §2 and §7): the console's user search, start and stop, and what a workspace's admins see of it. */

/** The reason the console's Impersonate dialog starts with (platform-console §5). */
export const DEFAULT_IMPERSONATION_REASON = 'Support request';

const REASON_REQUIRED = 'Give a reason for impersonating this user.';
const TARGET_REQUIRED = 'Choose the user to impersonate.';

/** GET /api/super/users. */
export const userSearchQuery = z.object({
  query: z
    .string({ error: 'Search text must be given once.' })
    .trim()
    .max(100, 'Search text must be at most 100 characters.')
    .default('')
    .meta({ description: 'Part of the email address.' }),
});

export const userChoice = z.object({
  id,
  email: z.string(),
  role: z.string().meta({ description: 'The person’s effective role (tenant-portal §4).' }),
  workspaces: z.array(z.string()).meta({ description: 'The names of the workspaces they are an active member of.' }),
});
export type UserChoice = z.infer<typeof userChoice>;

export const userSearchAnswer = z.object({ users: z.array(userChoice) });

/** POST /api/impersonate/start. */
export const impersonationStartBody = z.object({
  targetUserId: z
    .string({ error: TARGET_REQUIRED })
    .refine(isUuid, TARGET_REQUIRED)
    .transform((v) => v.toLowerCase()),
  reason: z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(500, 'Keep the reason under 500 characters.'),
});

export const impersonationStartAnswer = z.object({
  session: sessionAnswer,
  ends_at: timestamp.meta({ description: 'When the impersonation session ends; refreshing does not move it.' }),
});
export type ImpersonationStartAnswer = z.infer<typeof impersonationStartAnswer>;

export const securityActivityRow = z.object({
  id,
  action: z.enum(['impersonation.started', 'impersonation.stopped']),
  actor_email: z.string().nullable().meta({ description: 'The platform super admin who did it.' }),
  user_id: id.nullable(),
  user_email: z.string().nullable().meta({ description: 'The member who was impersonated.' }),
  reason: z.string().nullable(),
  created_at: timestamp,
});
export type SecurityActivityRow = z.infer<typeof securityActivityRow>;

/** GET /api/security-activity. */
export const securityActivityAnswer = z.object({ activity: z.array(securityActivityRow) });
