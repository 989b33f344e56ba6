import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgUsageEventRepository } from '../../../adapters/postgres/pg-usage-event-repository';
import { QUEUES } from '../../../apps/shared/queues';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import { buyThroughCheckout } from './support/checkout-flow';
import { eventually, MEMBER, startBillingWorld, TEAM, type BillingWorld } from './support/billing-world';

let w: BillingWorld;
let stripe: StripeFake;
beforeAll(async () => {
  w = await startBillingWorld();
  stripe = w.stripe!;
});
afterAll(() => w.close());

async function reported(): Promise<{ usage_event_id: string; outcome: string }[]> {
  return w.app.database.orm.em.getConnection().execute('select usage_event_id, outcome from meter_usage_reports order by usage_event_id');
}

describe('pay-as-you-go answers reported to Stripe by the worker', () => {
  it('sends each answer once, in a batch, even when Stripe fails the first attempt', async () => {
    stripe.deliverWebhooksTo(`${w.app.baseUrl}/api/stripe/webhook`);
    const payg = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50_8k', mode: 'pay_as_you_go', seats: 2 });
    const fixed = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', seats: 2 });
    const rows = await eventually(async () => {
      const found = await w.rows();
      return found.length === 2 && found;
    }, 'both subscriptions');
    const paygRow = rows.find((r) => r.externalId === payg.subscriptionId)!;
    const fixedRow = rows.find((r) => r.externalId === fixed.subscriptionId)!;
    // Answers recorded by the answer pipeline: three on pay-as-you-go, one on the fixed-rate plan.
    const usage = new PgUsageEventRepository(w.app.database.orm);
    const answers = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of answers) {
      await usage.record(TEAM, { id, teamId: TEAM, memberId: MEMBER, subscriptionId: paygRow.id, kind: 'direct_message', occurredAt: new Date() });
    }
    await usage.record(TEAM, { id: randomUUID(), teamId: TEAM, memberId: MEMBER, subscriptionId: fixedRow.id, kind: 'channel_mention', occurredAt: new Date() });
    // Stripe is down for the first attempt and the SDK's two retries.
    stripe.failNext(3, { path: '/v1/billing/meter_events' });

    await w.app.queue.send(QUEUES.billingMeterEvents.name, {});

    await eventually(async () => (await reported()).length === 3, 'three answers reported', 40_000);
    expect(await reported()).toEqual(answers.sort().map((id) => ({ usage_event_id: id, outcome: 'accepted' })));
    const identifiers = answers.map((id) => `tomo:${TEAM}:${id}`).sort();
    const customer = stripe.state.subscription(payg.subscriptionId).customer;
    const counted = stripe.state.meterEvents.filter((e) => e.payload.stripe_customer_id === customer);
    expect(counted.map((e) => e.identifier).sort()).toEqual(identifiers);
    expect(counted.every((e) => e.event_name === 'tomo_responses_gpt50_8k' && e.payload.value === '1')).toBe(true);
    const attempts = stripe.callsTo('POST', '/v1/billing/meter_events');
    expect(attempts.filter((c) => c.status === 500)).toHaveLength(3);
    const accepted = attempts.filter((c) => c.status === 200).map((c) => c.params.identifier as string);
    expect(accepted.sort()).toEqual(identifiers);

    // Later runs (the cron, or another worker) find nothing left to send.
    await w.app.queue.send(QUEUES.billingMeterEvents.name, {});
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(stripe.callsTo('POST', '/v1/billing/meter_events').filter((c) => c.status === 200)).toHaveLength(3);
  });
});
