import type { Migration } from '../migrator';

/*
 * Domain claims (issue 25): several workspaces may claim a domain while none has verified it; the
 * one that proves its TXT record takes it, so only a verified domain is unique across workspaces.
 * A workspace claims a domain once.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP INDEX tenant_domains_domain_key;
    CREATE UNIQUE INDEX tenant_domains_verified_domain_key ON tenant_domains (domain) WHERE verified_at IS NOT NULL;
    CREATE UNIQUE INDEX tenant_domains_tenant_domain_key ON tenant_domains (tenant_id, domain);
  `);
};

/** Back to one row per domain: of several claims, the verified one (else the oldest) stays. */
export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    DROP INDEX IF EXISTS tenant_domains_verified_domain_key;
    DROP INDEX IF EXISTS tenant_domains_tenant_domain_key;
    DELETE FROM tenant_domains d
      USING tenant_domains kept
      WHERE kept.domain = d.domain AND kept.id <> d.id
        AND (kept.verified_at IS NOT NULL OR (d.verified_at IS NULL AND (kept.created_at, kept.id) < (d.created_at, d.id)));
    CREATE UNIQUE INDEX tenant_domains_domain_key ON tenant_domains (domain);
  `);
};
