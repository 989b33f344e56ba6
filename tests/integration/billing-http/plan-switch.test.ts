import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import { buyThroughCheckout } from './support/checkout-flow';
import { ADMIN, eventually, MEMBER, startBillingWorld, type BillingWorld } from './support/billing-world';

// Tomo offers no plan switch of its own: an admin switches an Entry plan to Premium in the Customer
// Portal (or the Stripe Dashboard), which replaces the subscription item's price and nothing else.
// Stripe then sends `customer.subscription.updated` (previous_attributes.items).

let w: BillingWorld;
let stripe: StripeFake;
beforeAll(async () => {
  w = await startBillingWorld();
  stripe = w.stripe!;
  stripe.deliverWebhooksTo(`${w.app.baseUrl}/api/stripe/webhook`);
});
afterAll(() => w.close());

type MembersView = { rows: { memberId: string }[] };

describe('a plan switched in the Customer Portal', () => {
  it('shows the new plan, and the Members page orders seat holders by the plan they hold now, not the one they were assigned on', async () => {
    const entry = await buyThroughCheckout(w.admin, stripe, { plan: 'entry', seats: 1 });
    const standard = await buyThroughCheckout(w.admin, stripe, { plan: 'standard', seats: 1 });
    await stripe.flushWebhooks();
    const row = async (externalId: string) => (await w.rows()).find((r) => r.externalId === externalId);
    const entryId = (await eventually(() => row(entry.subscriptionId), 'the Entry row')).id;
    const standardId = (await eventually(() => row(standard.subscriptionId), 'the Standard row')).id;

    // Max holds the Entry seat, Ada (assigned after him) the Standard one: Entry's holder is listed first.
    expect((await w.admin.send('PUT', `/api/settings/members/${MEMBER}/seat`, { subscriptionId: entryId })).status).toBe(200);
    expect((await w.admin.send('PUT', `/api/settings/members/${ADMIN}/seat`, { subscriptionId: standardId })).status).toBe(200);
    const order = async () => {
      const page = (await (await w.admin.get(`/api/settings/members?subscriptionId=${standardId}`)).json()) as MembersView;
      return page.rows.map((r) => r.memberId).filter((id) => id === ADMIN || id === MEMBER);
    };
    expect(await order()).toEqual([MEMBER, ADMIN]);

    // The portal switches the Entry subscription to Premium: the item's price, quantity untouched.
    const sdk = createStripeClient({ secretKey: 'sk_test_portal', apiUrl: stripe.url });
    const premium = (await sdk.prices.list({ lookup_keys: ['gpt50_8k_monthly'] })).data[0]!;
    const sub = await sdk.subscriptions.retrieve(entry.subscriptionId);
    const before = stripe.state.events.length;
    await sdk.subscriptions.update(entry.subscriptionId, { items: [{ id: sub.items.data[0]!.id, price: premium.id }], proration_behavior: 'create_prorations' });
    expect(stripe.state.events.slice(before).map((e) => e.type)).toEqual(['customer.subscription.updated']);
    await stripe.flushWebhooks();

    await eventually(async () => (await row(entry.subscriptionId))?.planKey === 'gpt50_8k', 'the row on Premium');
    expect(await row(entry.subscriptionId)).toMatchObject({ planKey: 'gpt50_8k', interval: 'monthly', quantity: 1, status: 'active' });
    // Max keeps his seat, now on Premium: listed after Ada's Standard seat (Entry before Premium).
    expect(await order()).toEqual([ADMIN, MEMBER]);
    const page = (await (await w.admin.get('/api/settings/subscription')).json()) as { current: { id: string; planKey: string }[] };
    expect(page.current.find((s) => s.id === entryId)?.planKey).toBe('gpt50_8k');
  });
});
