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

  it('monthly → yearly: Stripe bills the new year from the day of the switch, so the renewal date Tomo shows is a year after the switch, not after the old month', async () => {
    const webhook = `${w.app.baseUrl}/api/stripe/webhook`;
    // Bought ten days ago (the events delivered now: Stripe signs each delivery when it sends it).
    stripe.deliverWebhooksTo(null);
    stripe.setNow(() => new Date(Date.now() - 10 * 86_400_000));
    let bought: Awaited<ReturnType<typeof buyThroughCheckout>>;
    try {
      bought = await buyThroughCheckout(w.admin, stripe, { plan: 'standard', interval: 'monthly', seats: 2 });
    } finally {
      stripe.setNow(() => new Date());
      stripe.deliverWebhooksTo(webhook);
    }
    for (const event of bought.events) expect(await stripe.deliver(event, webhook)).toBe(200);
    const row = async () => (await w.rows()).find((r) => r.externalId === bought.subscriptionId);
    const id = (await eventually(() => row(), 'the monthly row')).id;
    const monthlyEnd = (await row())!.currentPeriodEnd;

    // The portal (or the Dashboard) switches the item to the yearly price of the same plan.
    const sdk = createStripeClient({ secretKey: 'sk_test_portal', apiUrl: stripe.url });
    const [monthly, yearly] = await Promise.all(
      ['gpt50_monthly', 'gpt50_yearly'].map(async (key) => (await sdk.prices.list({ lookup_keys: [key] })).data[0]!),
    );
    const item = (await sdk.subscriptions.retrieve(bought.subscriptionId)).items.data[0]!;
    const switched = await sdk.subscriptions.update(bought.subscriptionId, { items: [{ id: item.id, price: yearly!.id }], proration_behavior: 'create_prorations' });
    const period = switched.items.data[0]!;
    expect(switched.billing_cycle_anchor).toBe(period.current_period_start);
    const yearLater = new Date(period.current_period_start * 1000);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(period.current_period_end).toBe(yearLater.getTime() / 1000);
    // Charged at once: the year for 2 seats, less the unused twenty days of the month paid for.
    const invoice = stripe.invoicesOf(bought.subscriptionId).at(-1) as { billing_reason: string; status: string; amount_due: number; lines: { data: { amount: number; price?: string }[] } };
    expect([invoice.billing_reason, invoice.status]).toEqual(['subscription_update', 'paid']);
    const amounts = invoice.lines.data.map((l) => l.amount);
    expect(amounts).toHaveLength(2);
    expect(amounts[1]).toBe(yearly!.unit_amount! * 2);
    expect(amounts[0]).toBeLessThan(0);
    expect(-amounts[0]!).toBeLessThan(monthly!.unit_amount! * 2);
    await stripe.flushWebhooks();

    await eventually(async () => (await row())?.interval === 'yearly', 'the row on yearly billing');
    expect(await row()).toMatchObject({ planKey: 'gpt50', interval: 'yearly', quantity: 2, status: 'active', currentPeriodEnd: new Date(period.current_period_end * 1000) });
    const page = (await (await w.admin.get('/api/settings/subscription')).json()) as { current: { id: string; interval: string; currentPeriodEnd: string }[] };
    const shown = page.current.find((s) => s.id === id)!;
    expect(shown).toMatchObject({ interval: 'yearly', currentPeriodEnd: new Date(period.current_period_end * 1000).toISOString() });
    expect(new Date(shown.currentPeriodEnd).getTime()).toBeGreaterThan(monthlyEnd.getTime() + 300 * 86_400_000);
  });
});
