import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgCustomerRepository } from '../../../adapters/postgres/pg-customer-repository';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import { HttpSession } from '../settings/support/http-session';
import { ADMIN, startBillingWorld, TEAM, type BillingWorld } from './support/billing-world';

let w: BillingWorld;
let stripe: StripeFake;
let jaAdmin: HttpSession;
beforeAll(async () => {
  w = await startBillingWorld({ worker: false });
  stripe = w.stripe!;
  jaAdmin = new HttpSession(w.app.baseUrl, 'ja');
  await jaAdmin.signIn(w.slack, { teamId: TEAM, userId: ADMIN });
});
afterAll(() => w.close());

/** The Checkout Session Stripe received, with prices named by lookup key. */
function sessionAtStripe(id: string) {
  const session = stripe.state.checkoutSessions.get(id);
  if (!session) throw new Error(`Stripe has no checkout session ${id}`);
  return {
    ...session,
    lineItems: session.line_items.map((l) => ({ price: stripe.state.prices.get(l.price)?.lookup_key, quantity: l.quantity })),
  };
}

describe('POST /api/create-checkout-session (admin)', () => {
  it.each([
    [{ plan: 'gpt50_4k_50r', interval: 'monthly', mode: 'fixed_rate', seats: 3 }, 'gpt50_4k_50r_monthly', 3, 'monthly'],
    [{ plan: 'standard', interval: 'yearly', mode: 'fixed_rate', seats: 12 }, 'gpt50_yearly', 12, 'yearly'],
    [{ plan: 'gpt50_8k', interval: 'monthly', mode: 'pay_as_you_go', seats: 4 }, 'gpt50_8k_per_response', null, 'monthly'],
    // Pay-as-you-go is billed monthly whatever interval is asked for.
    [{ plan: 'premium', interval: 'yearly', mode: 'pay_as_you_go', seats: 2 }, 'gpt50_8k_per_response', null, 'monthly'],
  ] as const)('%o → Stripe checkout for %s', async (body, lookupKey, quantity, interval) => {
    const response = await w.admin.send('POST', '/api/create-checkout-session', body);

    expect(response.status).toBe(200);
    const { id, url } = (await response.json()) as { id: string; url: string };
    expect(url).toBe(`${stripe.url}/checkout/${id}`);
    const session = sessionAtStripe(id);
    const customer = await new PgCustomerRepository(w.app.database.orm).find(TEAM);
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customer?.externalCustomerId,
      client_reference_id: TEAM,
      lineItems: [{ price: lookupKey, quantity }],
      allowed_payment_method_types: ['card', 'alipay'],
      success_url: `${w.app.config.PUBLIC_URL}/pricing?checkout=success`,
      cancel_url: `${w.app.config.PUBLIC_URL}/pricing?checkout=cancel`,
    });
    expect(session.subscription_data.metadata).toEqual({
      team_id: TEAM,
      plan_key: lookupKey.replace(/_(monthly|yearly|per_response)$/, ''),
      billing_mode: body.mode,
      interval,
      seats: String(body.seats),
    });
  });

  it('keeps one Stripe customer for the workspace, named after it', async () => {
    const customers = [...stripe.state.customers.values()].filter((c) => c.metadata.team_id === TEAM);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ name: 'Billing Co', email: 'ada@billing.test' });
  });

  it('a plain HTML form post is redirected (303) to the hosted checkout page', async () => {
    const response = await w.admin.request('/api/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'plan=gpt50&interval=monthly&mode=fixed_rate&seats=2',
    });

    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const id = location.split('/').pop()!;
    expect(sessionAtStripe(id).lineItems).toEqual([{ price: 'gpt50_monthly', quantity: 2 }]);
  });

  it('refuses seat counts that are not whole numbers of at least one, and unknown plans, before calling Stripe', async () => {
    const calls = stripe.calls.length;
    for (const seats of [0, -1, 2.5, 'many']) {
      const response = await w.admin.send('POST', '/api/create-checkout-session', { plan: 'gpt50', seats });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'SEATS.INVALID_QUANTITY', message: 'The number of seats must be a whole number of at least 1.', field: 'seats' },
      });
    }
    const unknown = await w.admin.send('POST', '/api/create-checkout-session', { plan: 'free', seats: 1 });
    expect(unknown.status).toBe(400);
    const badMode = await w.admin.send('POST', '/api/create-checkout-session', { plan: 'gpt50', mode: 'lifetime', seats: 1 });
    expect(badMode.status).toBe(400);
    expect(stripe.calls.length).toBe(calls);
  });

  it.each([
    ['en', {}, 'SUBSCRIPTION.NOT_FOUND', 'plan', 'The subscription was not found.'],
    ['ja', {}, 'SUBSCRIPTION.NOT_FOUND', 'plan', 'サブスクリプションが見つかりません。'],
    ['en', { plan: 'free' }, 'SUBSCRIPTION.NOT_FOUND', 'plan', 'The subscription was not found.'],
    ['en', { plan: 'gpt50', interval: 'weekly' }, 'BILLING.INVALID_OPTION', 'interval', 'Choose monthly or yearly billing, and either a fixed rate per user or pay-as-you-go.'],
    ['ja', { plan: 'gpt50', interval: 'weekly' }, 'BILLING.INVALID_OPTION', 'interval', '支払い間隔は月払いまたは年払い、料金はユーザーごとの定額または従量課金から選んでください。'],
    ['en', { plan: 'gpt50', mode: 'lifetime' }, 'BILLING.INVALID_OPTION', 'mode', 'Choose monthly or yearly billing, and either a fixed rate per user or pay-as-you-go.'],
    ['ja', { plan: 'gpt50', mode: 'lifetime' }, 'BILLING.INVALID_OPTION', 'mode', '支払い間隔は月払いまたは年払い、料金はユーザーごとの定額または従量課金から選んでください。'],
  ] as const)('%s: %j answers 400 with the catalogue text of %s', async (locale, body, code, field, message) => {
    const admin = locale === 'en' ? w.admin : jaAdmin;
    const calls = stripe.calls.length;
    const response = await admin.send('POST', '/api/create-checkout-session', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code, message, field } });
    expect(stripe.calls.length).toBe(calls);
  });
});

describe('wallet setup and the customer portal', () => {
  it('wallet setup saves a payment method without buying, and returns to ?setup=success', async () => {
    const response = await w.admin.send('POST', '/api/create-setup-session', {});

    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(sessionAtStripe(id)).toMatchObject({
      mode: 'setup',
      lineItems: [],
      allowed_payment_method_types: ['card', 'alipay'],
      success_url: `${w.app.config.PUBLIC_URL}/pricing?setup=success`,
      cancel_url: `${w.app.config.PUBLIC_URL}/pricing?setup=cancel`,
    });
  });

  it('the menu\'s Customer Portal form post lands (303) on the portal of the signed-in workspace', async () => {
    const response = await w.admin.request('/api/create-portal-session', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });

    expect(response.status).toBe(303);
    const portal = [...stripe.state.portalSessions.values()].at(-1)!;
    expect(response.headers.get('location')).toBe(`${stripe.url}/portal/${portal.id}`);
    const customer = await new PgCustomerRepository(w.app.database.orm).find(TEAM);
    expect(portal).toMatchObject({ customer: customer?.externalCustomerId, return_url: `${w.app.config.PUBLIC_URL}/pricing` });
  });
});

describe('who may use the billing endpoints', () => {
  const adminOnly: [string, string, unknown][] = [
    ['POST', '/api/create-checkout-session', { plan: 'gpt50', seats: 1 }],
    ['POST', '/api/create-setup-session', {}],
    ['POST', '/api/create-portal-session', {}],
    ['GET', '/api/billing/subscriptions/any/seats/preview?quantity=2', undefined],
    ['POST', '/api/billing/subscriptions/any/seats', { quantity: 2 }],
    ['POST', '/api/billing/subscriptions/any/auto-renew', { autoRenew: false }],
  ];

  it.each(adminOnly)('a member who is not a Slack admin gets 403 from %s %s, and Stripe is not called', async (method, path, body) => {
    const calls = stripe.calls.length;
    const response = await w.member.send(method, path, body);

    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PERMISSION.ADMIN_REQUIRED');
    expect(stripe.calls.length).toBe(calls);
  });

  it('signed out: 401 with the sign-in message', async () => {
    const response = await fetch(`${w.app.baseUrl}/api/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: w.app.baseUrl },
      body: JSON.stringify({ plan: 'gpt50', seats: 1 }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Your Slack workspace ID is not set. You need to sign in first.',
    );
  });

  it('a post from another site, or one naming another workspace, is refused', async () => {
    const crossSite = await w.admin.request('/api/create-portal-session', { method: 'POST', headers: { origin: 'https://evil.example' } });
    const otherTeam = await w.admin.send('POST', '/api/create-checkout-session', { plan: 'gpt50', seats: 1, teamId: 'T0SOMEONE' });

    expect(crossSite.status).toBe(403);
    expect(otherTeam.status).toBe(403);
  });
});

describe('GET /api/stripe/get-a-product', () => {
  it('answers the plan\'s Stripe product and its live prices, for anyone', async () => {
    const response = await fetch(`${w.app.baseUrl}/api/stripe/get-a-product?plan=premium`);

    expect(response.status).toBe(200);
    const body = (await response.json()) as { product: Record<string, unknown>; prices: Record<string, unknown>[] };
    expect(body.product).toMatchObject({ id: 'tomo_gpt50_8k', stripeProductId: 'tomo_gpt50_8k', name: 'Tomo Premium', active: true, tokenLimit: 8192 });
    expect(body.prices.map((p) => [p.priceId, p.billingMode, p.interval, p.unitAmountCents, p.unit])).toEqual([
      ['gpt50_8k_monthly', 'fixed_rate', 'monthly', 3200, 'user'],
      ['gpt50_8k_per_response', 'pay_as_you_go', 'monthly', 64, 'response'],
      ['gpt50_8k_yearly', 'fixed_rate', 'yearly', 32000, 'user'],
    ]);
    expect((await fetch(`${w.app.baseUrl}/api/stripe/get-a-product?plan=free`)).status).toBe(400);
  });

  it('asks Stripe once for however many visitors ask at once and after, so nobody spends the account\'s Stripe rate limit through it', async () => {
    // Public and unsigned: each request was a product and a price read at Stripe, whose rate
    // limit checkout, the portal, seat changes and the webhook jobs share.
    const productReads = () => stripe.callsTo('GET', '/v1/products/tomo_gpt50_4k_50r').length;
    const before = productReads();
    const ask = () => fetch(`${w.app.baseUrl}/api/stripe/get-a-product?plan=entry`);
    const together = await Promise.all(Array.from({ length: 40 }, ask));
    const after: Response[] = [];
    for (let i = 0; i < 20; i += 1) after.push(await ask());

    const bodies = await Promise.all([...together, ...after].map(async (r) => [r.status, await r.text()] as const));
    expect(new Set(bodies.map(([status]) => status))).toEqual(new Set([200]));
    expect(new Set(bodies.map(([, body]) => body)).size).toBe(1);
    expect(JSON.parse(bodies[0]![1]).product).toMatchObject({ stripeProductId: 'tomo_gpt50_4k_50r', name: 'Tomo Entry' });
    expect(productReads() - before).toBe(1);
  });

  it('asks again after a read Stripe failed, instead of keeping the failure', async () => {
    stripe.failNext(3, { method: 'GET', path: '/v1/products/tomo_gpt50' });
    const failed = await fetch(`${w.app.baseUrl}/api/stripe/get-a-product?plan=standard`);
    expect(failed.status).toBe(502);
    const retried = await fetch(`${w.app.baseUrl}/api/stripe/get-a-product?plan=standard`);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { product: { name: string } }).product.name).toBe('Tomo Standard');
  });
});
