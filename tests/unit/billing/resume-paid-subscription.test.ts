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
