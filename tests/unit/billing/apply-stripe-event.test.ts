import { describe, expect, it } from 'vitest';
import {
  ApplyStripeEvent,
  toPaidSubscriptionSnapshot,
  type ProcessedWebhookEventLog,
} from '../../../core/billing/apply-stripe-event.use-case';
import type { BillingWebhookEvent, GatewayInvoice, GatewaySubscription, PaymentGateway, ResumeInput } from '../../../core/billing/payment-gateway.port';
import { SyncPaidSubscription } from '../../../core/billing/sync-paid-subscription.use-case';
import { anAssignment, anInstallation, TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

/** The provider's side: its current subscriptions, changed by the test. */
class ProviderState implements Pick<PaymentGateway, 'getSubscription' | 'cancelImmediately' | 'getLatestInvoice' | 'resume'> {
  readonly subscriptions = new Map<string, GatewaySubscription>();
  readonly canceled: string[] = [];
  readonly latestInvoices = new Map<string, GatewayInvoice>();
  readonly resumes: ResumeInput[] = [];
  async getLatestInvoice(externalId: string): Promise<GatewayInvoice | null> {
    return this.latestInvoices.get(externalId) ?? null;
  }
  async resume(input: ResumeInput): Promise<GatewaySubscription> {
    const sub = this.subscriptions.get(input.externalId);
    if (!sub) throw new Error(`no subscription ${input.externalId}`);
    if (sub.status !== 'paused') return sub;
    this.resumes.push(input);
    const resumed = { ...sub, status: 'active' as const, pauseReason: null };
    this.subscriptions.set(input.externalId, resumed);
    return resumed;
  }
  async getSubscription(externalId: string): Promise<GatewaySubscription | null> {
    return this.subscriptions.get(externalId) ?? null;
  }
  async cancelImmediately(input: { externalId: string }): Promise<GatewaySubscription> {
    const sub = this.subscriptions.get(input.externalId);
    if (!sub) throw new Error(`no subscription ${input.externalId}`);
    if (sub.status === 'canceled') return sub;
    this.canceled.push(input.externalId);
    const ended = { ...sub, status: 'canceled' as const, endedAt: new Date('2025-01-16T00:00:00Z') };
    this.subscriptions.set(input.externalId, ended);
    return ended;
  }
}

class InMemoryEventLog implements ProcessedWebhookEventLog {
  readonly ids = new Set<string>();
  async has(eventId: string): Promise<boolean> {
    return this.ids.has(eventId);
  }
  async record(eventId: string): Promise<void> {
    this.ids.add(eventId);
  }
}

const paid: GatewaySubscription = {
  pauseReason: null,
  externalId: 'sub_1',
  customerId: 'cus_1',
  teamId: TEAM,
  planKey: 'gpt50',
  interval: 'monthly',
  billingMode: 'fixed_rate',
  quantity: 3,
  status: 'active',
  currentPeriodStart: new Date('2025-01-15T00:00:00Z'),
  currentPeriodEnd: new Date('2025-02-15T00:00:00Z'),
  cancelAtPeriodEnd: false,
  endedAt: null,
};

function anEvent(id: string, type: Exclude<BillingWebhookEvent['type'], 'ignored'>, subscriptionId: string | null = 'sub_1'): BillingWebhookEvent {
  return { id, type, createdAt: new Date('2025-01-15T00:00:00Z'), customerId: 'cus_1', subscriptionId, teamId: null };
}

function setup(options: { customerKnown?: boolean } = {}) {
  const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
  const provider = new ProviderState();
  const log = new InMemoryEventLog();
  const apply = new ApplyStripeEvent({
    gateway: provider,
    customers: w.customers,
    installations: w.installations,
    subscriptions: w.subscriptions,
    syncPaidSubscription: new SyncPaidSubscription(w),
    processedEvents: log,
    clock: w.clock,
  });
  const ready = options.customerKnown === false ? Promise.resolve() : w.customers.save(TEAM, { teamId: TEAM, externalCustomerId: 'cus_1', email: null, createdAt: w.clock.now() });
  return { w, provider, log, apply, ready };
}

describe('applying Stripe webhook events to subscription rows', () => {
  it('a completed checkout creates the paid subscription of the workspace that owns the customer', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    provider.subscriptions.set('sub_1', paid);

    const result = await apply.execute(anEvent('evt_1', 'checkout.session.completed'));

    expect(result).toMatchObject({ status: 'applied', teamId: TEAM, created: true });
    expect(await w.subscriptions.listByTeam(TEAM)).toMatchObject([
      { kind: 'paid', planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', quantity: 3, status: 'active', externalId: 'sub_1' },
    ]);
  });

  it('a subscription paid after the workspace uninstalled Tomo is canceled at once, the row ends', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    await w.installations.save(TEAM, anInstallation({ uninstalledAt: new Date('2025-01-14T00:00:00Z') }));
    provider.subscriptions.set('sub_1', paid);

    const result = await apply.execute(anEvent('evt_1', 'checkout.session.completed'));

    expect(provider.canceled).toEqual(['sub_1']);
    expect(result).toMatchObject({ status: 'applied', canceledAfterUninstall: true });
    expect(await w.subscriptions.listByTeam(TEAM)).toMatchObject([
      { externalId: 'sub_1', status: 'canceled', canceledAt: new Date('2025-01-16T00:00:00Z') },
    ]);
  });

  it('an installed (or re-installed) workspace keeps what it paid for', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    await w.installations.save(TEAM, anInstallation());
    provider.subscriptions.set('sub_1', paid);

    await apply.execute(anEvent('evt_1', 'checkout.session.completed'));

    expect(provider.canceled).toEqual([]);
    expect(await w.subscriptions.listByTeam(TEAM)).toMatchObject([{ externalId: 'sub_1', status: 'active' }]);
  });

  it('the same event delivered twice is applied once', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    provider.subscriptions.set('sub_1', paid);
    await apply.execute(anEvent('evt_1', 'customer.subscription.created'));
    provider.subscriptions.set('sub_1', { ...paid, quantity: 9 });

    expect(await apply.execute(anEvent('evt_1', 'customer.subscription.created'))).toEqual({ status: 'duplicate' });
    expect((await w.subscriptions.listByTeam(TEAM))[0]?.quantity).toBe(3);
  });

  it('events in reverse order end in the same rows as in order, because the state is re-read', async () => {
    const finalState = { ...paid, quantity: 5, cancelAtPeriodEnd: true };
    const events = [anEvent('evt_a', 'customer.subscription.created'), anEvent('evt_b', 'invoice.paid'), anEvent('evt_c', 'customer.subscription.updated')];
    const rows = [];
    for (const order of [events, [...events].reverse(), [...events, ...events]]) {
      const { w, provider, apply, ready } = setup();
      await ready;
      provider.subscriptions.set('sub_1', finalState);
      for (const event of order) await apply.execute(event);
      rows.push(await w.subscriptions.listByTeam(TEAM));
    }
    expect(rows[0]).toHaveLength(1);
    expect(rows[0]?.[0]).toMatchObject({ quantity: 5, cancelAtPeriodEnd: true, status: 'active' });
    expect(rows[1]).toEqual(rows[0]);
    expect(rows[2]).toEqual(rows[0]);
  });

  it('fewer seats bought in the portal unassign the most recently assigned members', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    provider.subscriptions.set('sub_1', paid);
    const created = await apply.execute(anEvent('evt_1', 'customer.subscription.created'));
    if (created.status !== 'applied') throw new Error('not applied');
    for (const [member, day] of [['UFIRST', 16], ['USECOND', 17], ['ULAST', 18]] as const) {
      await w.seats.assignIfSeatAvailable(TEAM, anAssignment(created.subscription, member, { assignedAt: new Date(`2025-01-${day}T00:00:00Z`) }), 3);
    }
    provider.subscriptions.set('sub_1', { ...paid, quantity: 1 });

    const result = await apply.execute(anEvent('evt_2', 'customer.subscription.updated'));

    expect(result).toMatchObject({ status: 'applied', unassignedMemberIds: ['ULAST', 'USECOND'] });
    expect((await w.seats.listBySubscription(TEAM, created.subscription.id)).map((a) => a.memberId)).toEqual(['UFIRST']);
  });

  it('a deleted subscription is canceled; a failed payment marks it past due', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    provider.subscriptions.set('sub_1', { ...paid, status: 'past_due' });
    await apply.execute(anEvent('evt_1', 'invoice.payment_failed'));
    expect((await w.subscriptions.listByTeam(TEAM))[0]?.status).toBe('past_due');

    provider.subscriptions.set('sub_1', { ...paid, status: 'canceled', endedAt: new Date('2025-01-20T00:00:00Z') });
    await apply.execute(anEvent('evt_2', 'customer.subscription.deleted'));
    expect((await w.subscriptions.listByTeam(TEAM))[0]?.status).toBe('canceled');
  });

  it('falls back to the team id written at checkout and remembers the customer, for a workspace installed here', async () => {
    const { w, provider, apply } = setup({ customerKnown: false });
    provider.subscriptions.set('sub_1', paid);
    provider.subscriptions.set('sub_2', { ...paid, externalId: 'sub_2', customerId: 'cus_2', teamId: 'T0OTHER' });
    await w.installations.save(TEAM, anInstallation());

    expect(await apply.execute(anEvent('evt_1', 'checkout.session.completed'))).toMatchObject({ status: 'applied', teamId: TEAM });
    expect(await w.customers.findTeamIdByExternalCustomerId('cus_1')).toBe(TEAM);
    // Another deployment's customer on the same Stripe account: its workspace was never installed here.
    expect(await apply.execute(anEvent('evt_2', 'customer.subscription.created', 'sub_2'))).toEqual({ status: 'ignored', reason: 'unknown_workspace' });
    expect(await w.customers.findTeamIdByExternalCustomerId('cus_2')).toBeNull();
    expect(await w.subscriptions.listByTeam('T0OTHER')).toEqual([]);
  });

  it('ignores what it cannot attribute or price, and records it so a redelivery is a duplicate', async () => {
    const { w, provider, log, apply } = setup({ customerKnown: false });
    provider.subscriptions.set('sub_1', { ...paid, teamId: null });
    provider.subscriptions.set('sub_2', { ...paid, externalId: 'sub_2', customerId: 'cus_2', planKey: null });

    expect(await apply.execute(anEvent('evt_1', 'customer.subscription.created'))).toEqual({ status: 'ignored', reason: 'unknown_workspace' });
    await w.customers.save(TEAM, { teamId: TEAM, externalCustomerId: 'cus_2', email: null, createdAt: w.clock.now() });
    expect(await apply.execute(anEvent('evt_2', 'customer.subscription.created', 'sub_2'))).toEqual({ status: 'ignored', reason: 'unknown_price' });
    expect(await apply.execute(anEvent('evt_3', 'customer.subscription.created', 'sub_missing'))).toEqual({ status: 'ignored', reason: 'unknown_subscription' });
    expect(await apply.execute(anEvent('evt_4', 'checkout.session.completed', null))).toEqual({ status: 'ignored', reason: 'no_subscription' });
    expect(await apply.execute({ id: 'evt_5', type: 'ignored', originalType: 'customer.created', createdAt: new Date() })).toEqual({ status: 'ignored', reason: 'event_type' });

    expect([...log.ids]).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4']);
    expect(await w.subscriptions.listByTeam(TEAM)).toEqual([]);
  });

  it('waits for the first payment of an incomplete subscription before creating it', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    provider.subscriptions.set('sub_1', { ...paid, status: 'incomplete' });

    expect(await apply.execute(anEvent('evt_1', 'customer.subscription.created'))).toEqual({ status: 'ignored', reason: 'not_paid_yet' });
    provider.subscriptions.set('sub_1', paid);
    expect(await apply.execute(anEvent('evt_2', 'invoice.paid'))).toMatchObject({ status: 'applied', created: true });
    expect(await w.subscriptions.listByTeam(TEAM)).toHaveLength(1);
  });

  it('creates nothing for an unknown subscription that expired unpaid (incomplete_expired)', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    provider.subscriptions.set('sub_1', { ...paid, status: 'incomplete_expired' });

    expect(await apply.execute(anEvent('evt_1', 'customer.subscription.updated'))).toEqual({ status: 'ignored', reason: 'not_paid_yet' });
    expect(await w.subscriptions.listByTeam(TEAM)).toEqual([]);
  });
});

describe('Stripe subscription statuses in core terms', () => {
  it.each([
    ['trialing', 'active'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'suspended'],
    ['unknown', 'suspended'],
    ['incomplete', 'past_due'],
    ['paused', 'paused'],
    ['incomplete_expired', 'canceled'],
    ['canceled', 'canceled'],
  ] as const)('%s → %s (for a known subscription)', (provider, core) => {
    expect(toPaidSubscriptionSnapshot({ ...paid, status: provider }, true)).toMatchObject({ status: core });
  });
});

describe('a plan Stripe paused after a failed renewal payment', () => {
  const pausedForPayment: GatewaySubscription = { ...paid, status: 'paused', pauseReason: 'payment_failed' };
  const invoice = (status: GatewayInvoice['status']): GatewayInvoice => ({
    id: 'in_renewal',
    status,
    hostedUrl: 'https://invoice.stripe.example/in_renewal',
    amountDueCents: 6000,
    amountRemainingCents: status === 'open' ? 6000 : 0,
    currency: 'usd',
  });

  it('stays paused while the invoice that paused it is open', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    provider.subscriptions.set('sub_1', pausedForPayment);
    provider.latestInvoices.set('sub_1', invoice('open'));

    await apply.execute(anEvent('evt_paused', 'customer.subscription.paused'));

    expect(provider.resumes).toEqual([]);
    expect((await w.subscriptions.findByExternalId(TEAM, 'sub_1'))).toMatchObject({ status: 'paused', pauseReason: 'payment_failed' });
  });

  it('is resumed on the same billing cycle, once, when that invoice is paid (invoice.paid, delivered twice)', async () => {
    const { w, provider, apply, ready } = setup();
    await ready;
    provider.subscriptions.set('sub_1', pausedForPayment);
    provider.latestInvoices.set('sub_1', invoice('open'));
    await apply.execute(anEvent('evt_paused', 'customer.subscription.paused'));

    provider.latestInvoices.set('sub_1', invoice('paid'));
    await apply.execute(anEvent('evt_paid', 'invoice.paid'));
    await apply.execute(anEvent('evt_paid_again', 'invoice.paid'));

    expect(provider.resumes).toEqual([{ externalId: 'sub_1', billingCycle: 'keep', idempotencyKey: 'resume-paid-invoice:sub_1:in_renewal' }]);
    expect(await w.subscriptions.findByExternalId(TEAM, 'sub_1')).toMatchObject({
      status: 'active',
      currentPeriodStart: paid.currentPeriodStart,
      currentPeriodEnd: paid.currentPeriodEnd,
    });
  });

  it('a pause for another reason is not resumed by a paid invoice', async () => {
    const { provider, apply, ready } = setup();
    await ready;
    provider.subscriptions.set('sub_1', { ...paid, status: 'paused', pauseReason: 'requested' });
    provider.latestInvoices.set('sub_1', invoice('paid'));

    await apply.execute(anEvent('evt_paid', 'invoice.paid'));

    expect(provider.resumes).toEqual([]);
  });
});
