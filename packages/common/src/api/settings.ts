import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../session';

/*
 * The console's Super Settings (platform-console §2, §3, §5) and the platform's feature flags.
 * Each section is saved whole; numbers arrive as numbers or digits, lists as arrays or as text
 * split on newlines or commas.
 */

/** A whole number within bounds, given as a number or as digits. */
const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

/**
 * A list given as an array or as text split on newlines or commas; items trimmed (and `normalize`d),
 * empty ones dropped, each passing `valid` or refused with `message`.
 */
const list = (valid: (item: string) => boolean, message: string, normalize = (item: string) => item) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(/[\n,]/) : value),
    z
      .array(z.string({ error: 'Each line must be text.' }))
      .transform((items) => items.map((item) => normalize(item.trim())).filter(Boolean))
      .refine((items) => items.every(valid), message)
      .refine((items) => items.length <= 200, 'At most 200 lines.'),
  );

/** An https address, or empty for none. */
const httpsUrl = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(2000, `${label} is too long.`)
    .refine((v) => v === '' || /^https:\/\/[^\s/]+\S*$/.test(v), `${label} must be an https:// address.`)
    .default('');

/** An IPv4 address with an optional /mask of one or two digits (platform-console §5). */
export const IP_ALLOWLIST_LINE = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/\d{1,2})?$/;

export const PASSWORD_COMPLEXITIES = ['none', 'letters_digits', 'mixed_case_digits_symbols'] as const;
export type PasswordComplexity = (typeof PASSWORD_COMPLEXITIES)[number];

export const brandSettings = z.object({
  appName: z
    .string({ error: 'App name is required.' })
    .trim()
    .min(1, 'App name is required.')
    .max(80, 'App name must be at most 80 characters.'),
  supportEmail: z
    .string({ error: 'Support email must be text.' })
    .trim()
    .max(320, 'Support email is too long.')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Support email must be a valid email address.')
    .default(''),
  logoUrl: httpsUrl('Logo URL'),
  faviconUrl: httpsUrl('Favicon URL'),
  privacyUrl: httpsUrl('Privacy URL'),
  termsUrl: httpsUrl('Terms URL'),
});

/** The sign-in providers of Super Settings → Auth, and how each is named on a button. */
export const SIGN_IN_PROVIDER_KEYS = ['google', 'microsoft', 'slack', 'github'] as const;
export type SignInProviderKey = (typeof SIGN_IN_PROVIDER_KEYS)[number];
export const SIGN_IN_PROVIDER_NAMES: Record<SignInProviderKey, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  slack: 'Slack',
  github: 'GitHub',
};

/** `enabled` and `clientId` of one provider, as saved; its client secret is kept apart, encrypted (`clientSecret` below). */
const signInProvider = (key: SignInProviderKey) => {
  const name = SIGN_IN_PROVIDER_NAMES[key];
  return z
    .object({
      enabled: z.boolean({ error: `${name} sign-in must be turned on or off (true or false).` }).default(false),
      clientId: z
        .string({ error: `${name} client ID must be text.` })
        .trim()
        .max(500, `${name} client ID must be at most 500 characters.`)
        .default(''),
    })
    .refine((provider) => !provider.enabled || provider.clientId !== '', {
      message: `${name} sign-in needs a client ID.`,
      path: ['clientId'],
    });
};

export const signInProviders = z.object(
  Object.fromEntries(SIGN_IN_PROVIDER_KEYS.map((key) => [key, signInProvider(key)])) as Record<
    SignInProviderKey,
    ReturnType<typeof signInProvider>
  >,
  { error: 'Providers must be an object with google, microsoft, slack and github.' },
);
export type SignInProviders = z.output<typeof signInProviders>;

/** Something other than an object (the console's section form sends each field as text) is no providers: the saved ones stay. */
const providersOrNone = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value !== null && typeof value === 'object' ? value : undefined), schema.optional());

export const authSettings = z.object({
  require2fa: z.boolean({ error: 'Require 2FA must be true or false.' }).default(false),
  sessionMaxHours: count('Session max hours', 1, 8760),
  sessionIdleMinutes: count('Session idle minutes', 5, 525_600),
  /** Absent: the saved providers stay as they are. */
  providers: providersOrNone(signInProviders),
});

/** A client secret as sent: empty or absent keeps the saved one. Write-only: answered masked. */
const clientSecret = (key: SignInProviderKey) =>
  z
    .string({ error: `${SIGN_IN_PROVIDER_NAMES[key]} client secret must be text.` })
    .trim()
    .max(2000, `${SIGN_IN_PROVIDER_NAMES[key]} client secret must be at most 2000 characters.`)
    .optional();

/** One provider as PUT /api/settings's `auth` takes it: with its client secret when it changes. */
const signInProviderBody = (key: SignInProviderKey) =>
  signInProvider(key).safeExtend({ clientSecret: clientSecret(key) });

/** PUT /api/settings's `auth`: the section, each provider with its client secret when it changes. */
export const authSettingsBody = authSettings.extend({
  providers: providersOrNone(
    z.object(
      Object.fromEntries(SIGN_IN_PROVIDER_KEYS.map((key) => [key, signInProviderBody(key)])) as Record<
        SignInProviderKey,
        ReturnType<typeof signInProviderBody>
      >,
      { error: 'Providers must be an object with google, microsoft, slack and github.' },
    ),
  ),
});
export type AuthSettingsBody = z.output<typeof authSettingsBody>;

export const securitySettings = z.object({
  passwordMin: count('Password minimum', 6, 128),
  passwordComplexity: z.enum(PASSWORD_COMPLEXITIES, {
    error: `Password complexity must be one of: ${PASSWORD_COMPLEXITIES.join(', ')}.`,
  }),
  domainAllowlist: list(
    (domain) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain),
    'Each allowed domain must look like example.com.',
    (domain) => domain.toLowerCase().replace(/^@/, ''),
  ),
  ipAllowlist: list(
    (line) => IP_ALLOWLIST_LINE.test(line),
    'Each IP allowlist line must be an IPv4 address with an optional /mask of 1–2 digits.',
  ),
});

export const retentionSettings = z.object({
  auditDays: count('Audit days', 1, 3650),
  webhookDays: count('Webhook days', 1, 3650),
});

export const rateSettings = z.object({
  globalRpm: z.preprocess((v) => (v === '' || v === null ? 0 : v), count('Global requests per minute', 0, 1_000_000)),
  perTenantRpm: z.preprocess(
    (v) => (v === '' || v === null ? 0 : v),
    count('Per-tenant requests per minute', 0, 1_000_000),
  ),
});

export const billingSettings = z.object({
  trialDays: count('Trial days', 0, 365),
  trialNeedsCard: z.boolean({ error: 'Trial needs a card must be true or false.' }).default(true),
  graceDays: count('Grace days', 0, 90),
  promotionCodes: z.boolean({ error: 'Promotion codes must be true or false.' }).default(false),
  automaticTax: z.boolean({ error: 'Automatic tax must be true or false.' }).default(false),
});

export const SETTINGS_SECTIONS = {
  brand: brandSettings,
  auth: authSettings,
  security: securitySettings,
  retention: retentionSettings,
  rate: rateSettings,
  billing: billingSettings,
} as const;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

export const platformSettings = z.object(SETTINGS_SECTIONS);
export type PlatformSettings = z.output<typeof platformSettings>;

/** What a platform that never saved a section uses. */
export const DEFAULT_SETTINGS: PlatformSettings = {
  brand: { appName: 'Portico', supportEmail: '', logoUrl: '', faviconUrl: '', privacyUrl: '', termsUrl: '' },
  auth: {
    require2fa: false,
    sessionMaxHours: 720,
    sessionIdleMinutes: 10_080,
    providers: Object.fromEntries(
      SIGN_IN_PROVIDER_KEYS.map((key) => [key, { enabled: false, clientId: '' }]),
    ) as SignInProviders,
  },
  security: { passwordMin: PASSWORD_MIN_LENGTH, passwordComplexity: 'none', domainAllowlist: [], ipAllowlist: [] },
  retention: { auditDays: 365, webhookDays: 30 },
  rate: { globalRpm: 0, perTenantRpm: 0 },
  billing: { trialDays: 0, trialNeedsCard: true, graceDays: 14, promotionCodes: false, automaticTax: false },
};

const SECTION_NAMES = Object.keys(SETTINGS_SECTIONS) as SettingsSection[];

/** PUT /api/settings: exactly one section, keyed by its name, saved whole (`auth` with its providers' secrets). */
export const settingsSaveBody = platformSettings
  .extend({ auth: authSettingsBody })
  .partial()
  .strict()
  .refine(
    (body) => Object.keys(body).length === 1,
    `Send exactly one settings section: one of ${SECTION_NAMES.join(', ')}.`,
  );

/** The one section a save names, with its values (`auth` is saved with its secrets by the auth domain). */
export function savedSection(body: Omit<z.output<typeof settingsSaveBody>, 'auth'>): {
  section: Exclude<SettingsSection, 'auth'>;
  values: PlatformSettings[Exclude<SettingsSection, 'auth'>];
} {
  const section = Object.keys(body)[0] as Exclude<SettingsSection, 'auth'>;
  return { section, values: body[section]! };
}

/** The settings as answered: what the section schemas produce, described for the OpenAPI document. */
const storedSettings = z.object({
  brand: z.object({
    appName: z.string(),
    supportEmail: z.string(),
    logoUrl: z.string(),
    faviconUrl: z.string(),
    privacyUrl: z.string(),
    termsUrl: z.string(),
  }),
  auth: z.object({
    require2fa: z.boolean(),
    sessionMaxHours: z.number().int(),
    sessionIdleMinutes: z.number().int(),
    providers: z.object(
      Object.fromEntries(
        SIGN_IN_PROVIDER_KEYS.map((key) => [
          key,
          z.object({
            enabled: z.boolean(),
            clientId: z.string(),
            clientSecret: z.string().nullable().meta({
              description:
                'The saved client secret masked (`••••` and its last four characters), null when none is saved; never the secret.',
            }),
          }),
        ]),
      ) as Record<
        SignInProviderKey,
        z.ZodObject<{ enabled: z.ZodBoolean; clientId: z.ZodString; clientSecret: z.ZodNullable<z.ZodString> }>
      >,
    ),
  }),
  security: z.object({
    passwordMin: z.number().int(),
    passwordComplexity: z.enum(PASSWORD_COMPLEXITIES),
    domainAllowlist: z.array(z.string()),
    ipAllowlist: z.array(z.string()),
  }),
  retention: z.object({ auditDays: z.number().int(), webhookDays: z.number().int() }),
  rate: z.object({ globalRpm: z.number().int(), perTenantRpm: z.number().int() }),
  billing: z.object({
    trialDays: z.number().int().meta({ description: 'A new subscription’s free days; 0 = no trial.' }),
    trialNeedsCard: z.boolean().meta({ description: 'Whether Checkout asks for a card before the trial.' }),
    graceDays: z.number().int().meta({ description: 'Days a workspace keeps working after a failed payment.' }),
    promotionCodes: z.boolean().meta({ description: 'Checkout accepts Stripe promotion codes.' }),
    automaticTax: z.boolean().meta({ description: 'Stripe Tax computes and collects tax.' }),
  }),
}) satisfies z.ZodType<PlatformSettings>;

export const settingsAnswer = z.object({ settings: storedSettings });

/** The platform's feature flags: each hides a capability everywhere when off (docs/api.md). */
export const FEATURE_FLAGS = {
  embeds: 'Embedded pages: the Embeds menu, pages and calls.',
  forms: 'Forms and their responses: the Forms menu, pages and calls.',
  files: 'File sharing: the Files menus, pages and calls.',
  public_api: 'The public API under /api/v1 and the API keys that open it.',
  signup: 'Self-serve signup: anyone may create an account from the sign-up page.',
} as const;
export type FeatureFlagKey = keyof typeof FEATURE_FLAGS;
export const FEATURE_FLAG_KEYS = Object.keys(FEATURE_FLAGS) as FeatureFlagKey[];

export const featureFlag = z.object({
  key: z.enum(FEATURE_FLAG_KEYS),
  enabled: z.boolean(),
  description: z.string(),
});
export const flagsAnswer = z.object({ flags: z.array(featureFlag) });
export const flagParams = z.object({
  key: z.enum(FEATURE_FLAG_KEYS, { error: `There is no such feature flag. Flags: ${FEATURE_FLAG_KEYS.join(', ')}.` }),
});
export const flagBody = z.object({ enabled: z.boolean({ error: 'Enabled must be true or false.' }) });
export const flagAnswer = z.object({ flag: featureFlag });
