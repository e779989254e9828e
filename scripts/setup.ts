/** One-shot start-up step: create the database if needed, migrate it, make sure the super admin exists. */
import { closeContext, ConfigError, createContext, ensureSuperAdmin, loadConfig } from '@portico/core';
import { migrateUp } from '@portico/core/db';

async function main() {
  const config = loadConfig();
  const ctx = await createContext(config, 'setup');
  try {
    await migrateUp(ctx.sequelize, ctx.logger);
    const admin = await ensureSuperAdmin(ctx);
    if (admin.generatedPassword) {
      console.log(
        `\n  Super admin created: ${admin.email}\n  Password (shown only this once): ${admin.generatedPassword}\n` +
          '  Set SUPERADMIN_PASSWORD to choose it yourself.\n',
      );
    } else {
      ctx.logger.info({ email: admin.email, created: admin.created }, 'super admin ready');
    }
  } finally {
    await closeContext(ctx);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
