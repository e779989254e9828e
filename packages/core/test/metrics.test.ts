import { describe, expect, it } from 'vitest';
import { metricsAllowed, statementKind, statusClass } from '../src/metrics';

describe('metricsAllowed', () => {
  it('lets in loopback and private networks only, unless the bearer token is sent', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.0.0.8',
      '172.16.4.1',
      '192.168.1.20',
      'fd12::1',
      'fe80::1',
    ])
      expect(metricsAllowed(address, undefined), address).toBe(true);
    for (const address of [
      '203.0.113.9',
      '8.8.8.8',
      '::ffff:8.8.8.8',
      '2001:db8::1',
      '100.64.0.1',
      'not-an-ip',
      undefined,
    ])
      expect(metricsAllowed(address, undefined), String(address)).toBe(false);
  });

  it('takes the exact token from anywhere, and nothing when no token is set', () => {
    const token = 'a-token-of-some-length';
    expect(metricsAllowed('8.8.8.8', `Bearer ${token}`, token)).toBe(true);
    expect(metricsAllowed('8.8.8.8', `Bearer ${token}x`, token)).toBe(false);
    expect(metricsAllowed('8.8.8.8', token, token)).toBe(false);
    expect(metricsAllowed('8.8.8.8', 'Bearer ', undefined)).toBe(false);
  });
});

describe('statementKind and statusClass', () => {
  it('names a statement by its first word, a WITH as a read', () => {
    expect(statementKind('SELECT 1')).toBe('select');
    expect(statementKind('  with x AS (SELECT 1) SELECT * FROM x')).toBe('select');
    expect(statementKind('INSERT INTO files VALUES ($1)')).toBe('insert');
    expect(statementKind('UPDATE files SET title = $1')).toBe('update');
    expect(statementKind('DELETE FROM files')).toBe('delete');
    expect(statementKind('START TRANSACTION;')).toBe('transaction');
    expect(statementKind('COMMIT;')).toBe('transaction');
    expect(statementKind('VACUUM ANALYZE files')).toBe('other');
  });

  it('groups statuses by their hundred', () => {
    expect([101, 200, 204, 304, 404, 429, 500, 503].map(statusClass)).toEqual([
      '1xx',
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
  });
});
