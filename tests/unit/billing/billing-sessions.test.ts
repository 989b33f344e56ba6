import { beforeEach, describe, expect, it } from 'vitest';
import { BillingSessions, MAX_SEATS_PER_CHECKOUT } from '../../../core/billing/billing-sessions.use-case';
import { aRegularMember, anAdmin, TEAM } from '../support/builders';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';
import { InMemoryProvider } from './support/in-memory-provider';

describe('sending an admin to checkout, wallet setup or the customer portal', () => {
  let w: WorkspaceFixture;
  let provider: InMemoryProvider;
  let sessions: BillingSessions;
  beforeEach(() => {
    w = aWorkspaceFixture('2025-04-16T00:00:00Z');
    provider = new InMemoryProvider(() => w.clock.now());
    sessions = new BillingSessions({ gateway: provider, customers: w.customers, clock: w.clock });
  });

  it('creates one provider customer for the workspace and reuses it for every later session', async () => {
    const checkout = await sessions.checkout({ teamId: TEAM, actor: anAdmin, teamName: 'Acme', planKey: 'gpt50_8k', interval: 'yearly', billingMode: 'fixed_rate', seats: 7 });
    await sessions.walletSetup({ teamId: TEAM, actor: anAdmin });
    await sessions.portal({ teamId: TEAM, actor: anAdmin, returnUrl: 'https://tomo.example/settings' });

    expect(checkout).toEqual({ ok: true, value: { id: 'cs_2', url: 'https://pay.example/cs_2' } });
    expect(provider.customers.size).toBe(1);
    const customer = await w.customers.find(TEAM);
    expect(customer).toMatchObject({ teamId: TEAM, externalCustomerId: 'cus_1' });
    expect(provider.checkouts).toEqual([
      { teamId: TEAM, customerId: 'cus_1', planKey: 'gpt50_8k', interval: 'yearly', billingMode: 'fixed_rate', seats: 7 },
    ]);
    expect(provider.setups).toEqual([{ teamId: TEAM, customerId: 'cus_1' }]);
    expect(provider.portals).toEqual([{ customerId: 'cus_1', returnUrl: 'https://tomo.example/settings' }]);
  });

  it('replaces a customer the provider no longer has', async () => {
    await w.customers.save(TEAM, { teamId: TEAM, externalCustomerId: 'cus_deleted', email: 'a@acme.test', createdAt: new Date('2025-01-01T00:00:00Z') });

    await sessions.portal({ teamId: TEAM, actor: anAdmin });

    expect(await w.customers.find(TEAM)).toEqual({
      teamId: TEAM,
      externalCustomerId: 'cus_1',
      email: 'a@acme.test',
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
  });

  it('refuses members who are not admins, and seat counts that are not whole numbers in range', async () => {
    const base = { teamId: TEAM, actor: anAdmin, planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate' } as const;
    expect(await sessions.checkout({ ...base, actor: aRegularMember, seats: 1 })).toMatchObject({ ok: false, error: { code: 'PERMISSION.ADMIN_REQUIRED' } });
    expect(await sessions.walletSetup({ teamId: TEAM, actor: aRegularMember })).toMatchObject({ ok: false, error: { code: 'PERMISSION.ADMIN_REQUIRED' } });
    expect(await sessions.portal({ teamId: TEAM, actor: aRegularMember })).toMatchObject({ ok: false, error: { code: 'PERMISSION.ADMIN_REQUIRED' } });
    for (const seats of [0, 2.5, MAX_SEATS_PER_CHECKOUT + 1]) {
      expect(await sessions.checkout({ ...base, seats })).toMatchObject({ ok: false, error: { code: 'SEATS.INVALID_QUANTITY' } });
    }
    expect(await sessions.checkout({ ...base, planKey: 'free' as never, seats: 1 })).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION.NOT_FOUND' } });
    expect(provider.checkouts).toEqual([]);
    expect(provider.customers.size).toBe(0);
  });
});
