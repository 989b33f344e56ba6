import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import type { HttpSession } from '../settings/support/http-session';
import { startBillingWorld, type BillingWorld } from './support/billing-world';

/**
 * The pricing page's Subscribe and wallet forms and the Manage buttons post HTML forms. When
 * such a post is refused, the browser goes back to the page it came from with
 * `?billing_error=<catalogue code>` instead of landing on a JSON error; API callers keep JSON.
 */
let w: BillingWorld;
let off: BillingWorld;
let stripe: StripeFake;
beforeAll(async () => {
  [w, off] = await Promise.all([startBillingWorld({ worker: false }), startBillingWorld({ billing: false, worker: false })]);
  stripe = w.stripe!;
});
afterAll(() => Promise.all([w?.close(), off?.close()]));

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const FORM_PATHS = ['/api/create-checkout-session', '/api/create-setup-session', '/api/create-portal-session'];

/** What Chromium sends for `<form method="post">`: urlencoded fields, HTML accepted. */
function formPost(
  who: HttpSession | string,
  path: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const init = {
    method: 'POST',
    redirect: 'manual' as const,
    // A browser sends the form's Origin (the test's own, unless a case names another).
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT, origin: typeof who === 'string' ? who : who.baseUrl, ...headers },
    body: new URLSearchParams(fields).toString(),
  };
  return typeof who === 'string' ? fetch(`${who}${path}`, init) : who.request(path, init);
}

const location = (response: Response) => response.headers.get('location');

describe('a refused browser form post goes back to its page with the reason', () => {
  it('signed out: back to the (Japanese) pricing page, which then asks to sign in', async () => {
    const response = await formPost(w.app.baseUrl, '/api/create-checkout-session', { plan: 'gpt50', seats: '1', returnTo: '/ja/pricing' });

    expect(response.status).toBe(303);
    expect(location(response)).toBe('/ja/pricing?billing_error=AUTH.TEAM_ID_MISSING');
  });

  it.each(FORM_PATHS)('a member who is not an admin: %s → /pricing?billing_error=PERMISSION.ADMIN_REQUIRED, Stripe untouched', async (path) => {
    const calls = stripe.calls.length;
    const response = await formPost(w.member, path, { plan: 'gpt50', seats: '1' });

    expect(response.status).toBe(303);
    expect(location(response)).toBe('/pricing?billing_error=PERMISSION.ADMIN_REQUIRED');
    expect(stripe.calls.length).toBe(calls);
  });

  it('Stripe unreachable on Manage: back to the Subscription page with the outage message code, no portal opened', async () => {
    const portals = stripe.state.portalSessions.size;
    // The SDK tries three times (two retries).
    stripe.failNext(3, { path: '/v1/billing_portal/sessions' });
    const response = await formPost(w.admin, '/api/create-portal-session', { returnTo: '/ja/settings/subscription' });

    expect(response.status).toBe(303);
    expect(location(response)).toBe('/ja/settings/subscription?billing_error=BILLING.PROVIDER_UNAVAILABLE');
    expect(stripe.state.portalSessions.size).toBe(portals);
  });

  it('a bad seat count comes back as its catalogue code', async () => {
    const response = await formPost(w.admin, '/api/create-checkout-session', { plan: 'gpt50', seats: '0', returnTo: '/pricing' });

    expect(location(response)).toBe('/pricing?billing_error=SEATS.INVALID_QUANTITY');
  });

  it('billing not configured: back to pricing with BILLING.NOT_CONFIGURED', async () => {
    const response = await formPost(off.admin, '/api/create-setup-session', { returnTo: '/ja/pricing' });

    expect(response.status).toBe(303);
    expect(location(response)).toBe('/ja/pricing?billing_error=BILLING.NOT_CONFIGURED');
  });

  it.each(['//evil.example/pricing', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', 'pricing'])(
    'returnTo %s is not a path on this site: back to /pricing instead',
    async (returnTo) => {
      const response = await formPost(w.member, '/api/create-portal-session', { returnTo });

      expect(location(response)).toBe('/pricing?billing_error=PERMISSION.ADMIN_REQUIRED');
    },
  );

  it('keeps the rest of returnTo and replaces an earlier billing_error', async () => {
    const response = await formPost(w.member, '/api/create-portal-session', { returnTo: '/pricing?billing_error=UNKNOWN&x=1#plans' });

    expect(location(response)).toBe('/pricing?billing_error=PERMISSION.ADMIN_REQUIRED&x=1#plans');
  });

  it('a post from another site is refused without calling Stripe and without a JSON page, and the page is told why (CROSS_SITE)', async () => {
    const calls = stripe.calls.length;
    const response = await formPost(w.admin, '/api/create-portal-session', {}, { origin: 'https://evil.example' });

    expect(response.status).toBe(303);
    expect(location(response)).toBe('/pricing?billing_error=CROSS_SITE');
    expect(stripe.calls.length).toBe(calls);
  });
});

describe('API callers keep JSON errors', () => {
  it('a JSON call and a form post that does not accept HTML get the JSON error', async () => {
    const json = await w.member.send('POST', '/api/create-portal-session', {});
    const script = await formPost(w.member, '/api/create-portal-session', {}, { accept: 'application/json' });

    for (const response of [json, script]) {
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PERMISSION.ADMIN_REQUIRED');
    }
  });

  it('an admin\'s form post still goes (303) to the hosted page', async () => {
    const response = await formPost(w.admin, '/api/create-checkout-session', { plan: 'gpt50', seats: '1', returnTo: '/pricing' });

    expect(response.status).toBe(303);
    expect(location(response)).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
  });
});
