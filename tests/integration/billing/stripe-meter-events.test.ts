import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MeterEvent } from '../../../core/billing/payment-gateway.port';
import { startStripeHarness, TEST_NOW, type StripeHarness } from '../../fakes/stripe/stripe-test-harness';

let h: StripeHarness;
beforeEach(async () => {
  h = await startStripeHarness();
});
afterEach(() => h.stop());

async function paygCustomer(teamId: string, planKey: 'gpt50' | 'gpt50_8k' = 'gpt50') {
  const sub = await h.subscribe({ teamId, planKey, interval: 'monthly', billingMode: 'pay_as_you_go', seats: 2 });
  return sub;
}

function events(customerId: string, count: number, planKey: MeterEvent['planKey'] = 'gpt50'): MeterEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    identifier: `usage-${customerId}-${i}`,
    customerId,
    planKey,
    value: 1,
    occurredAt: new Date(TEST_NOW.getTime() + i * 1000),
  }));
}

function recorded(identifierPrefix: string): string[] {
  return h.fake.state.meterEvents.filter((e) => e.identifier.startsWith(identifierPrefix)).map((e) => e.identifier);
}

describe('pay-as-you-go responses reported as meter events', () => {
  it('sends each response once even when Stripe fails the first attempt', async () => {
    const sub = await paygCustomer('T400');
    h.fake.failNext(1, { path: '/v1/billing/meter_events' });

    const report = await h.gateway.reportMeterEvents(events(sub.customerId, 3));

    expect(report).toEqual({ accepted: events(sub.customerId, 3).map((e) => e.identifier), failed: [] });
    expect(recorded(`usage-${sub.customerId}`)).toEqual(events(sub.customerId, 3).map((e) => e.identifier));
    const attempts = h.fake.callsTo('POST', '/v1/billing/meter_events');
    expect(attempts.map((c) => c.status)).toEqual([500, 200, 200, 200]);
    expect(attempts[0]?.idempotencyKey).toBe(attempts[1]?.idempotencyKey);
  });

  it('stops at the first outage, returns the rest as not sent, and a retried batch still counts every response once', async () => {
    const sub = await paygCustomer('T401');
    const noRetries = h.gatewayWith({ maxNetworkRetries: 0 });
    const batch = events(sub.customerId, 4);
    h.fake.failNext(1, { path: '/v1/billing/meter_events' });
    const callsBefore = h.fake.callsTo('POST', '/v1/billing/meter_events').length;

    const first = await noRetries.reportMeterEvents(batch);
    const firstCalls = h.fake.callsTo('POST', '/v1/billing/meter_events').length - callsBefore;
    // The worker leaves the batch pending and sends all of it again.
    const second = await noRetries.reportMeterEvents(batch);

    expect(firstCalls).toBe(1);
    expect(first.accepted).toEqual([]);
    expect(first.failed.map((f) => [f.identifier, f.retryable])).toEqual(batch.map((e) => [e.identifier, true]));
    expect(second).toEqual({ accepted: batch.map((e) => e.identifier), failed: [] });
    expect(recorded(`usage-${sub.customerId}`).sort()).toEqual(batch.map((e) => e.identifier).sort());
  });

  it('goes on after an event Stripe refuses for good', async () => {
    const sub = await paygCustomer('T404');
    const [good1, good2] = events(sub.customerId, 2);
    const stale = { ...good1!, identifier: `${good1!.identifier}-stale`, occurredAt: new Date(TEST_NOW.getTime() - 40 * 86_400_000) };

    const report = await h.gateway.reportMeterEvents([stale, good1!, good2!]);

    expect(report.accepted).toEqual([good1!.identifier, good2!.identifier]);
    expect(report.failed.map((f) => [f.identifier, f.retryable])).toEqual([[stale.identifier, false]]);
  });

  it('bills the responses on the next invoice at the plan price per response', async () => {
    const standard = await paygCustomer('T402', 'gpt50');
    const premium = await h.subscribe({ teamId: 'T402', customerId: standard.customerId, planKey: 'gpt50_8k', interval: 'monthly', billingMode: 'pay_as_you_go', seats: 1 });

    await h.gateway.reportMeterEvents([...events(standard.customerId, 5, 'gpt50'), ...events(standard.customerId, 2, 'gpt50_8k').map((e) => ({ ...e, identifier: `${e.identifier}-p` }))]);

    const standardInvoice = await h.gateway.previewProration({ externalId: standard.externalId, quantity: 2, prorationDate: TEST_NOW });
    const premiumInvoice = await h.gateway.previewProration({ externalId: premium.externalId, quantity: 1, prorationDate: TEST_NOW });
    expect(standardInvoice.nextInvoiceTotalCents).toBe(5 * 40);
    expect(premiumInvoice.nextInvoiceTotalCents).toBe(2 * 64);
  });

  it('marks events Stripe refuses for good (older than 35 days) as not retryable', async () => {
    const sub = await paygCustomer('T403');
    const stale = { ...events(sub.customerId, 1)[0]!, occurredAt: new Date(TEST_NOW.getTime() - 40 * 86_400_000) };

    const report = await h.gateway.reportMeterEvents([stale]);

    expect(report.accepted).toEqual([]);
    expect(report.failed).toEqual([{ identifier: stale.identifier, reason: expect.stringContaining('400'), retryable: false }]);
  });
});
