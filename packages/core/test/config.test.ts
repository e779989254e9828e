import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'portico-config-'));

describe('loadConfig', () => {
  it('has safe local defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/portico',
      redisUrl: 'redis://127.0.0.1:6379',
      maxUploadBytes: 100 * 1024 * 1024,
      outboundAllowPrivate: false,
      trustedProxies: [],
      storage: { driver: 'local', s3: { bucket: 'user-files', partSize: 8 * 1024 * 1024 } },
      passwordHashing: { memoryKib: 65_536, passes: 3 },
    });
  });

  it("hashes passwords at no less than OWASP's least argon2id cost, except in tests", () => {
    const cheap = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' };
    for (const NODE_ENV of ['development', 'production'])
      expect(() =>
        loadConfig({
          DATA_DIR: dataDir(),
          NODE_ENV,
          JWT_SECRET: 'j'.repeat(40),
          SECRETS_KEY: 's'.repeat(40),
          ...cheap,
        }),
      ).toThrow('PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_PASSES must be at least 19456 and 2');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', ...cheap }).passwordHashing).toEqual({
      memoryKib: 1024,
      passes: 1,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2' }).passwordHashing,
    ).toEqual({ memoryKib: 19_456, passes: 2 });
  });

  it('reads TRUST_PROXY as a list of proxies, and refuses one that names no address with a sentence', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: ' 10.0.0.0/8, loopback,::1 ' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    for (const wrong of ['loopback, caddy', '10.0.0.0/33', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: wrong })).toThrow(
        'TRUST_PROXY must list IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal, separated by commas',
      );
    }
  });

  it('generates development secrets once and keeps them for every process', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret).toHaveLength(64);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.secretsKey).toBe(first.secretsKey);
    expect(JSON.parse(readFileSync(path.join(dir, 'dev-secrets.json'), 'utf8')).jwtSecret).toBe(first.jwtSecret);
  });

  it('refuses to start in production without secrets, saying what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() })).toThrow(
      'Portico cannot start in production without SECRETS_KEY. Set it to a long random value, for example the output of `openssl rand -hex 32`.',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /without JWT_SECRET and SECRETS_KEY/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(40), SECRETS_KEY: 'b'.repeat(40) }).jwtSecret,
    ).toBe('a'.repeat(40));
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ SUPERADMIN_PASSWORD: 'short', DATA_DIR: dataDir() })).toThrow(
      /SUPERADMIN_PASSWORD must be at least 8 characters/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', DATA_DIR: dataDir() })).toThrow(
      'STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY.',
    );
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true', DATA_DIR: dataDir() }).outboundAllowPrivate).toBe(true);
    expect(
      loadConfig({ OUTBOUND_ALLOW_HOSTS: ' Webhook-Receiver, ,hooks.internal ', DATA_DIR: dataDir() })
        .outboundAllowHosts,
    ).toEqual(['webhook-receiver', 'hooks.internal']);
    expect(loadConfig({ DATA_DIR: dataDir() }).outboundAllowHosts).toEqual([]);
    expect(loadConfig({ S3_PART_SIZE_MB: '64', DATA_DIR: dataDir() }).storage.s3.partSize).toBe(64 * 1024 * 1024);
    expect(() => loadConfig({ S3_PART_SIZE_MB: '4', DATA_DIR: dataDir() })).toThrow(/S3_PART_SIZE_MB/);
    const webhooks = loadConfig({
      WEBHOOK_CONCURRENCY: '50',
      WEBHOOK_FANOUT_BATCH: '100',
      DATA_DIR: dataDir(),
    }).webhooks;
    expect(webhooks).toMatchObject({ concurrency: 50, fanoutBatch: 100 });
    expect(loadConfig({ DATA_DIR: dataDir() }).webhooks).toMatchObject({ concurrency: 10, fanoutBatch: 500 });
    expect(() => loadConfig({ WEBHOOK_FANOUT_BATCH: '0', DATA_DIR: dataDir() })).toThrow(/WEBHOOK_FANOUT_BATCH/);
    expect(loadConfig({ EMAIL_LOCK_MS: '2000', DATA_DIR: dataDir() }).emails).toEqual({ lockMs: 2000 });
    expect(loadConfig({ DATA_DIR: dataDir() }).emails).toEqual({ lockMs: 30_000 });
    expect(() => loadConfig({ EMAIL_LOCK_MS: '100', DATA_DIR: dataDir() })).toThrow(/EMAIL_LOCK_MS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short', DATA_DIR: dataDir() })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '9500', DATA_DIR: dataDir() })).toMatchObject({
      metricsToken: undefined,
      metricsPort: 9500,
    });
  });

  it('reads a secret from NAME_FILE (compose and Docker secrets), and refuses both or an unreadable file', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'jwt'), 'from-a-file-0123456789\n');
    const env = { NODE_ENV: 'production', DATA_DIR: dir, SECRETS_KEY: 'k'.repeat(32) };
    expect(loadConfig({ ...env, JWT_SECRET_FILE: path.join(dir, 'jwt') }).jwtSecret).toBe('from-a-file-0123456789');
    expect(() => loadConfig({ ...env, JWT_SECRET: 'x', JWT_SECRET_FILE: path.join(dir, 'jwt') })).toThrow(
      'Set JWT_SECRET or JWT_SECRET_FILE, not both',
    );
    expect(() => loadConfig({ ...env, JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(
      `JWT_SECRET_FILE: cannot read ${path.join(dir, 'missing')}.`,
    );
  });

  it('takes an empty value as unset, as compose passes the blank lines of .env', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '', MAX_UPLOAD_MB: '', NODE_ENV: '', S3_REGION: '' });
    expect(config).toMatchObject({ port: 8080, maxUploadBytes: 100 * 1024 * 1024, env: 'development' });
    expect(config.storage.s3.region).toBe('us-east-1');
    expect(loadConfig({ DATA_DIR: dataDir(), S3_REGION: 'eu-central-1' }).storage.s3.region).toBe('eu-central-1');
  });
});
