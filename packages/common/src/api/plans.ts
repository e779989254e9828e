import { z } from 'zod';
import { TENANT_TIERS } from '../tenants';

/* The one plan table (DECISIONS §4): landing, onboarding, billing and the invite cap all read it. */

const dollars = z.number().nonnegative();

export const planRow = z
  .object({
    key: z.enum(TENANT_TIERS),
    name: z.string(),
    price_monthly: dollars.meta({ description: 'US dollars per month, billed monthly.' }),
    price_yearly: dollars.meta({ description: 'US dollars per month, billed yearly.' }),
    client_cap: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Most clients (members of a client-kind role); null = unlimited.' }),
    team_seats: z.boolean().meta({ description: 'Whether team seats can be bought (starter counts as one).' }),
    integrations: z.boolean().meta({ description: 'Whether API keys, the public API and webhooks are available.' }),
    custom_domain: z.boolean().meta({ description: 'Whether the workspace can answer on its own domains.' }),
    seat_price_monthly: dollars
      .nullable()
      .meta({ description: 'US dollars per extra team seat per month; null when seats cannot be bought.' }),
    admin_seats: z.object({
      included: z.number().int().positive(),
      extra_price_monthly: dollars
        .nullable()
        .meta({ description: 'US dollars per extra admin seat per month; null when none can be added.' }),
      max_extra: z.number().int().nonnegative().nullable().meta({ description: 'Null = no limit.' }),
    }),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planRow>;

export const plansAnswer = z.object({ plans: z.array(planRow) });
