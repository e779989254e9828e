/** `npm run seed:demo` (after `npm run setup`): the demo workspaces, people, files, forms and embeds. */
import { closeContext, ConfigError, createContext, loadConfig } from '@portico/core';
import { DemoPasswordError, seedDemo } from './demo/seed';

async function main() {
  const config = loadConfig();
  const ctx = await createContext(config, 'seed-demo');
  try {
    const result = await seedDemo(ctx, { password: config.demoPassword });
    const made = Object.entries(result.created)
      .filter(([, n]) => n > 0)
      .map(([what, n]) => `${n} ${what}`);
    const lines = [
      '',
      `  Demo data ready${made.length > 0 ? ` (created ${made.join(', ')})` : ' (nothing was missing)'}.`,
      `  Sign in at ${config.publicUrl}/login as:`,
      ...result.accounts.map((a) => `    ${a.email.padEnd(44)} ${a.role.padEnd(12)} ${a.tenant}`),
    ];
    if (result.generatedPassword)
      lines.push(
        `  Password of the new accounts (shown only this once): ${result.generatedPassword}`,
        '  Set DEMO_PASSWORD to choose it yourself.',
      );
    else if (config.demoPassword !== undefined) lines.push('  Password: the value of DEMO_PASSWORD.');
    else lines.push('  Existing demo accounts keep their passwords; set DEMO_PASSWORD to reset them all.');
    console.log(`${lines.join('\n')}\n`);
  } finally {
    await closeContext(ctx);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DemoPasswordError ? error.message : error);
  process.exit(1);
});
