import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listStatements, type Statement } from '../src/db/statements';

const SRC = path.join(__dirname, '../src');

/** Every module of the kernel and the domains, where statements are declared, loaded so each registers them. */
beforeAll(async () => {
  const modules = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.includes('/') && f.endsWith('.ts') && !/^(db|mail|storage)\//.test(f),
  );
  for (const file of modules) await import(path.join(SRC, file));
});

/** The statement filters by the tenant id bound as $1: `tenant_id = $1` on some table it reads or writes. */
function filtersByTenant(statement: Statement): boolean {
  return /\btenant_id\s*=\s*\$1\b/.test(statement.sql);
}

describe('the raw SQL of the services', () => {
  it('is declared in the query files and found by the registry', () => {
    const names = listStatements().map((s) => s.name);
    expect(names).toContain('search.users');
    expect(names).toContain('dashboard.checklist.forms');
    expect(names).toContain('users.session-actor');
  });

  it('takes the tenant id as its first parameter, or says why it reaches across tenants', () => {
    const unscoped = listStatements()
      .filter((s) => !s.crossTenant && !filtersByTenant(s))
      .map((s) => s.name);
    expect(unscoped).toEqual([]);
    for (const s of listStatements().filter((x) => x.crossTenant !== undefined))
      expect(s.crossTenant!.length, s.name).toBeGreaterThan(20);
  });

  it('would catch a statement that forgets the tenant', () => {
    expect(filtersByTenant({ name: 'x', sql: 'SELECT id FROM files WHERE title = $1' })).toBe(false);
    expect(filtersByTenant({ name: 'x', sql: 'SELECT id FROM files WHERE tenant_id = $2' })).toBe(false);
    expect(filtersByTenant({ name: 'x', sql: 'SELECT id FROM files f WHERE f.tenant_id = $1' })).toBe(true);
  });
});
