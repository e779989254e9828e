import {
  DEFAULT_SETTINGS,
  SIGN_IN_PROVIDER_KEYS,
  SIGN_IN_PROVIDER_NAMES,
  type AuthSettingsBody,
  type GlobalSecretKey,
  type SignInProviderKey,
  type SignInProviders,
} from '@portico/common';
import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { globalIntegrationValue, maskedGlobalSecrets, storeGlobalSecret } from '../integrations';
import { badRequest } from '../kernel/errors';
import { getSettings, saveSettingsSection } from '../settings';

/*
 * The sign-in providers of Super Settings → Auth: `enabled` and `clientId` are saved with the
 * section; each client secret is a global secret, encrypted like the console's integrations and
 * only ever answered masked. Google's and Microsoft's secrets ARE the console Integrations'
 * `google` and `microsoft` values — one secret, shown and replaceable on either screen — and
 * Slack's and GitHub's are `slack_sign_in` and `github_sign_in` (the `slack` integration is the
 * platform's alert webhook, another thing).
 */

export const SIGN_IN_SECRET_KEYS: Record<SignInProviderKey, GlobalSecretKey> = {
  google: 'google',
  microsoft: 'microsoft',
  slack: 'slack_sign_in',
  github: 'github_sign_in',
};

export interface SignInProviderView {
  enabled: boolean;
  clientId: string;
  /** Masked, or null when none is saved. */
  clientSecret: string | null;
}

/** The saved providers, or none switched on when the section was saved before providers existed. */
export function savedSignInProviders(auth: { providers?: SignInProviders }): SignInProviders {
  return auth.providers ?? DEFAULT_SETTINGS.auth.providers!;
}

/** Every provider as Super Settings show it: the secret masked. */
export async function signInProviderSettings(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
): Promise<Record<SignInProviderKey, SignInProviderView>> {
  const [settings, masks] = await Promise.all([getSettings(ctx), maskedGlobalSecrets(ctx)]);
  const providers = savedSignInProviders(settings.auth);
  return Object.fromEntries(
    SIGN_IN_PROVIDER_KEYS.map((key) => [
      key,
      { ...providers[key], clientSecret: masks.get(SIGN_IN_SECRET_KEYS[key]) ?? null },
    ]),
  ) as Record<SignInProviderKey, SignInProviderView>;
}

/** A provider's client ID and decrypted secret while it is switched on with both; else null. For the server's own use. */
export async function signInProviderCredentials(
  ctx: Pick<ServiceContext, 'db' | 'sequelize' | 'config'>,
  key: SignInProviderKey,
): Promise<{ clientId: string; clientSecret: string } | null> {
  const provider = savedSignInProviders((await getSettings(ctx)).auth)[key];
  if (!provider.enabled || !provider.clientId) return null;
  const clientSecret = await globalIntegrationValue(ctx, SIGN_IN_SECRET_KEYS[key]);
  return clientSecret ? { clientId: provider.clientId, clientSecret } : null;
}

/**
 * PUT /api/settings `{auth}`: the section saved whole, except that providers left out keep what is
 * saved, and a provider's secret left out or empty keeps the saved one. A provider is switched on
 * only with a client ID and a secret, sent now or saved before. Secrets are stored (audited
 * `integration.updated`, by key) before the section (audited `settings.updated`, without them).
 */
export async function saveAuthSettings(
  ctx: ServiceContext,
  actor: PlatformActor & { userId: string },
  values: AuthSettingsBody,
): Promise<void> {
  const { providers: sent, ...section } = values;
  // One transaction: no secret is stored for a section that then fails to save.
  await inTransaction(ctx, async (transaction) => {
    const tx = { ...ctx, transaction };
    let providers = savedSignInProviders((await getSettings(tx)).auth);
    if (sent) {
      const masks = await maskedGlobalSecrets(tx);
      for (const key of SIGN_IN_PROVIDER_KEYS)
        if (sent[key].enabled && !sent[key].clientSecret && !masks.has(SIGN_IN_SECRET_KEYS[key]))
          throw badRequest(`${SIGN_IN_PROVIDER_NAMES[key]} sign-in needs a client secret.`, 'invalid_input');
      for (const key of SIGN_IN_PROVIDER_KEYS) {
        const secret = sent[key].clientSecret;
        if (secret) await storeGlobalSecret(tx, actor, SIGN_IN_SECRET_KEYS[key], secret);
      }
      providers = Object.fromEntries(
        SIGN_IN_PROVIDER_KEYS.map((key) => [key, { enabled: sent[key].enabled, clientId: sent[key].clientId }]),
      ) as SignInProviders;
    }
    await saveSettingsSection(tx, actor, { section: 'auth', values: { ...section, providers } });
  });
}
