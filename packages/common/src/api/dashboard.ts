import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from '../roles';
import { count, id, timestamp } from './wire';

/** GET /api/dashboard/admin-stats: the admin dashboard's counts. */
export const adminStatsAnswer = z.object({
  total_clients: count.meta({ description: 'Members who are not owners or admins.' }),
  active_clients: count.meta({ description: 'Of those, the ones who signed in at least once and are not suspended.' }),
  files_uploaded: count.meta({ description: 'Stored uploads; shares of one upload count once.' }),
  forms_total: count.meta({ description: 'Every form of the workspace, whatever its status.' }),
});
export type AdminStats = z.infer<typeof adminStatsAnswer>;

export const CHECKLIST_ITEM_KEYS = ['profile', 'files', 'forms'] as const;

export const checklistItem = z.object({
  key: z.enum(CHECKLIST_ITEM_KEYS),
  label: z.string(),
  done: z.boolean(),
  /** How far along, where the item counts things (2 of 3 files opened). */
  progress: z.object({ done: count, total: count }).optional(),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

/** GET /api/dashboard/checklist: the member's onboarding checklist. */
export const checklistAnswer = z.object({
  items: z.array(checklistItem),
  percent: z.number().int().min(0).max(100).meta({ description: 'Whole percent of the items done.' }),
});
export type Checklist = z.infer<typeof checklistAnswer>;

export const recentMember = z.object({
  id,
  email: z.string(),
  role: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  created_at: timestamp.meta({ description: 'When they joined the workspace.' }),
  last_sign_in_at: timestamp.nullable(),
});
export type RecentMember = z.infer<typeof recentMember>;

/** GET /api/users/recent: the five newest members. */
export const recentMembersAnswer = z.object({ users: z.array(recentMember) });
