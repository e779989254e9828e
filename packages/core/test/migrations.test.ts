import { QueryTypes } from 'sequelize';
import { afterAll, expect, it } from 'vitest';
import { createMigrator, createSequelize, migrateUp } from '../src/db';
import { createTestDatabase } from '../../../testing/harness';

const db = await createTestDatabase();
const sequelize = createSequelize(db.url);
afterAll(async () => {
  await sequelize.close();
  await db.drop();
});

async function tables(): Promise<string[]> {
  const rows = await sequelize.query<{ name: string }>(
    `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY 1`,
    { type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.name);
}

it('runs every migration down to an empty schema and up again', async () => {
  const migrator = createMigrator(sequelize);
  expect(await tables()).toContain('memberships');
  await migrator.down({ to: 0 });
  expect(await tables()).toEqual([]);
  await migrateUp(sequelize);
  expect(await tables()).toEqual([
    'alert_rules',
    'announcement_dismissals',
    'announcements',
    'api_keys',
    'audit_logs',
    'billing_events',
    'billing_invoices',
    'billing_notices',
    'billing_subscriptions',
    'email_outbox',
    'email_verifications',
    'embeds',
    'feature_flags',
    'file_events',
    'file_share_links',
    'file_versions',
    'files',
    'folders',
    'form_responses',
    'form_versions',
    'forms',
    'global_integrations',
    'inbox_digests',
    'inbox_items',
    'invitations',
    'job_outbox',
    'magic_links',
    'memberships',
    'message_emails',
    'message_files',
    'message_threads',
    'messages',
    'onboarding_events',
    'onboarding_states',
    'password_reset_tokens',
    'platform_settings',
    'profiles',
    'refresh_token_families',
    'refresh_tokens',
    'tenant_domains',
    'tenant_events',
    'tenant_integrations',
    'tenant_role_types',
    'tenant_slack_webhooks',
    'tenant_sso',
    'tenant_sso_identities',
    'tenants',
    'thread_participants',
    'two_factor_challenges',
    'two_factor_recovery_codes',
    'user_global_roles',
    'user_identities',
    'user_two_factor',
    'users',
    'webhook_attempts',
    'webhook_deliveries',
    'webhooks',
  ]);
  expect(await migrator.pending()).toEqual([]);
});

it('indexes every tenant-owned table by tenant_id first', async () => {
  const result = await sequelize.query<{ table_name: string; leads: boolean }>(
    `
    SELECT c.table_name::text AS table_name,
           bool_or(split_part(split_part(i.indexdef, '(', 2), ',', 1) IN ('tenant_id', 'tenant_id)')) AS leads
    FROM information_schema.columns c
    JOIN pg_indexes i ON i.tablename = c.table_name AND i.schemaname = 'public'
    WHERE c.column_name = 'tenant_id' AND c.table_schema = 'public'
    GROUP BY c.table_name`,
    { type: QueryTypes.SELECT },
  );
  expect(result.map((r) => r.table_name).sort()).toEqual([
    'api_keys',
    'audit_logs',
    'billing_events',
    'billing_invoices',
    'billing_notices',
    'billing_subscriptions',
    'email_outbox',
    'embeds',
    'file_events',
    'file_share_links',
    'file_versions',
    'files',
    'folders',
    'form_responses',
    'form_versions',
    'forms',
    'inbox_digests',
    'inbox_items',
    'invitations',
    'memberships',
    'message_emails',
    'message_files',
    'message_threads',
    'messages',
    'onboarding_events',
    'onboarding_states',
    'tenant_domains',
    'tenant_events',
    'tenant_integrations',
    'tenant_role_types',
    'tenant_slack_webhooks',
    'tenant_sso',
    'tenant_sso_identities',
    'thread_participants',
    'webhook_attempts',
    'webhook_deliveries',
    'webhooks',
  ]);
  for (const row of result) expect(row, row.table_name).toMatchObject({ leads: true });
});
