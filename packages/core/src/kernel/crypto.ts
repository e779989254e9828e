import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { PasswordHashCost } from '../config';

export function hashPassword(cost: PasswordHashCost, password: string): Promise<string> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: cost.memoryKib,
    timeCost: cost.passes,
    parallelism: 4,
  });
}

const unusableHashes = new Map<string, Promise<string>>();

/**
 * A hash of the configured cost that no password verifies against: an unknown address is checked
 * against it, so sign-in takes as long whether or not the address exists.
 */
export function unusablePasswordHash(cost: PasswordHashCost): Promise<string> {
  const key = `${cost.memoryKib}:${cost.passes}`;
  let hash = unusableHashes.get(key);
  if (!hash) {
    hash = hashPassword(cost, randomToken());
    unusableHashes.set(key, hash);
  }
  return hash;
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** An unguessable token for links and refresh tokens; only its sha256 is stored. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Version tag of the stored-secret format `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
const SECRET_FORMAT = 'v1';

const cipherKeys = new Map<string, Buffer>();

/** The AES-256 key for stored secrets, derived from SECRETS_KEY with HKDF-SHA256 (so the raw setting is never the key). */
function secretsCipherKey(secretsKey: string): Buffer {
  let key = cipherKeys.get(secretsKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretsKey, 'portico-stored-secrets', SECRET_FORMAT, 32));
    cipherKeys.set(secretsKey, key);
  }
  return key;
}

/** Encrypts a secret to keep in the database (webhook signing secrets): AES-256-GCM, random 96-bit IV. */
export function encryptSecret(plain: string, secretsKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretsCipherKey(secretsKey), iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    SECRET_FORMAT,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    encrypted.toString('base64url'),
  ].join('.');
}

/** Decrypts what `encryptSecret` stored; throws when the value was altered or SECRETS_KEY changed. */
export function decryptSecret(stored: string, secretsKey: string): string {
  const [format, iv, tag, encrypted] = stored.split('.');
  if (format !== SECRET_FORMAT || !iv || !tag || encrypted === undefined)
    throw new Error('The stored secret is not in a known format.');
  const decipher = createDecipheriv('aes-256-gcm', secretsCipherKey(secretsKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
}
