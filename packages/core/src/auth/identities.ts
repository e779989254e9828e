import { IDENTITY_MESSAGES } from '@portico/common';
import { audit } from '../kernel/audit';
import { conflict, notFound } from '../kernel/errors';
import { inTransaction, type ServiceContext } from '../scope';
import {
  deleteOwnIdentity,
  findPasswordHash,
  lockUserRow,
  selectOwnIdentities,
  type OwnIdentityRow,
} from './auth-data';

/*
 * A person's linked provider identities, listed and unlinked in account security (issue 31).
 * Unlinking never leaves an account nobody can sign in to: `keepsAWayIn` is the one rule.
 */

/**
 * Whether an account can still be signed in to: a password, or another linked identity. Every
 * account has a password today (`users.password_hash` is required), so this refuses only once
 * accounts without one exist; magic links are not counted, a workspace may switch them off.
 */
export function keepsAWayIn(account: { passwordHash: string | null; otherIdentities: number }): boolean {
  return Boolean(account.passwordHash) || account.otherIdentities > 0;
}

export type { OwnIdentityRow };

export function listOwnIdentities(ctx: ServiceContext, userId: string): Promise<OwnIdentityRow[]> {
  return selectOwnIdentities(ctx, userId);
}

/** Unlinks one of the person's own identities; another person's is not found. */
export async function unlinkOwnIdentity(
  ctx: ServiceContext,
  input: { userId: string; identityId: string; ip: string | null },
): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const tx = { ...ctx, transaction };
    // Two unlinks at once each see the other identity: the account's row makes them take turns.
    await lockUserRow(ctx, input.userId, transaction);
    const identities = await selectOwnIdentities(tx, input.userId);
    const identity = identities.find((row) => row.id === input.identityId);
    if (!identity) throw notFound(IDENTITY_MESSAGES.notFound);
    const passwordHash = await findPasswordHash(ctx, input.userId, transaction);
    if (!keepsAWayIn({ passwordHash, otherIdentities: identities.length - 1 }))
      throw conflict(IDENTITY_MESSAGES.lastWayIn, 'last_sign_in_method');
    await deleteOwnIdentity(tx, identity.id, input.userId);
    await audit(
      ctx,
      { actor: { userId: input.userId, ip: input.ip } },
      {
        action: 'auth.identity_unlinked',
        entity: { type: 'user', id: input.userId },
        details: { provider: identity.provider },
      },
      transaction,
    );
  });
}
