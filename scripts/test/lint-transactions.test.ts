import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@portico/core';

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The no-restricted-syntax messages `npm run lint` gives for this code at that path (the file need not exist). */
async function lint(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const DIRECT = [
  'export const a = ctx.sequelize.transaction(async (transaction) => transaction);',
  'export const b = sequelize.transaction();',
  'export const c = RefreshToken.sequelize!.transaction(work);',
];

describe('npm run lint keeps one way to transact', () => {
  it.each([
    'packages/core/src/files/probe.ts',
    'api/src/routes/probe.ts',
    'worker/src/probe.ts',
    'scripts/probe.ts',
    'api/test/probe.test.ts',
  ])('refuses sequelize.transaction( in %s, pointing to inTransaction', async (file) => {
    for (const code of DIRECT) expect(await lint(code, file)).toEqual([expect.stringContaining('inTransaction')]);
  });

  it('allows inTransaction, { transaction } options and ctx.transaction reads, and scope.ts its own call', async () => {
    expect(
      await lint(
        'export const a = inTransaction(ctx, (transaction) => User.findAll({ transaction }));\nexport const b = ctx.transaction ?? null;\n',
        'packages/core/src/files/probe.ts',
      ),
    ).toEqual([]);
    expect(await lint(DIRECT[0]!, 'packages/core/src/scope.ts')).toEqual([]);
  });
});
