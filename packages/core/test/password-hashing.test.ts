import { describe, expect, it } from 'vitest';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../src';

/* Password hashes (kernel/crypto.ts): argon2id at the configured cost, which the hash carries. */

describe('password hashing', () => {
  it('makes argon2id hashes at the configured cost, which verify later whatever the cost is then', async () => {
    const production = await hashPassword({ memoryKib: 65_536, passes: 3 }, 'correct-horse-battery');
    expect(production).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    const cheap = await hashPassword({ memoryKib: 1024, passes: 1 }, 'correct-horse-battery');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=4,t=1\$/);
    expect(await verifyPassword(production, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(cheap, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong')).toBe(false);
  });

  it('checks an unknown address against a hash of the same cost, so timing tells nothing', async () => {
    const cost = { memoryKib: 2048, passes: 2 };
    const unusable = await unusablePasswordHash(cost);
    expect(unusable).toMatch(/^\$argon2id\$v=19\$m=2048,p=4,t=2\$/);
    expect(await unusablePasswordHash(cost)).toBe(unusable);
    expect(await verifyPassword(unusable, '')).toBe(false);
  });
});
