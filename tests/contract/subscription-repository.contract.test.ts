import { beforeEach, describe, expect, it } from 'vitest';
import { InMemorySubscriptionRepository } from '../../adapters/memory/in-memory-subscription-repository';
import { PgSubscriptionRepository } from '../../adapters/postgres/pg-subscription-repository';
import type { SubscriptionRepository } from '../../core/billing/subscription-repository.port';
import { implementations } from './support/implementations';
import { aSubscription, at, TEAM_A, TEAM_B } from './support/records';

const trial = aSubscription({
  id: 'sub-trial',
  kind: 'trial',
  planKey: 'free',
  interval: null,
  billingMode: null,
  status: 'trialing',
  quantity: 0,
  cancelAtPeriodEnd: true,
  externalId: null,
  createdAt: at(-10),
  updatedAt: at(-10),
});

describe.each(
  implementations<SubscriptionRepository>({
    memory: () => new InMemorySubscriptionRepository(),
    postgres: (orm) => new PgSubscriptionRepository(orm),
  }),
)('SubscriptionRepository ($name)', ({ create }) => {
  let subscriptions: SubscriptionRepository;
  beforeEach(async () => {
    subscriptions = await create();
  });

  it('stores trials and paid subscriptions and lists them oldest first', async () => {
    await subscriptions.save(TEAM_A, aSubscription());
    await subscriptions.save(TEAM_A, trial);
    expect(await subscriptions.listByTeam(TEAM_A)).toEqual([trial, aSubscription()]);
    expect(await subscriptions.findById(TEAM_A, 'sub-trial')).toEqual(trial);
  });

  it('finds a subscription by the payment provider id', async () => {
    await subscriptions.save(TEAM_A, aSubscription());
    expect(await subscriptions.findByExternalId(TEAM_A, 'sub_ext_1')).toEqual(aSubscription());
    expect(await subscriptions.findByExternalId(TEAM_A, 'sub_ext_other')).toBeNull();
  });

  it('replaces a subscription by id (cancel, seat change)', async () => {
    await subscriptions.save(TEAM_A, aSubscription());
    const changed = aSubscription({ quantity: 3, status: 'canceled', canceledAt: at(30), updatedAt: at(30) });
    await subscriptions.save(TEAM_A, changed);
    expect(await subscriptions.listByTeam(TEAM_A)).toEqual([changed]);
  });

  it('keeps teams apart: team B neither reads nor overwrites team A', async () => {
    await subscriptions.save(TEAM_A, aSubscription());
    expect(await subscriptions.findById(TEAM_B, 'sub-1')).toBeNull();
    expect(await subscriptions.findByExternalId(TEAM_B, 'sub_ext_1')).toBeNull();
    expect(await subscriptions.listByTeam(TEAM_B)).toEqual([]);
    await expect(subscriptions.save(TEAM_B, aSubscription({ quantity: 99 }))).rejects.toThrow(/team/);
    await expect(
      subscriptions.save(TEAM_B, aSubscription({ teamId: TEAM_B, quantity: 99, externalId: null })),
    ).rejects.toThrow(/another team/);
    expect(await subscriptions.findById(TEAM_A, 'sub-1')).toEqual(aSubscription());
  });
});
