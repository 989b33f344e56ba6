import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '../../../core/billing/subscription';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import { HttpSession } from '../settings/support/http-session';
import { installTomo } from '../settings/support/slack-world';
import { buyThroughCheckout } from './support/checkout-flow';
import { eventually, startBillingWorld, type BillingWorld } from './support/billing-world';

/**
 * An admin of another workspace who knows (or guesses) a paid plan's id tries every change of
 * /api/billing/subscriptions/:subscriptionId/* on it: nothing is previewed, changed or paid at
 * Stripe, and the owner's plan is as it was. (tests/integration/settings/cross-team.test.ts
 * covers the settings pages; these routes take the plan's id from the path.)
 */
const OTHER_TEAM = 'T0BILLOTH1';
const OTHER_ADMIN = 'U0OTHADM1';

let w: BillingWorld;
let stripe: StripeFake;
let owned: SubscriptionRecord;
let stripeId: string;
let intruder: HttpSession;

beforeAll(async () => {
  w = await startBillingWorld({ worker: true });
  stripe = w.stripe!;
  stripe.deliverWebhooksTo(`${w.app.baseUrl}/api/stripe/webhook`);
  stripeId = (await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', interval: 'monthly', seats: 3 })).subscriptionId;
  owned = await eventually(async () => (await w.rows()).find((r) => r.externalId === stripeId), 'the bought subscription');
  const other = w.slack.addTeam({ id: OTHER_TEAM, name: 'Other Co' });
  w.slack.addUser({ id: OTHER_ADMIN, teamId: OTHER_TEAM, name: 'olga', realName: 'Olga Other', email: 'olga@other.test', isAdmin: true });
  await installTomo(w.app, other);
  intruder = new HttpSession(w.app.baseUrl);
  await intruder.signIn(w.slack, { teamId: OTHER_TEAM, userId: OTHER_ADMIN });
});

afterAll(async () => {
  stripe?.deliverWebhooksTo(null);
  await w?.close();
});

describe("another workspace's admin naming a plan's id", () => {
  it('previews, changes, resumes and pays nothing of it', async () => {
    const base = `/api/billing/subscriptions/${encodeURIComponent(owned.id)}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', `${base}/seats/preview?quantity=1`],
      ['POST', `${base}/seats`, { quantity: 1 }],
      ['POST', `${base}/auto-renew`, { autoRenew: false }],
      ['POST', `${base}/resume`, {}],
      ['POST', `${base}/pay-invoice`, {}],
    ];
    for (const [method, path, body] of attempts) {
      const response = method === 'GET' ? await intruder.get(path) : await intruder.send(method, path, body);
      const text = await response.text();
      expect(response.status, `${method} ${path} → ${text.slice(0, 200)}`).toBe(404);
      expect(text, path).not.toContain(stripeId);
    }

    // At Stripe and in Tomo, the owner's plan is as bought.
    const atStripe = stripe.state.subscription(stripeId);
    expect(atStripe.items[0]?.quantity).toBe(3);
    expect(atStripe.cancel_at_period_end).toBe(false);
    const row = (await w.rows()).find((r) => r.id === owned.id)!;
    expect(row).toMatchObject({ quantity: 3, status: owned.status, cancelAtPeriodEnd: false });
    // The owner still manages it.
    expect((await w.admin.get(`${base}/seats/preview?quantity=2`)).status).toBe(200);
  });
});
