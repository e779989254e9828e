import {
  flagAnswer,
  flagBody,
  flagParams,
  flagsAnswer,
  savedSection,
  settingsAnswer,
  settingsSaveBody,
} from '@portico/common';
import {
  getSettings,
  listFlags,
  saveAuthSettings,
  saveSettingsSection,
  setFlag,
  signInProviderSettings,
  type ServiceContext,
} from '@portico/core';
import { defineRoutes } from '../http/route';
import { platformActorOf } from '../http/request';

/** Every section as answered: the sign-in providers with their secrets masked. */
async function settingsOf(ctx: ServiceContext) {
  const [settings, providers] = await Promise.all([getSettings(ctx), signInProviderSettings(ctx)]);
  return { settings: { ...settings, auth: { ...settings.auth, providers } } };
}

/** Super Settings and the feature flags (platform-console §2, §7), for super admins. */
export const settingsRoutes = defineRoutes(
  'platform',
  { name: 'Settings and flags', description: 'The platform’s settings and feature flags, enforced where they apply.' },
  (route) => [
    route({
      method: 'get',
      path: '/settings',
      operationId: 'getSettings',
      summary: 'Read every settings section',
      description: 'A section never saved reads as its defaults.',
      responses: { 200: { description: 'Every section.', schema: settingsAnswer } },
      handle: async ({ ctx }) => settingsOf(ctx),
    }),
    route({
      method: 'put',
      path: '/settings',
      operationId: 'saveSettingsSection',
      summary: 'Save one settings section',
      description:
        'The body names one section (`brand`, `auth`, `security`, `retention`, `rate` or `billing`) with all its fields. Numbers may be digits; lists may be text split on newlines or commas. Audited (`settings.updated`) with what changed. The saving process uses the new values at once; every other process within 5 s.\n\n' +
        '`auth.providers` (google, microsoft, slack, github: `enabled`, `clientId`, `clientSecret`) may be left out to keep the saved ones. A `clientSecret` left out or empty keeps the saved secret; one sent is stored encrypted (audited `integration.updated` by key) and answered only masked. Google’s and Microsoft’s secrets are the console Integrations’ `google` and `microsoft` values: saving on either screen replaces the one secret. A provider is switched on only with a client ID and a secret.',
      body: settingsSaveBody,
      responses: { 200: { description: 'Every section after the save.', schema: settingsAnswer } },
      refusals: {
        400: 'A value is not valid; the sentence names it (e.g. `Google sign-in needs a client ID.`, `Google sign-in needs a client secret.`).',
      },
      handle: async ({ ctx, req, body }) => {
        const { auth, ...others } = body;
        if (auth) await saveAuthSettings(ctx, platformActorOf(req), auth);
        else await saveSettingsSection(ctx, platformActorOf(req), savedSection(others));
        return settingsOf(ctx);
      },
    }),
    route({
      method: 'put',
      path: '/flags/:key',
      operationId: 'setFeatureFlag',
      summary: 'Turn a feature flag on or off',
      description:
        'A flag that is off hides its capability everywhere: the API refuses it and the portal hides it. Audited (`flag.updated`).',
      params: flagParams,
      body: flagBody,
      responses: { 200: { description: 'The flag.', schema: flagAnswer } },
      handle: async ({ ctx, req, params, body }) => ({
        flag: await setFlag(ctx, platformActorOf(req), { key: params.key, enabled: body.enabled }),
      }),
    }),
  ],
);

/** The feature flags, for any signed-in person: the portal hides what is off. */
export const flagRoutes = defineRoutes(
  'session',
  { name: 'Settings and flags', description: 'The platform’s settings and feature flags, enforced where they apply.' },
  (route) => [
    route({
      method: 'get',
      path: '/flags',
      operationId: 'listFeatureFlags',
      summary: 'List the feature flags',
      responses: { 200: { description: 'Every flag; one never set is on.', schema: flagsAnswer } },
      handle: async ({ ctx }) => ({ flags: await listFlags(ctx) }),
    }),
  ],
);
