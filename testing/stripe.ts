import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A local HTTP server answering as Stripe's API does (its current version: periods on subscription
 * items, `start_date`, `trial_end`), for the calls Portico makes: customers, prices by lookup key,
 * Checkout and billing portal sessions, reading subscriptions and invoices back and updating a
 * subscription's items. stripe-node talks to it for real (STRIPE_API_URL): form-encoded bodies,
 * bearer key, JSON answers. The objects it builds are checked against stripe-node's types
 * (`satisfies DeepPartial<…>`). Tests play Stripe's side by completing a checkout, changing what
 * the server holds and sending signed events.
 */

/** Stripe's type with every field optional, at every depth: what the fake answers must fit. */
type DeepPartial<T> = T extends (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> | null }
    : T;

export const STRIPE_TEST_KEY = 'sk_test_portico_local';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_portico_local_secret';

/** The environment that points an app at this server: its key, its webhook secret and its address. */
export function stripeEnv(stripe: Pick<FakeStripe, 'url'>): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  };
}

export interface StripeRequest {
  method: string;
  path: string;
  /** The query string's parameters (GET calls carry theirs there). */
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The form body, keys as Stripe writes them (`line_items[0][quantity]`). */
  form: Record<string, string>;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface FakeStripe {
  url: string;
  requests: StripeRequest[];
  customers: Map<string, StripeObject>;
  sessions: Map<string, StripeObject & { form: Record<string, string> }>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  /** Stripe's side of a paid Checkout: the subscription it made, as `customer.subscription.created` would carry it. */
  completeCheckout: (sessionId: string) => StripeObject;
  /** Changes a subscription as Stripe would (a new status, quantity, cancel at period end, trial end). */
  updateSubscription: (
    id: string,
    change: { status?: string; quantity?: number; cancel_at_period_end?: boolean; trial_end?: number | null },
  ) => StripeObject;
  /** An invoice of a subscription, as Stripe keeps it. */
  putInvoice: (invoice: { subscription: string; status: string; amount_cents: number }) => StripeObject;
  /** A signed event as Stripe posts it: body and Stripe-Signature header. */
  event: (
    type: string,
    object: StripeObject,
    options?: { id?: string },
  ) => { id: string; body: string; signature: string };
  /** Any body with a valid Stripe-Signature, for events Stripe itself would not send. */
  sign: (body: string) => { body: string; signature: string };
  close: () => Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;
const PERIOD: Record<string, number> = { month: 30 * DAY, year: 365 * DAY };

/** `metadata[a]=1` style keys of one prefix, as an object. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(`${prefix}[`)) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const idempotent = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject & { form: Record<string, string> }>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const signer = new Stripe(STRIPE_TEST_KEY);
  const sign = (body: string) => ({
    body,
    signature: signer.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_TEST_WEBHOOK_SECRET }),
  });

  const answer = (status: number, body: unknown) => ({ status, body });
  const missing = (what: string, id: string) =>
    answer(404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
    });

  /** `items[i][id|price|quantity]` of a subscription update; a new interval starts a new period now, as Stripe does. */
  function changeItems(found: StripeObject, form: Record<string, string>): string | null {
    const items = (found.items as { data: Record<string, unknown>[] }).data;
    for (let i = 0; form[`items[${i}][id]`] !== undefined || form[`items[${i}][price]`] !== undefined; i++) {
      const item = items.find((candidate) => candidate.id === form[`items[${i}][id]`]);
      if (!item) return `No such subscription item: '${form[`items[${i}][id]`]}'`;
      const priceId = form[`items[${i}][price]`];
      if (priceId) {
        const price = prices.get(priceId);
        if (!price) return `No such price: '${priceId}'`;
        const interval = (price.recurring as { interval: string }).interval;
        if (interval !== (item.price as { recurring: { interval: string } }).recurring.interval) {
          const start = now();
          Object.assign(item, { current_period_start: start, current_period_end: start + PERIOD[interval]! });
        }
        item.price = price;
      }
      if (form[`items[${i}][quantity]`] !== undefined) item.quantity = Number(form[`items[${i}][quantity]`]);
    }
    // Stripe refuses one subscription charging on two cycles.
    const intervals = new Set(
      items.map((item) => (item.price as { recurring: { interval: string } }).recurring.interval),
    );
    return intervals.size > 1 ? 'All prices on a subscription must have the same recurring.interval.' : null;
  }

  function handle(request: StripeRequest): { status: number; body: unknown } {
    const { method, path, form } = request;
    const key = request.headers['idempotency-key'];
    if (method === 'POST' && path === '/v1/customers') {
      if (typeof key === 'string' && idempotent.has(key)) return answer(200, idempotent.get(key));
      const customer = {
        id: newId('cus'),
        object: 'customer',
        name: form.name,
        email: form.email ?? null,
        metadata: nested(form, 'metadata'),
      };
      customers.set(customer.id, customer);
      if (typeof key === 'string') idempotent.set(key, customer);
      return answer(200, customer);
    }
    if (method === 'GET' && path === '/v1/balance')
      return answer(200, {
        object: 'balance',
        livemode: false,
        available: [],
        pending: [],
      } satisfies DeepPartial<Stripe.Balance>);
    if (method === 'GET' && path === '/v1/prices') {
      const keys = Object.entries(request.query)
        .filter(([key]) => key.startsWith('lookup_keys['))
        .map(([, value]) => value);
      const data = [...prices.values()].filter(
        (price) => keys.includes(price.lookup_key as string) && (request.query.active !== 'true' || price.active),
      );
      return answer(200, { object: 'list', url: '/v1/prices', has_more: false, data });
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (typeof key === 'string' && idempotent.has(key)) return answer(200, idempotent.get(key));
      const lookupKey = form.lookup_key ?? null;
      const taken = [...prices.values()].find((price) => lookupKey && price.lookup_key === lookupKey);
      if (taken && form.transfer_lookup_key !== 'true')
        return answer(400, {
          error: { type: 'invalid_request_error', message: `A price (\`${taken.id}\`) already uses that lookup key.` },
        });
      if (taken) taken.lookup_key = null;
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: form.currency!,
        unit_amount: Number(form.unit_amount),
        lookup_key: lookupKey,
        product: newId('prod'),
        type: 'recurring',
        recurring: { interval: form['recurring[interval]'] as Stripe.Price.Recurring.Interval, interval_count: 1 },
        metadata: nested(form, 'metadata'),
      } satisfies DeepPartial<Stripe.Price>;
      prices.set(price.id, price);
      if (typeof key === 'string') idempotent.set(key, price);
      return answer(200, price);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!form.customer || !customers.has(form.customer)) return missing('customer', form.customer ?? '');
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        metadata: nested(form, 'metadata'),
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        status: 'open',
        subscription: null as string | null,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        form,
      };
      sessions.set(id, session);
      return answer(200, session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!form.customer || !customers.has(form.customer)) return missing('customer', form.customer ?? '');
      const id = newId('bps');
      return answer(200, {
        id,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    const checkout = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (checkout && method === 'GET') {
      const found = sessions.get(checkout[1]!);
      if (!found) return missing('checkout.session', checkout[1]!);
      // Stripe answers the session without the request it was made from.
      return answer(200, Object.fromEntries(Object.entries(found).filter(([key]) => key !== 'form')));
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscription) {
      const found = subscriptions.get(subscription[1]!);
      if (!found) return missing('subscription', subscription[1]!);
      if (method === 'DELETE') Object.assign(found, { status: 'canceled', ended_at: now(), canceled_at: now() });
      if (method === 'POST') {
        const refused = changeItems(found, form);
        if (refused) return answer(400, { error: { type: 'invalid_request_error', message: refused } });
        if (form.cancel_at_period_end !== undefined) found.cancel_at_period_end = form.cancel_at_period_end === 'true';
      }
      return answer(200, found);
    }
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (invoice && method === 'GET')
      return invoices.get(invoice[1]!) ? answer(200, invoices.get(invoice[1]!)) : missing('invoice', invoice[1]!);
    return answer(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
    });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const query = Object.fromEntries(url.searchParams);
      const request = { method: req.method ?? 'GET', path: url.pathname, query, headers: req.headers, form };
      requests.push(request);
      const { status, body } =
        req.headers.authorization === `Bearer ${STRIPE_TEST_KEY}`
          ? handle(request)
          : answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      res
        .writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') })
        .end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const subscriptionOf = (id: string) => {
    const found = subscriptions.get(id);
    if (!found) throw new Error(`no subscription ${id}`);
    return found;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    subscriptions,
    invoices,
    prices,
    completeCheckout: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const start = now();
      const trialDays = Number(session.form['subscription_data[trial_period_days]'] ?? 0);
      const trialEnd = trialDays > 0 ? start + trialDays * DAY : null;
      const lines = Object.keys(session.form).filter((key) => /^line_items\[\d+\]\[price\]$/.test(key)).length;
      const created = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer as string,
        status: trialEnd ? 'trialing' : 'active',
        start_date: start,
        trial_start: trialEnd ? start : null,
        trial_end: trialEnd,
        canceled_at: null,
        cancel_at_period_end: false,
        metadata: nested(session.form, 'subscription_data[metadata]'),
        items: {
          object: 'list',
          data: Array.from({ length: lines }, (_, i) => {
            const price = prices.get(session.form[`line_items[${i}][price]`]!);
            if (!price) throw new Error(`checkout ${sessionId} sells no price Stripe has`);
            const interval = (price.recurring as { interval: string }).interval;
            return {
              id: newId('si'),
              object: 'subscription_item',
              quantity: Number(session.form[`line_items[${i}][quantity]`] ?? 1),
              current_period_start: start,
              // A trial is the first period: Stripe charges when it ends.
              current_period_end: trialEnd ?? start + PERIOD[interval]!,
              price: price as DeepPartial<Stripe.Price>,
            };
          }),
        },
      } satisfies DeepPartial<Stripe.Subscription>;
      subscriptions.set(created.id, created);
      Object.assign(session, { status: 'complete', subscription: created.id });
      return created;
    },
    updateSubscription: (id, change) => {
      const found = subscriptionOf(id);
      const { quantity, ...rest } = change;
      Object.assign(found, rest);
      if (quantity !== undefined) Object.assign((found.items as { data: object[] }).data[0]!, { quantity });
      return found;
    },
    putInvoice: ({ subscription, status, amount_cents }) => {
      const sub = subscriptionOf(subscription);
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        customer: sub.customer as string,
        subscription,
        status,
        currency: 'usd',
        amount_due: amount_cents,
        amount_paid: status === 'paid' ? amount_cents : 0,
        created: now(),
        hosted_invoice_url: `https://invoice.stripe.test/i/${subscription}`,
      } satisfies DeepPartial<Stripe.Invoice> & { subscription: string };
      invoices.set(invoice.id, invoice);
      return invoice;
    },
    event: (type, object, options = {}) => {
      const id = options.id ?? newId('evt');
      const body = JSON.stringify({
        id,
        object: 'event',
        type,
        created: now(),
        api_version: '2025-01-01',
        data: { object },
      });
      return { id, ...sign(body) };
    },
    sign,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
