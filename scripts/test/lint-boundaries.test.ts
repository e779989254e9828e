import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@portico/core';

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The messages `npm run lint` gives for this code at that path (the file need not exist). */
async function lint(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('npm run lint keeps models behind the services', () => {
  it.each(['api/src/routes/probe.ts', 'worker/src/probe.ts', 'scheduler/src/probe.ts'])(
    'refuses a model called from %s',
    async (file) => {
      expect(
        await lint("import { FileRecord } from '@portico/core/db';\nexport const n = FileRecord.count();\n", file),
      ).toHaveLength(1);
      expect(
        await lint("import { User } from '@portico/core';\nexport const u = User.findAll();\n", file),
      ).toHaveLength(1);
      expect(
        await lint(
          "import { listFiles } from '../../../packages/core/src/files/files';\nexport const f = listFiles;\n",
          file,
        ),
      ).toHaveLength(1);
    },
  );

  it('allows services and types anywhere, and models from the context in scripts and tests', async () => {
    expect(
      await lint(
        "import { listFiles, type Tenant } from '@portico/core';\nimport type { User } from '@portico/core/db';\nexport const f = listFiles;\nexport type T = Tenant | User;\n",
        'api/src/routes/probe.ts',
      ),
    ).toEqual([]);
    for (const file of ['scripts/probe.ts', 'api/test/probe.test.ts', 'packages/core/test/probe.test.ts'])
      expect(
        await lint(
          "import type { AppContext } from '@portico/core';\nimport type { FileRecord } from '@portico/core/db';\nexport const n = (ctx: AppContext) => ctx.db.FileRecord.count();\nexport type F = FileRecord;\n",
          file,
        ),
      ).toEqual([]);
  });

  it.each([
    ["import { FileRecord } from '@portico/core/db';", 'scripts/probe.ts'],
    ["import { FileRecord } from '@portico/core/db';", 'api/test/probe.test.ts'],
    ["import { FileRecord } from '../src/db';", 'packages/core/test/probe.test.ts'],
    ["import { FileRecord } from '../db/models';", 'packages/core/src/files/probe.ts'],
    ["import { FileRecord } from '../db';", 'packages/core/src/files/probe.ts'],
  ])('refuses a model class as a value (%s in %s): models come from the context', async (line, file) => {
    expect(await lint(`${line}\nexport const n = FileRecord.count();\n`, file)).toEqual([
      expect.stringContaining('through the context'),
    ]);
  });
});

describe("npm run lint keeps a domain's reads and writes in its data file", () => {
  const modelCall =
    "import type { ServiceContext } from '../scope';\nexport const n = (ctx: ServiceContext) => ctx.db.FileRecord.count();\n";
  const rawSql =
    "import type { ServiceContext } from '../scope';\nexport const n = (ctx: ServiceContext) => ctx.sequelize.query('SELECT 1');\n";
  const statement = "import { select } from '../db/statements';\nexport const s = select;\n";

  it.each([
    [modelCall, 'packages/core/src/files/probe.ts'],
    [rawSql, 'packages/core/src/console/probe.ts'],
    [statement, 'packages/core/src/forms/probe.ts'],
  ])('refuses, in a service, %s', async (code, file) => {
    expect(await lint(code, file)).toEqual([expect.stringContaining("the domain's data file")]);
  });

  it('allows them in the data file', async () => {
    for (const code of [modelCall, rawSql, statement])
      expect(await lint(code, 'packages/core/src/files/files-data.ts')).toEqual([]);
  });
});

describe('npm run lint keeps the data layer below the services', () => {
  it.each([
    ["import { invalidateWorkspaces } from '../../tenancy';", 'packages/core/src/db/models/probe.ts'],
    ["import { badRequest } from '../../kernel/errors';", 'packages/core/src/db/models/probe.ts'],
    ["import type { ServiceContext } from '../scope';", 'packages/core/src/db/probe.ts'],
    ["import type { AppContext } from '../../context';", 'packages/core/src/db/models/probe.ts'],
    ["import { createContext } from '../wiring';", 'packages/core/src/db/probe.ts'],
  ])('refuses %s in %s', async (line, file) => {
    expect(await lint(`${line}\nexport const x = 1;\n`, file)).toHaveLength(1);
  });

  it('allows db/ its own files and the logger, and a service the models’ types and its domain', async () => {
    expect(
      await lint(
        "import { Tenant } from './tenant';\nimport { enforceTenantScope } from '../tenant-scope';\nimport type { Logger } from '../../logger';\nexport const x = [Tenant, enforceTenantScope];\nexport type L = Logger;\n",
        'packages/core/src/db/models/probe.ts',
      ),
    ).toEqual([]);
    expect(
      await lint(
        "import type { Tenant } from '../db/models';\nimport { invalidateWorkspaces } from './workspace-cache';\nexport const x = [invalidateWorkspaces];\nexport type T = Tenant;\n",
        'packages/core/src/tenancy/probe.ts',
      ),
    ).toEqual([]);
  });
});

describe('npm run lint keeps each domain of core behind its index', () => {
  it.each([
    ["import { liveSubscriptionIds } from '../billing/billing-ending';", 'packages/core/src/console/probe.ts'],
    ["import type { StripeSubscription } from '../billing/stripe-objects';", 'packages/core/src/onboarding/probe.ts'],
    ["import { useWorkspaceCache } from './tenancy/workspace-cache';", 'packages/core/src/probe.ts'],
  ])('refuses %s in %s', async (line, file) => {
    expect(await lint(`${line}\nexport const x = 1;\n`, file)).toEqual([expect.stringContaining('through its index')]);
  });

  it("allows another domain's index, the kernel's files, and a domain its own files", async () => {
    expect(
      await lint(
        "import { liveSubscriptionIds } from '../billing';\nimport { notFound } from '../kernel/errors';\nexport const x = [liveSubscriptionIds, notFound];\n",
        'packages/core/src/console/probe.ts',
      ),
    ).toEqual([]);
    expect(
      await lint(
        "import { liveSubscriptionIds } from './billing-ending';\nexport const x = liveSubscriptionIds;\n",
        'packages/core/src/billing/probe.ts',
      ),
    ).toEqual([]);
    expect(
      await lint(
        "import { useWorkspaceCache } from './tenancy';\nexport const x = useWorkspaceCache;\n",
        'packages/core/src/probe.ts',
      ),
    ).toEqual([]);
  });
});

describe('npm run lint keeps permissions out of the SPA’s pages and shells', () => {
  /** The messages of the two rules that keep pages from granting by role. */
  async function lintSpa(code: string, file: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === '@typescript-eslint/no-restricted-imports')
      .map((m) => m.message);
  }

  it.each([
    "declare const roleKind: string;\nexport const a = roleKind === 'admin';\n",
    "declare const scope: { role: string };\nexport const a = scope.role !== 'owner';\n",
    "declare const m: { role_kind: string };\nexport const a = m.role_kind === 'team';\n",
    "import { isTenantAdminRole } from '@portico/common';\nexport const a = isTenantAdminRole('admin');\n",
  ])('refuses a permission decided from a role in a page: %s', async (code) => {
    expect(await lintSpa(code, 'frontend/src/features/probe/Probe.tsx')).toHaveLength(1);
    expect(await lintSpa(code, 'frontend/src/app/shells/Probe.tsx')).toHaveLength(1);
  });

  it('allows the abilities, and the route table’s kinds', async () => {
    expect(
      await lintSpa(
        "import { useAbilities } from '../../lib/scope/use-abilities';\nexport const useA = () => useAbilities().manage_users;\n",
        'frontend/src/features/probe/Probe.tsx',
      ),
    ).toEqual([]);
    expect(
      await lintSpa(
        "declare const roleKind: string;\nexport const a = roleKind === 'admin';\n",
        'frontend/src/lib/routes/probe.ts',
      ),
    ).toEqual([]);
  });
});

describe('npm run lint keeps the SPA in floors: app/ over features/ over lib/ over ui/', () => {
  it.each([
    ["import { useFiles } from '../files/api';", 'frontend/src/features/dashboard/Probe.tsx'],
    ["import { DomainList } from '../../settings/DomainList';", 'frontend/src/features/forms/builder/Probe.tsx'],
    ["import { AdminShell } from '../../app/shells/AdminShell';", 'frontend/src/features/dashboard/Probe.tsx'],
    ["import { useFiles } from '../../features/files/api';", 'frontend/src/app/shells/Probe.tsx'],
    ["import { useFiles } from '../../features/files';", 'frontend/src/lib/session/Probe.ts'],
    ["import { errorMessage } from '../lib/api/http';", 'frontend/src/ui/Probe.tsx'],
    ["import { UploadCard } from '../features/files';", 'frontend/src/ui/Probe.tsx'],
  ])('refuses %s in %s', async (line, file) => {
    expect(await lint(`${line}\nexport const x = 1;\n`, file)).toHaveLength(1);
  });

  it("allows a feature its own files, another feature's index, lib/ and ui/; and the page table a page by its path", async () => {
    expect(
      await lint(
        "import { formPaths } from '../../forms';\nimport { formKeys } from '../api/forms';\nimport { useAbilities } from '../../../lib/scope/use-abilities';\nimport { Button } from '../../../ui/Button';\nexport const x = [formPaths, formKeys, useAbilities, Button];\n",
        'frontend/src/features/forms/builder/Probe.tsx',
      ),
    ).toEqual([]);
    expect(
      await lint(
        "import { HeaderSearch } from '../../features/search';\nimport { useSession } from '../../lib/session/session-context';\nexport const x = [HeaderSearch, useSession];\n",
        'frontend/src/app/shells/Probe.tsx',
      ),
    ).toEqual([]);
    expect(
      await lint(
        "import { LoginPage } from '../features/auth/login/LoginPage';\nexport const x = LoginPage;\n",
        'frontend/src/app/pages.tsx',
      ),
    ).toEqual([]);
  });
});
