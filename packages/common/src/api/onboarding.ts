import { z } from 'zod';
import { isValidSubdomain, normaliseSubdomain } from '../slug';
import { BILLING_CYCLES, TENANT_TIERS } from '../tenants';
import { domainName } from './domains';
import { emailField, passwordField, requiredText } from './profile';
import { sessionAnswer } from './account';
import { id, timestamp } from './wire';

/* Owner signup and the onboarding wizard (platform-console §2, §3, §5, §7 Signup and onboarding). */

export const SIGNUP_SOURCES = ['Google', 'Referral', 'Social', 'Other'] as const;
export const SIGNUP_TITLES = ['Owner/Founder', 'Admin', 'Manager', 'Other'] as const;
export const ONBOARDING_STEPS = ['plan', 'branding', 'capabilities', 'review', 'provisioning', 'ready'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const DEFAULT_BRAND_COLOR = '#2563eb';

export const ONBOARDING_MESSAGES = {
  companyName: 'Company name is required.',
  source: `Tell us how you heard about us: ${SIGNUP_SOURCES.join(', ')}.`,
  sourceOther: 'Tell us where you heard about us.',
  title: `Choose your title: ${SIGNUP_TITLES.join(', ')}.`,
  plan: `Choose a plan: ${TENANT_TIERS.join(', ')}.`,
  adminSeats: 'Admin seats must be a whole number of at least 1.',
  brandColor: 'Brand colour must be a colour such as #2563EB.',
  subdomain: 'Invalid subdomain format.',
  taken: 'This subdomain is already taken.',
  available: 'Available',
  emailFromAddress: 'Email sender address must be a valid email address.',
  slackWebhook: 'The Slack webhook must be an https URL such as https://hooks.slack.com/services/….',
} as const;

/** A subdomain as typed: normalised as §5 says, then checked. */
export const subdomainField = z
  .string({ error: ONBOARDING_MESSAGES.subdomain })
  .transform(normaliseSubdomain)
  .refine(isValidSubdomain, ONBOARDING_MESSAGES.subdomain);

/** POST /api/onboarding-start: the owner's account and the workspace's name. */
export const onboardingStartBody = z
  .object({
    name: requiredText('Full name', 200),
    email: emailField,
    password: passwordField(),
    companyName: z
      .string({ error: ONBOARDING_MESSAGES.companyName })
      .trim()
      .min(1, ONBOARDING_MESSAGES.companyName)
      .max(100, 'Company name must be at most 100 characters.'),
    source: z.enum(SIGNUP_SOURCES, { error: ONBOARDING_MESSAGES.source }),
    sourceOther: z.string().trim().max(200, 'Where you heard about us must be at most 200 characters.').nullish(),
    title: z.enum(SIGNUP_TITLES, { error: ONBOARDING_MESSAGES.title }),
    plan: z.enum(TENANT_TIERS, { error: ONBOARDING_MESSAGES.plan }).nullish(),
  })
  .refine((b) => b.source !== 'Other' || Boolean(b.sourceOther), {
    message: ONBOARDING_MESSAGES.sourceOther,
    path: ['sourceOther'],
  });
export type OnboardingStartInput = z.output<typeof onboardingStartBody>;

export const onboardingPlanBody = z.object({
  plan: z.enum(TENANT_TIERS, { error: ONBOARDING_MESSAGES.plan }),
  adminSeats: z
    .number({ error: ONBOARDING_MESSAGES.adminSeats })
    .int(ONBOARDING_MESSAGES.adminSeats)
    .min(1, ONBOARDING_MESSAGES.adminSeats)
    .max(1000, 'Admin seats must be at most 1000.')
    .default(1),
});

export const onboardingBrandingBody = z.object({
  brandColor: z
    .string({ error: ONBOARDING_MESSAGES.brandColor })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, ONBOARDING_MESSAGES.brandColor)
    .transform((v) => v.toLowerCase())
    .default(DEFAULT_BRAND_COLOR),
  logoUrl: z.string().max(500).nullish(),
  subdomain: subdomainField,
  customDomain: z.preprocess((v) => (v === '' ? null : v), domainName.nullish()),
});

export const onboardingCapabilitiesBody = z.object({
  useEmbeds: z.boolean({ error: 'useEmbeds must be true or false.' }).default(true),
  useForms: z.boolean({ error: 'useForms must be true or false.' }).default(true),
  useFiles: z.boolean({ error: 'useFiles must be true or false.' }).default(true),
  slackWebhook: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: ONBOARDING_MESSAGES.slackWebhook }).trim().max(2000, ONBOARDING_MESSAGES.slackWebhook).nullish(),
  ),
  emailFromName: z.string().trim().max(100, 'Email sender name must be at most 100 characters.').nullish(),
  emailFromAddress: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: ONBOARDING_MESSAGES.emailFromAddress })
      .trim()
      .pipe(z.email({ error: ONBOARDING_MESSAGES.emailFromAddress }))
      .nullish(),
  ),
});

export const checkSubdomainBody = z.object({
  subdomain: z.string({ error: 'Enter a subdomain.' }).max(300, ONBOARDING_MESSAGES.subdomain),
});
export const checkSubdomainAnswer = z.object({
  available: z.boolean(),
  subdomain: z.string().meta({ description: 'The subdomain as normalised (platform-console §5).' }),
  reason: z
    .string()
    .nullable()
    .meta({ description: '`Available`, or why not: invalid format, reserved or already taken.' }),
});

const branding = z.object({
  subdomain: z.string().nullable(),
  brandColor: z.string(),
  logoUrl: z.string().nullable(),
  customDomain: z.string().nullable(),
});
const capabilities = z.object({
  useEmbeds: z.boolean(),
  useForms: z.boolean(),
  useFiles: z.boolean(),
  slackWebhook: z.string().nullable().meta({ description: 'Masked: the last four characters only.' }),
  emailFromName: z.string().nullable(),
  emailFromAddress: z.string().nullable(),
});

export const onboardingState = z
  .object({
    step: z.enum(ONBOARDING_STEPS),
    ready: z.boolean(),
    companyName: z.string(),
    plan: z.enum(TENANT_TIERS).nullable(),
    adminSeats: z.number().int(),
    paid: z.boolean().meta({ description: 'Whether the paid plan went through Stripe Checkout.' }),
    checkoutRequired: z.boolean().meta({ description: 'Whether the chosen plan still needs Stripe Checkout.' }),
    branding,
    capabilities,
    status: z.enum(['in_progress', 'provisioning', 'ready', 'failed']),
    error: z.string().nullable().meta({ description: 'Why provisioning failed last, as a sentence.' }),
    tenantId: id.nullable(),
    loginUrl: z.string().nullable().meta({ description: 'The new workspace’s sign-in page, once ready.' }),
  })
  .meta({ id: 'OnboardingState' });
export type OnboardingState = z.infer<typeof onboardingState>;
export const onboardingStatusAnswer = z.object({ onboarding: onboardingState.nullable() });
export const onboardingStartAnswer = z.object({ session: sessionAnswer, onboarding: onboardingState });
export const onboardingProvisionAnswer = z.object({ ready: z.boolean(), onboarding: onboardingState });

/** POST /api/checkout (onboarding: every plan is paid when the platform takes payments). */
export const onboardingCheckoutBody = z.object({
  price_id: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .meta({ description: 'Ignored: the plan and cycle decide the price (lookup key `{plan}-{cycle}`).' }),
  plan: z.enum(TENANT_TIERS, { error: 'Choose a plan: starter, pro or advanced.' }),
  cycle: z
    .enum(BILLING_CYCLES, { error: 'Choose how often to pay: cycle must be monthly or yearly.' })
    .default('monthly')
    .meta({ description: 'How often the plan is charged (monthly by default).' }),
});
export const onboardingCheckoutAnswer = z.object({ url: z.string() });
export const checkoutVerifyQuery = z.object({
  session_id: z
    .string({ error: 'The checkout session is missing.' })
    .trim()
    .min(1, 'The checkout session is missing.')
    .max(255, 'This checkout session is not valid.'),
});

export const onboardingEvent = z
  .object({
    id,
    user_id: id.nullable(),
    user_email: z.string().nullable(),
    action: z.string(),
    invite_id: id.nullable(),
    tenant_id: id.nullable(),
    error: z.string().nullable(),
    context: z.record(z.string(), z.unknown()),
    timestamp,
  })
  .meta({ id: 'OnboardingEvent' });
export type OnboardingEventRow = z.infer<typeof onboardingEvent>;
export const onboardingEventsQuery = z.object({
  action: z.string().trim().max(60).optional(),
  user_id: z.uuid({ error: 'user_id must be a user id.' }).optional(),
  failed: z
    .enum(['true', 'false'], { error: 'failed must be true or false.' })
    .transform((v) => v === 'true')
    .optional(),
});
export const onboardingEventsAnswer = z.object({ events: z.array(onboardingEvent) });
