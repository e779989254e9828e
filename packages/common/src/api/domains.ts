import { z } from 'zod';
import { id, timestamp } from './wire';

/* Settings → Domains (tenant-portal §2, §7) and the host's site (DECISIONS §6). */

const DOMAIN_FORMAT = 'Enter a domain name such as portal.example.com, without https:// or a path.';

/** A hostname as domains are kept: lower case, no trailing dot, at least two labels, a letter-only top level. */
export const domainName = z
  .string({ error: 'Enter a domain.' })
  .trim()
  .min(1, 'Enter a domain.')
  .transform((v) => v.toLowerCase().replace(/\.$/, ''))
  .refine((v) => v.length <= 253, 'A domain name is at most 253 characters.')
  .refine(
    (v) =>
      /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v) || /^(?:[a-z0-9-]+\.)+xn--[a-z0-9-]+$/.test(v),
    DOMAIN_FORMAT,
  );

export const domainBody = z.object({ domain: domainName });
export const domainQuery = z.object({ domain: domainName.meta({ description: 'The domain to remove.' }) });

export const txtRecord = z.object({
  name: z.string().meta({ description: 'Where to publish the record.' }),
  value: z.string(),
});

export const domainRow = z
  .object({
    id,
    domain: z.string(),
    type: z.literal('custom'),
    ssl_status: z.enum(['pending', 'ready', 'failed']),
    ssl_error: z.string().nullable().meta({ description: 'Why the last certificate check failed.' }),
    verified_at: timestamp.nullable(),
    expires_at: timestamp.nullable().meta({
      description:
        'Until when the claim waits for its TXT record (7 days from adding); null once verified. Another workspace that verifies the domain first takes it.',
    }),
    txt_record: txtRecord,
    created_at: timestamp,
  })
  .meta({ id: 'Domain' });
export type DomainRow = z.infer<typeof domainRow>;

export const domainsAnswer = z.object({
  domains: z.array(domainRow),
  subdomain: z.string().meta({ description: 'The workspace’s own address, `{slug}.{BASE_DOMAIN}`.' }),
  allowed: z.boolean().meta({ description: 'Whether the plan (and features) allow custom domains.' }),
});
export type DomainsAnswer = z.infer<typeof domainsAnswer>;

export const addedDomainAnswer = z.object({ domain: domainRow, txtRecord });
export const verifiedDomainAnswer = z.object({ domain: domainRow, message: z.literal('Domain verified') });

/** GET /api/public/site: what the request's host is, and the brand its sign-in page wears. */
export const siteAnswer = z.object({
  site: z
    .object({
      kind: z.enum(['platform', 'tenant']),
      tenant_id: id.nullable(),
      name: z.string(),
      logo_url: z.string().nullable(),
      favicon_url: z.string().nullable(),
      primary_color: z.string().nullable(),
      secondary_color: z.string().nullable(),
      support_email: z.string().nullable(),
      privacy_url: z.string().nullable(),
      terms_url: z.string().nullable(),
      password_rule: z.string().meta({ description: 'The platform’s password rule as a sentence (Super Settings).' }),
      magic_links: z.boolean().meta({
        description:
          'Whether the sign-in page offers “Email me a sign-in link”: off only where the workspace turned magic links off.',
      }),
      provider_buttons: z.boolean().meta({
        description:
          'Whether the sign-in page offers the providers switched on in Super Settings → Auth: off only where the workspace hid them.',
      }),
    })
    .meta({ id: 'Site' }),
});
export type SiteAnswer = z.infer<typeof siteAnswer>;
