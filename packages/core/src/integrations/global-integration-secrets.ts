import type { GlobalSecretKey } from '@portico/common';
import type { AppContext } from '../context';

import { decryptSecret } from '../kernel/crypto';
import { findGlobalIntegrationSecret, setGlobalIntegrationLastUsed } from './integrations-data';

/*
 * The server's own use of a global integration's saved secret (SendGrid for mail, Slack for the
 * platform's posts), apart from the console's management of them (`global-integrations.ts`), which
 * sends its test email through the mail that reads these.
 */

/** The decrypted value of a saved global integration, or null. For the server's own use only: never answered or logged. */
export async function globalIntegrationValue(
  ctx: Pick<AppContext, 'db' | 'config'>,
  key: GlobalSecretKey,
): Promise<string | null> {
  const encrypted = await findGlobalIntegrationSecret(ctx, key);
  return encrypted === null ? null : decryptSecret(encrypted, ctx.config.secretsKey);
}

/** Records that Portico really used it (`lastUsedAt`). */
export async function markGlobalIntegrationUsed(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  key: GlobalSecretKey,
): Promise<void> {
  await setGlobalIntegrationLastUsed(ctx, key, ctx.clock.now());
}
