import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../adapters/payment/stripe';
import type { App } from '../app';
import { addMonths } from '../lib/time';

export const FAKE_STRIPE_KEY = 'sk_test_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake';

type StripeObject = Record<string, unknown> & { id: string };
type Form = Record<string, unknown>;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=1` form fields, as the SDK sends them, into nested objects and arrays. */
export function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head, ...rest] = key.split('[').map((part) => part.replace(/\]$/, ''));
    const path = [head!, ...rest];
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value).map(([key, child]) => [key, arrays(child)] as const);
    return entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))
      ? entries.map(([, child]) => child)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Form;
}

function periodEnd(startSeconds: number, recurring: { interval: string; interval_count?: string }) {
  const months = Number(recurring.interval_count ?? 1) * (recurring.interval === 'year' ? 12 : 1);
  return Math.floor(addMonths(startSeconds * 1000, months) / 1000);
}

/**
 * An in-process Stripe API on node:http, for tests: only the calls the server makes (customers,
 * checkout sessions, subscriptions, invoices, and the products and prices plans are kept in step
 * with), state in memory, and methods for what a member or Stripe would do meanwhile (pay a
 * session, renew, fail a renewal, cancel). The SDK talks to it through its own host/port/protocol
 * options, so requests, idempotency keys and errors are real.
 */
export class FakeStripe {
  readonly customers = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly products = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  /** Every request the fake answered: method, path and idempotency key. */
  readonly requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }> = [];
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  /** Requests still to answer with a server error, by path prefix (Stripe having trouble). */
  private readonly outages = new Map<string, { left: number; processed: boolean }>();
  private readonly server = createServer((request, response) => void this.serve(request, response));
  private readonly signer = new Stripe(FAKE_STRIPE_KEY);

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** What the server's config needs to use this fake. */
  get env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_URL: this.url,
    };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The member pays on Stripe's page: a subscription starts and its first invoice is paid. */
  payCheckout(sessionId: string): { subscriptionId: string; invoiceId: string } {
    const session = this.sessions.get(sessionId)!;
    const form = session._form as Form;
    const item = (form.line_items as Form[])[0]!;
    const priceData = item.price_data as { unit_amount: string; recurring: { interval: string } };
    const start = nowSeconds();
    const subscription: StripeObject = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      start_date: start,
      metadata: (form.subscription_data as { metadata?: Form } | undefined)?.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: periodEnd(start, priceData.recurring),
            price: { unit_amount: Number(priceData.unit_amount), recurring: priceData.recurring },
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.invoice(subscription, 'subscription_create', true);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      invoice: invoice.id,
    });
    return { subscriptionId: subscription.id, invoiceId: invoice.id };
  }

  /** The next period starts and its invoice is paid (or, with `paid: false`, fails and leaves it past due). */
  renew(subscriptionId: string, { paid }: { paid: boolean } = { paid: true }): string {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const item = this.itemOf(subscription);
    const start = item.current_period_end as number;
    const recurring = (item.price as { recurring: { interval: string } }).recurring;
    Object.assign(item, { current_period_start: start, current_period_end: periodEnd(start, recurring) });
    subscription.status = paid ? 'active' : 'past_due';
    return this.invoice(subscription, 'subscription_cycle', paid).id;
  }

  /** Stripe gives up on the subscription (retries exhausted, or cancelled in the dashboard). */
  endSubscription(subscriptionId: string): void {
    Object.assign(this.subscriptions.get(subscriptionId)!, { status: 'canceled', ended_at: nowSeconds() });
  }

  /** The operator deletes a customer in the dashboard; Stripe then shows only its id. */
  deleteCustomer(customerId: string): void {
    this.customers.set(customerId, { id: customerId, object: 'customer', deleted: true });
  }

  /**
   * The next `count` requests whose path starts with `pathPrefix` get a 500 that is not retried;
   * with `processed`, the request is carried out first and only its answer is lost.
   */
  failNext(pathPrefix: string, count = 1, { processed = false } = {}): void {
    this.outages.set(pathPrefix, { left: count, processed });
  }

  expireCheckout(sessionId: string): void {
    Object.assign(this.sessions.get(sessionId)!, { status: 'expired' });
  }

  /** An event about an object as it is now, as Stripe would send it. */
  event(type: string, objectId: string): string {
    const object =
      this.sessions.get(objectId) ?? this.subscriptions.get(objectId) ?? this.invoices.get(objectId);
    if (!object) throw new Error(`no object ${objectId}`);
    return JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: this.view(object) },
    });
  }

  /** The Stripe-Signature header of a payload, signed with the webhook secret. */
  sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    return this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? FAKE_WEBHOOK_SECRET,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
  }

  private itemOf(subscription: StripeObject): Record<string, unknown> {
    return (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
  }

  private invoice(subscription: StripeObject, reason: string, paid: boolean): StripeObject {
    const item = this.itemOf(subscription);
    const amount = (item.price as { unit_amount: number }).unit_amount;
    const invoice: StripeObject = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      billing_reason: reason,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      status_transitions: { paid_at: paid ? nowSeconds() : null },
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** An object as the API shows it (without the fake's own bookkeeping). */
  private view(object: StripeObject): StripeObject {
    return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('_'))) as StripeObject;
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path, idempotencyKey });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const outage = [...this.outages].find(([prefix, { left }]) => left > 0 && path.startsWith(prefix));
    if (outage) this.outages.set(outage[0], { ...outage[1], left: outage[1].left - 1 });
    const fail = () => {
      response.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
      response.end(
        JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on our end.' } }),
      );
    };
    if (outage && !outage[1].processed) return fail();
    const replay = idempotencyKey ? this.idempotent.get(`${method} ${path} ${idempotencyKey}`) : undefined;
    if (replay) return send(replay.status, replay.body);
    let answer: [number, unknown];
    try {
      const query = new URL(request.url ?? '/', 'http://fake').search.slice(1);
      const form = parseStripeForm(method === 'GET' ? query : Buffer.concat(chunks).toString());
      answer = this.route(method, path, form);
    } catch (error) {
      answer = [400, { error: { type: 'invalid_request_error', message: String(error) } }];
    }
    const [status, body] = answer;
    if (idempotencyKey && method === 'POST') {
      this.idempotent.set(`${method} ${path} ${idempotencyKey}`, { status, body });
    }
    if (outage) return fail();
    send(status, body);
  }

  private route(method: string, path: string, form: Form): [number, unknown] {
    const missing = (): [number, unknown] => [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such object: ${path}`,
        },
      },
    ];
    const found = (map: Map<string, StripeObject>, id: string | undefined): [number, unknown] => {
      const object = id ? map.get(id) : undefined;
      return object ? [200, this.view(object)] : missing();
    };
    const [, version, resource, ...rest] = path.split('/');
    if (version !== 'v1') return missing();
    if (resource === 'customers' && method === 'POST' && rest.length === 0) {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: form.email,
        metadata: form.metadata ?? {},
      };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (resource === 'customers' && method === 'GET') return found(this.customers, rest[0]);
    if (resource === 'checkout' && rest[0] === 'sessions') {
      if (method === 'POST' && rest.length === 1) return [200, this.view(this.createSession(form))];
      if (method === 'GET') return found(this.sessions, rest[1]);
    }
    if (resource === 'subscriptions') {
      const subscription = this.subscriptions.get(rest[0] ?? '');
      if (method === 'POST' && subscription) {
        if (form.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
        }
        return [200, this.view(subscription)];
      }
      if (method === 'GET') return found(this.subscriptions, rest[0]);
    }
    if (resource === 'invoices' && method === 'GET') return found(this.invoices, rest[0]);
    if (resource === 'products') {
      if (method === 'POST' && rest.length === 0) return [200, this.view(this.createProduct(form))];
      const product = this.products.get(rest[0] ?? '');
      if (method === 'POST' && product) {
        if (form.name !== undefined) product.name = form.name;
        if (form.description !== undefined)
          product.description = form.description === '' ? null : form.description;
        if (form.active !== undefined) product.active = form.active === 'true';
        product.updated = nowSeconds();
        return [200, this.view(product)];
      }
      if (method === 'GET') return found(this.products, rest[0]);
    }
    if (resource === 'prices') {
      if (method === 'POST' && rest.length === 0) return this.createPrice(form);
      const price = this.prices.get(rest[0] ?? '');
      if (method === 'POST' && price) {
        if (form.active !== undefined) price.active = form.active === 'true';
        return [200, this.view(price)];
      }
      if (method === 'GET' && rest.length === 0) {
        const keys = (form.lookup_keys as string[] | undefined) ?? [];
        const data = [...this.prices.values()]
          .filter((item) => keys.length === 0 || keys.includes(item.lookup_key as string))
          .filter((item) => form.active === undefined || item.active === (form.active === 'true'))
          .map((item) => this.view(item));
        return [200, { object: 'list', data, has_more: false, url: '/v1/prices' }];
      }
      if (method === 'GET') return found(this.prices, rest[0]);
    }
    return missing();
  }

  private createProduct(form: Form): StripeObject {
    if (typeof form.name !== 'string' || form.name === '') throw new Error('Missing required param: name.');
    const product: StripeObject = {
      id: newId('prod'),
      object: 'product',
      active: form.active === undefined ? true : form.active === 'true',
      name: form.name,
      description: form.description ?? null,
      metadata: form.metadata ?? {},
      default_price: null,
      livemode: false,
      created: nowSeconds(),
      updated: nowSeconds(),
    };
    this.products.set(product.id, product);
    return product;
  }

  /** A recurring price; a lookup key another price holds is refused unless `transfer_lookup_key` moves it. */
  private createPrice(form: Form): [number, unknown] {
    const invalid = (message: string, param: string): [number, unknown] => [
      400,
      { error: { type: 'invalid_request_error', message, param } },
    ];
    if (!this.products.has(form.product as string)) {
      return invalid(`No such product: '${String(form.product)}'`, 'product');
    }
    const unitAmount = Number(form.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 0 || unitAmount > 99_999_999) {
      return invalid('Invalid integer: unit_amount', 'unit_amount');
    }
    const recurring = form.recurring as { interval?: string; interval_count?: string } | undefined;
    const lookupKey = (form.lookup_key as string | undefined) ?? null;
    const holder = lookupKey
      ? [...this.prices.values()].find((price) => price.lookup_key === lookupKey)
      : undefined;
    if (holder && form.transfer_lookup_key !== 'true') {
      return invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
    }
    if (holder) holder.lookup_key = null;
    const price: StripeObject = {
      id: newId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      currency: form.currency,
      product: form.product,
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
      type: recurring ? 'recurring' : 'one_time',
      recurring: recurring
        ? {
            interval: recurring.interval,
            interval_count: Number(recurring.interval_count ?? 1),
            usage_type: 'licensed',
            meter: null,
          }
        : null,
      lookup_key: lookupKey,
      metadata: form.metadata ?? {},
      livemode: false,
      created: nowSeconds(),
    };
    this.prices.set(price.id, price);
    return [200, this.view(price)];
  }

  private createSession(form: Form): StripeObject {
    if (!this.customers.has(form.customer as string)) throw new Error('unknown customer');
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const items = form.line_items as Array<{ price_data: { unit_amount: string; currency: string } }>;
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: form.mode,
      customer: form.customer,
      client_reference_id: form.client_reference_id ?? null,
      metadata: form.metadata ?? {},
      amount_total: Number(items[0]!.price_data.unit_amount),
      currency: items[0]!.price_data.currency,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      invoice: null,
      success_url: String(form.success_url).replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: form.cancel_url,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      expires_at: nowSeconds() + 24 * 3600,
      _form: form,
    };
    this.sessions.set(id, session);
    return session;
  }
}

/** Posts a signed webhook delivery to the app, as Stripe does. */
export async function deliverWebhook(app: App, payload: string, signature: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

/** Opens a checkout for a plan at the server's own total, as the web app does. */
export async function openCheckout(
  app: App,
  auth: Record<string, string>,
  planId: number,
): Promise<{ redirect_url: string; session_id: string }> {
  const details = await app.inject({
    method: 'POST',
    url: `/api/v1/user/get-payment-details?plan_id=${planId}`,
    headers: auth,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user/process-payment',
    headers: auth,
    payload: { plan_id: planId, payment_method: 'stripe', price: details.json().data.total },
  });
  if (res.statusCode !== 200) throw new Error(`process-payment failed: ${res.body}`);
  return res.json().data;
}
