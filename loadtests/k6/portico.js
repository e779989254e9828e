// Portico's load scenarios for k6, against a running stack (compose's `loadtest` profile, CI).
// The scenarios and thresholds are loadtests/scenarios.json, which `npm run loadtest` also runs
// with autocannon on a machine without k6. Thresholds are k6's pass/fail: the run exits non-zero
// when one is missed.
//
// Environment: BASE_URL (the platform's address through the proxy, e.g. https://portal.example.com),
// SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD (setup makes a workspace through the console),
// SCENARIO (run one), WEBHOOK_URL (where the storm's webhooks point: compose's webhook-receiver,
// which the API must be allowed to reach, OUTBOUND_ALLOW_PRIVATE=true), INSECURE_TLS=true (Caddy's
// local CA).
import { check, fail } from 'k6';
import { randomBytes } from 'k6/crypto';
import http from 'k6/http';

const config = JSON.parse(open('../scenarios.json'));
const BASE = (__ENV.BASE_URL || fail('Set BASE_URL to the platform address, e.g. https://portal.example.com')).replace(
  /\/$/,
  '',
);
const selected = config.scenarios.filter((s) => !__ENV.SCENARIO || s.name === __ENV.SCENARIO);

const scenarios = {};
const thresholds = {};
let startAt = 0;
for (const s of selected) {
  scenarios[s.name] = {
    executor: 'constant-vus',
    vus: s.connections,
    duration: `${s.duration_s}s`,
    startTime: `${startAt}s`,
    exec: 'run',
    env: { SCENARIO_NAME: s.name },
  };
  startAt += s.duration_s + 2;
  thresholds[`http_req_duration{scenario:${s.name}}`] = [`p(95)<${s.thresholds.p95_ms}`];
  thresholds[`http_req_failed{scenario:${s.name}}`] = [`rate<${s.thresholds.max_error_rate}`];
}

export const options = {
  scenarios,
  thresholds,
  setupTimeout: '180s',
  insecureSkipTLSVerify: __ENV.INSECURE_TLS === 'true',
};

function call(method, path, { token, tenantId, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (tenantId) headers['x-tenant-id'] = tenantId;
  const res = http.request(method, `${BASE}${path}`, body === undefined ? null : JSON.stringify(body), { headers });
  if (res.status < 200 || res.status > 299) fail(`${method} ${path} answered ${res.status}: ${res.body}`);
  return res.body ? JSON.parse(res.body) : null;
}

function join(signupUrl, email, password) {
  const invite = /[?&]invite=([^&]+)/.exec(signupUrl)[1];
  call('POST', '/api/auth/signup', { body: { email, password, full_name: 'Load Tester' } });
  const { access_token } = call('POST', '/api/auth/login', { body: { email, password } });
  call('POST', '/api/public/invitations/accept', { token: access_token, body: { token: decodeURIComponent(invite) } });
  return access_token;
}

// The same steps as the Node runner's prepare(): a workspace through the console, its admin and
// members through invitations, a published form, webhooks.
export function setup() {
  const { setup: s } = config;
  const run = `${Date.now().toString(36)}`;
  const root = call('POST', '/api/auth/login', {
    body: { email: __ENV.SUPERADMIN_EMAIL, password: __ENV.SUPERADMIN_PASSWORD },
  });
  const adminEmail = `load-admin-${run}@example.test`;
  const invited = call('POST', '/api/super/invitations', {
    token: root.access_token,
    body: {
      tenant: { name: `Load Test ${run}`, tier: s.tier, seats_total: 10 },
      admin: { email: adminEmail },
      bypass_billing: true,
    },
  });
  const tenantId = invited.tenant_id;
  const admin = join(invited.signup_url, adminEmail, s.password);
  const members = [];
  let member = '';
  for (let i = 0; i < s.members; i++) {
    const email = `load-member-${run}-${i}@example.test`;
    const sent = call('POST', '/api/invite', { token: admin, tenantId, body: { email, role: 'role2' } });
    member = join(sent.signup_url, email, s.password);
    members.push(email);
  }
  const { form } = call('POST', '/api/forms', {
    token: admin,
    tenantId,
    body: Object.assign({}, s.form, { assigned_roles: ['role2'], status: 'published' }),
  });
  const webhookUrl = __ENV.WEBHOOK_URL || fail('Set WEBHOOK_URL to the webhook receiver (compose sets it).');
  for (let i = 0; i < s.webhooks; i++)
    call('POST', '/api/integrations/webhooks', {
      token: admin,
      tenantId,
      body: { url: `${webhookUrl}/hook-${i}`, events: 'forms', enabled: true },
    });
  return {
    tenantId,
    tokens: { admin, member },
    values: { formId: form.id, password: s.password },
    members,
  };
}

const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));

export function run(data) {
  const scenario = config.scenarios.find((s) => s.name === __ENV.SCENARIO_NAME);
  // Each sign-in in flight holds one of its address's attempts until answered
  // (LOGIN_MAX_FAILURES_PER_EMAIL), so each virtual user signs in as one of the members.
  const values = Object.assign({}, data.values, { memberEmail: data.members[(__VU - 1) % data.members.length] });
  const auth =
    scenario.actor === 'anonymous'
      ? {}
      : { authorization: `Bearer ${data.tokens[scenario.actor]}`, 'x-tenant-id': data.tenantId };
  for (const r of scenario.requests) {
    let res;
    if (r.upload) {
      const body = {
        assigned_roles: r.upload.assigned_roles,
        file: http.file(randomBytes(config.setup.upload_bytes), r.upload.name, 'application/pdf'),
      };
      res = http.request(r.method, `${BASE}${r.path}`, body, { headers: auth });
    } else {
      const body = r.body === undefined ? null : fill(JSON.stringify(r.body), values);
      const headers = Object.assign({}, auth, body === null ? {} : { 'content-type': 'application/json' });
      res = http.request(r.method, `${BASE}${fill(r.path, values)}`, body, { headers });
    }
    check(res, { [`${r.method} ${r.path} answered 2xx`]: (x) => x.status >= 200 && x.status < 300 });
  }
}
