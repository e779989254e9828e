import type { GlobalIntegrationKey } from '@portico/common';
import type { AppContext } from '../context';

import { decryptSecret } from '../kernel/crypto';

/*
 * The server's own use of a global integration's saved secret (SendGrid for mail, Slack for the
 * platform's posts), apart from the console's management of them (`global-integrations.ts`), which
 * sends its test email through the mail that reads these.
 */

/** The decrypted value of a saved global integration, or null. For the server's own use only: never answered or logged. */
export async function globalIntegrationValue(
  ctx: Pick<AppContext, 'db' | 'config'>,
  key: GlobalIntegrationKey,
): Promise<string | null> {
  const row = await ctx.db.GlobalIntegration.findByPk(key, { attributes: ['value_encrypted'] });
  return row ? decryptSecret(row.value_encrypted, ctx.config.secretsKey) : null;
}

/** Records that Portico really used it (`lastUsedAt`). */
export async function markGlobalIntegrationUsed(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  key: GlobalIntegrationKey,
): Promise<void> {
  await ctx.db.GlobalIntegration.update({ last_used_at: ctx.clock.now() }, { where: { key } });
}
