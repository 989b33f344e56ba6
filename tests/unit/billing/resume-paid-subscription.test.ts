import { beforeEach, describe, expect, it } from 'vitest';
import { ResumePaidSubscription } from '../../../core/billing/resume-paid-subscription.use-case';
import { SyncPaidSubscription } from '../../../core/billing/sync-paid-subscription.use-case';
import { aRegularMember, aSubscription, anAdmin, TEAM } from '../support/builders';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';
import { InMemoryProvider } from './support/in-memory-provider';

describe('resuming a paused paid plan (its trial ended without a payment method)', () => {
  let w: WorkspaceFixture;
  let provider: InMemoryProvider;
  let resume: ResumePaidSubscription;
  const paused = aSubscription('sub-1').period('2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z').paused().build();

  beforeEach(async () => {
    w = aWorkspaceFixture('2025-04-16T00:00:00Z');
    provider = new InMemoryProvider(() => w.clock.now());
    resume = new ResumePaidSubscription({ gateway: provider, subscriptions: w.subscriptions, syncPaidSubscription: new SyncPaidSubscription(w) });
    await w.subscriptions.save(TEAM, paused);
    provider.add({ externalId: paused.externalId!, customerId: 'cus_1', status: 'paused' });
  });

  it('resumes it at the provider, and the row becomes active from today with no end', async () => {
    const outcome = await resume.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1' });
    expect(outcome).toMatchObject({ ok: true, value: { id: 'sub-1', status: 'active', canceledAt: null, currentPeriodStart: w.clock.now() } });
    expect(provider.subscriptions.get(paused.externalId!)?.status).toBe('active');
    expect(await w.subscriptions.findById(TEAM, 'sub-1')).toMatchObject({ status: 'active' });
  });

  it('stays paused, and says the payment failed, when the provider could not charge the new period', async () => {
    provider.resume = async (input) => provider.subscriptions.get(input.externalId)!;
    expect(await resume.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1' })).toMatchObject({
      ok: false,
      error: { code: 'SUBSCRIPTION.RESUME_PAYMENT_FAILED' },
    });
    expect(await w.subscriptions.findById(TEAM, 'sub-1')).toMatchObject({ status: 'paused' });
  });

  it('a plan the provider ended while paused (webhook not applied yet) is not resumed: not active, and the row shows the end', async () => {
    const endedAt = new Date('2025-04-15T08:00:00Z');
    provider.subscriptions.set(paused.externalId!, { ...provider.subscriptions.get(paused.externalId!)!, status: 'canceled', endedAt });

    expect(await resume.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1' })).toMatchObject({
      ok: false,
      error: { code: 'SUBSCRIPTION.NOT_ACTIVE' },
    });
    expect(provider.resumes).toEqual([]);
    expect(await w.subscriptions.findById(TEAM, 'sub-1')).toMatchObject({ status: 'canceled', canceledAt: endedAt });
  });

  it('refuses members, unknown plans and plans that are not paused, without calling the provider', async () => {
    provider.unreachableFor = 1;
    expect(await resume.execute({ teamId: TEAM, actor: aRegularMember, subscriptionId: 'sub-1' })).toMatchObject({
      ok: false,
      error: { code: 'PERMISSION.ADMIN_REQUIRED' },
    });
    expect(await resume.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'nope' })).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION.NOT_FOUND' } });
    await w.subscriptions.save(TEAM, { ...paused, status: 'active' });
    expect(await resume.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1' })).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION.NOT_PAUSED' } });
    expect(provider.unreachableFor).toBe(1);
  });
});

describe('resuming a plan paused after a failed renewal payment', () => {
  let w: WorkspaceFixture;
  let provider: InMemoryProvider;
  let resume: ResumePaidSubscription;
  const paused = { ...aSubscription('sub-2').period('2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z').paused().build(), pauseReason: 'payment_failed' as const };
  const invoice = (status: 'open' | 'paid' | 'void') => ({ id: 'in_renewal', status, hostedUrl: 'https://pay.example/in_renewal', amountDueCents: 6000, amountRemainingCents: 6000, currency: 'usd' });

  beforeEach(async () => {
    w = aWorkspaceFixture('2025-04-16T00:00:00Z');
    provider = new InMemoryProvider(() => w.clock.now());
    resume = new ResumePaidSubscription({ gateway: provider, subscriptions: w.subscriptions, syncPaidSubscription: new SyncPaidSubscription(w) });
    await w.subscriptions.save(TEAM, paused);
    provider.add({ externalId: paused.externalId!, customerId: 'cus_1', status: 'paused', pauseReason: 'payment_failed' });
  });

  it('is refused while the invoice that paused it is open: no new period is charged on top of it', async () => {
    provider.latestInvoices.set(paused.externalId!, invoice('open'));
    expect(await resume.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-2' })).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION.INVOICE_DUE' } });
    expect(provider.resumes).toEqual([]);
    expect(await w.subscriptions.findById(TEAM, 'sub-2')).toMatchObject({ status: 'paused' });
  });

  it('once that invoice is paid, keeps the billing cycle (nothing charged again)', async () => {
    provider.latestInvoices.set(paused.externalId!, invoice('paid'));
    expect(await resume.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-2' })).toMatchObject({ ok: true, value: { status: 'active' } });
    expect(provider.resumes).toEqual([{ externalId: paused.externalId, billingCycle: 'keep', idempotencyKey: `resume-paid-invoice:${paused.externalId}:in_renewal` }]);
  });

  it('starts a new period when the invoice was voided (it will never be paid)', async () => {
    provider.latestInvoices.set(paused.externalId!, invoice('void'));
    expect(await resume.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-2' })).toMatchObject({ ok: true, value: { status: 'active', currentPeriodStart: w.clock.now() } });
    expect(provider.resumes.map((r) => r.billingCycle)).toEqual(['restart']);
  });
});
