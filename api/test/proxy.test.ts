import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CADDY_METRICS } from '../../infra/grafana/dashboards';
import { createProvisioningWorker } from '../../worker/src/provisioning-worker';
import { localProxyEnvironment, startCaddy, validateCaddyfile, type LocalCaddy } from '../../testing/caddy';
import { startFakeDns, type FakeDns } from '../../testing/dns';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

/*
 * The proxy of the design for real: Debian's Caddy running proxy/Caddyfile (local CA) in front of the
 * API, asking it before each certificate; a local DNS server holds the domains' TXT records.
 */

const BASE = 'portico.test';
/** A certificate check waits on Caddy and the provisioning worker: longer than a request on a busy machine. */
const CERTIFICATE_TEST_MS = 60_000;

let app: TestApp;
let dns: FakeDns;
let caddy: LocalCaddy;
let ca: string;
let stopWorker: () => Promise<void>;
beforeAll(async () => {
  dns = await startFakeDns();
  app = await startTestApp({ BASE_DOMAIN: BASE, DNS_SERVERS: dns.server, CERTIFICATE_RETRY_BASE_MS: '200' });
  const { host } = new URL(app.url);
  caddy = await startCaddy(localProxyEnvironment(host, 'localhost'));
  app.ctx.config.domains.proxyUrl = `https://127.0.0.1:${caddy.httpsPort}`;
  // Caddy makes its local CA when it starts; certificate checks and this test trust it.
  for (let tries = 0; !ca; tries++) {
    ca = await caddy.rootCa().catch(() => '');
    if (!ca && tries > 100) throw new Error('Caddy made no local CA');
    if (!ca) await new Promise((r) => setTimeout(r, 100));
  }
  app.ctx.config.outboundCa = ca;
  const worker = createProvisioningWorker(app.ctx);
  stopWorker = () => worker.close();
}, 60_000);
afterAll(async () => {
  await stopWorker?.();
  await caddy?.close();
  await app?.close();
  await dns?.close();
});

/** GET over HTTPS through Caddy, as a browser asking for `host` would (SNI and Host), trusting Caddy's CA. */
function throughProxy(host: string, path: string): Promise<{ status: number; body: string; issuer: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port: caddy.httpsPort, servername: host, headers: { host }, path, ca },
      (res) => {
        let body = '';
        const issuer = String((res.socket as TLSSocket).getPeerCertificate().issuer?.CN ?? '');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, issuer }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function verifiedDomain(w: Awaited<ReturnType<typeof makeWorkspace>>, domain: string) {
  const added = await app.request('POST', '/domains', {
    token: w.admin.token,
    tenantId: w.tenant.id,
    body: { domain },
  });
  expect(added.status).toBe(201);
  dns.txt.set(added.body.txtRecord.name, [added.body.txtRecord.value]);
  const verified = await app.request('POST', '/domains-verify', {
    token: w.admin.token,
    tenantId: w.tenant.id,
    body: { domain },
  });
  expect(verified.status).toBe(200);
  return verified.body.domain.id as string;
}

async function sslStatusOnceSettled(tenantId: string, id: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await app.ctx.db.TenantDomain.findOne({ where: { tenant_id: tenantId, id } });
    if (row && row.ssl_status !== 'pending') return row.ssl_status;
    if (Date.now() > deadline) throw new Error(`ssl still pending: ${row?.ssl_error}\n${caddy.output().slice(-1500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the proxy (Caddy, proxy/Caddyfile)', () => {
  it('passes caddy validate with the public CA and with the local one', async () => {
    for (const CERT_ISSUER of ['acme', 'internal']) {
      const result = await validateCaddyfile({
        CERT_ISSUER,
        PLATFORM_HOST: 'portal.example.com',
      });
      expect(result, result.output).toMatchObject({ ok: true });
    }
  });

  it(
    'gives a verified domain a certificate and serves its workspace’s brand over HTTPS',
    async () => {
      const w = await makeWorkspace(app);
      await app.request('PATCH', '/tenant-config', {
        token: w.admin.token,
        tenantId: w.tenant.id,
        body: { primary_color: '#0F766E' },
      });
      const domain = `portal-${Date.now().toString(36)}.acme-example.com`;
      const id = await verifiedDomain(w, domain);
      // The provisioning job calls the domain through the proxy, which gets the certificate then.
      expect(await sslStatusOnceSettled(w.tenant.id, id)).toBe('ready');
      // The job counts its outcome once the check (which commits the status first) has returned.
      const counted = /portico_certificate_checks_total\{outcome="ready",process="test"\} [1-9]/;
      const deadline = Date.now() + 5000;
      let metric = '';
      while (!counted.test(metric) && Date.now() < deadline) {
        metric = await app.ctx.metrics.registry.getSingleMetricAsString('portico_certificate_checks_total');
        if (!counted.test(metric)) await new Promise((r) => setTimeout(r, 50));
      }
      expect(metric).toMatch(counted);
      const site = await throughProxy(domain, '/api/public/site');
      expect(site.status).toBe(200);
      expect(site.issuer).toMatch(/Caddy Local Authority/);
      expect(JSON.parse(site.body).site).toMatchObject({
        kind: 'tenant',
        tenant_id: w.tenant.id,
        name: w.tenant.name,
        primary_color: '#0F766E',
      });
      const tenant = await app.request('GET', '/tenant-config', { token: w.admin.token, tenantId: w.tenant.id });
      expect(tenant.body.name).toBe(w.tenant.name);
    },
    CERTIFICATE_TEST_MS,
  );

  it('serves a workspace’s subdomain, and the ask and metrics only to the private network', async () => {
    const w = await makeWorkspace(app);
    const site = await throughProxy(`${w.tenant.slug}.${BASE}`, '/api/public/site');
    expect(JSON.parse(site.body).site.tenant_id).toBe(w.tenant.id);
    expect(
      (await throughProxy(`${w.tenant.slug}.${BASE}`, `/api/internal/tls-ask?domain=${w.tenant.slug}.${BASE}`)).status,
    ).toBe(404);
    expect((await throughProxy(`${w.tenant.slug}.${BASE}`, '/metrics')).status).toBe(404);
    // Caddy's own metrics, on their own port, for Prometheus: those the Proxy dashboard reads.
    const metrics = await (await fetch(`http://127.0.0.1:${caddy.metricsPort}/metrics`)).text();
    for (const name of CADDY_METRICS) expect(metrics).toMatch(new RegExp(`^${name}(_bucket)?\\{`, 'm'));
  });

  it('fails the TLS handshake for a domain that is not verified, or was removed', async () => {
    const w = await makeWorkspace(app);
    const pending = `pending-${Date.now().toString(36)}.acme-example.com`;
    await app.request('POST', '/domains', { token: w.admin.token, tenantId: w.tenant.id, body: { domain: pending } });
    await expect(throughProxy(pending, '/api/public/site')).rejects.toThrow();
    await expect(throughProxy('nobody.example.org', '/')).rejects.toThrow();

    // Removed before the proxy was asked for it (certificate checks cannot reach it meanwhile): it gets no
    // certificate, however often it is asked for later.
    const proxyUrl = app.ctx.config.domains.proxyUrl;
    app.ctx.config.domains.proxyUrl = 'https://127.0.0.1:9';
    try {
      const removed = `removed-${Date.now().toString(36)}.acme-example.com`;
      await verifiedDomain(w, removed);
      const gone = await app.request('DELETE', `/domains?domain=${removed}`, {
        token: w.admin.token,
        tenantId: w.tenant.id,
      });
      expect(gone.status).toBe(204);
      await expect(throughProxy(removed, '/api/public/site')).rejects.toThrow();
    } finally {
      app.ctx.config.domains.proxyUrl = proxyUrl;
    }
  });

  it(
    'stops answering for a removed domain that had its certificate',
    async () => {
      const w = await makeWorkspace(app);
      const domain = `was-${Date.now().toString(36)}.acme-example.com`;
      const id = await verifiedDomain(w, domain);
      expect(await sslStatusOnceSettled(w.tenant.id, id)).toBe('ready');
      expect(JSON.parse((await throughProxy(domain, '/api/public/site')).body).site.tenant_id).toBe(w.tenant.id);
      await app.request('DELETE', `/domains?domain=${domain}`, { token: w.admin.token, tenantId: w.tenant.id });
      // Caddy keeps the certificate it has until it expires; the workspace is no longer behind it.
      expect(JSON.parse((await throughProxy(domain, '/api/public/site')).body).site).toMatchObject({
        kind: 'platform',
        tenant_id: null,
      });
      const ask = await fetch(`${app.url}/api/internal/tls-ask?domain=${domain}`);
      expect(ask.status).toBe(404);
    },
    CERTIFICATE_TEST_MS,
  );
});
