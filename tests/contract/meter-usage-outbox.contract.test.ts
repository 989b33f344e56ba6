import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryCustomerRepository } from '../../adapters/memory/in-memory-customer-repository';
import { InMemoryMeterUsageOutbox } from '../../adapters/memory/in-memory-meter-usage-outbox';
import { InMemorySubscriptionRepository } from '../../adapters/memory/in-memory-subscription-repository';
import { InMemoryUsageEventRepository } from '../../adapters/memory/in-memory-usage-event-repository';
import { PgCustomerRepository } from '../../adapters/postgres/pg-customer-repository';
import { PgMeterUsageOutbox } from '../../adapters/postgres/pg-meter-usage-outbox';
import { PgSubscriptionRepository } from '../../adapters/postgres/pg-subscription-repository';
import { PgUsageEventRepository } from '../../adapters/postgres/pg-usage-event-repository';
import type { CustomerRepository } from '../../core/billing/customer-repository.port';
import type { MeterUsageOutbox } from '../../core/billing/meter-usage-outbox.port';
import type { SubscriptionRepository } from '../../core/billing/subscription-repository.port';
import type { UsageEventRepository } from '../../core/usage/usage-event-repository.port';
import type { Implementation } from './support/implementations';
import { emptyTables, fileDatabase } from './support/implementations';
import { aCustomer, aSubscription, aUsageEvent, at, TEAM_A, TEAM_B } from './support/records';

/** The outbox with the repositories it reads from, so the suite seeds through the ports. */
interface Sources {
  outbox: MeterUsageOutbox;
  usage: UsageEventRepository;
  subscriptions: SubscriptionRepository;
  customers: CustomerRepository;
}

const memory: Implementation<Sources> = {
  name: 'in-memory',
  create: async () => {
    const usage = new InMemoryUsageEventRepository();
    const subscriptions = new InMemorySubscriptionRepository();
    const customers = new InMemoryCustomerRepository();
    return { usage, subscriptions, customers, outbox: new InMemoryMeterUsageOutbox({ usageEvents: () => usage.all(), subscriptions, customers }) };
  },
};

const postgres: Implementation<Sources> = {
  name: 'postgres',
  create: async () => {
    const { orm } = await fileDatabase();
    await emptyTables(orm);
    return {
      outbox: new PgMeterUsageOutbox(orm),
      usage: new PgUsageEventRepository(orm),
      subscriptions: new PgSubscriptionRepository(orm),
      customers: new PgCustomerRepository(orm),
    };
  },
};

describe.each([memory, postgres])('MeterUsageOutbox ($name)', ({ create }) => {
  let s: Sources;
  beforeEach(async () => {
    s = await create();
    await s.customers.save(TEAM_A, aCustomer());
    await s.subscriptions.save(TEAM_A, aSubscription({ id: 'payg', billingMode: 'pay_as_you_go', planKey: 'gpt50_8k', externalId: 'sub_payg' }));
    await s.subscriptions.save(TEAM_A, aSubscription({ id: 'fixed', billingMode: 'fixed_rate', externalId: 'sub_fixed' }));
  });

  it('lists answers on pay-as-you-go subscriptions only, oldest first, with customer and plan', async () => {
    await s.usage.record(TEAM_A, aUsageEvent({ id: 'u-late', subscriptionId: 'payg', occurredAt: at(5) }));
    await s.usage.record(TEAM_A, aUsageEvent({ id: 'u-early', subscriptionId: 'payg', occurredAt: at(2) }));
    await s.usage.record(TEAM_A, aUsageEvent({ id: 'u-fixed', subscriptionId: 'fixed', occurredAt: at(3) }));
    await s.usage.record(TEAM_A, aUsageEvent({ id: 'u-trial', subscriptionId: null, occurredAt: at(3) }));

    expect(await s.outbox.listUnreported(10, at(0))).toEqual([
      { teamId: TEAM_A, usageEventId: 'u-early', customerId: 'cus_A', planKey: 'gpt50_8k', occurredAt: at(2) },
      { teamId: TEAM_A, usageEventId: 'u-late', customerId: 'cus_A', planKey: 'gpt50_8k', occurredAt: at(5) },
    ]);
  });

  it('never lists a reported (or refused) answer again, and recording twice is a no-op', async () => {
    for (const [id, minute] of [['u-1', 1], ['u-2', 2], ['u-3', 3]] as const) {
      await s.usage.record(TEAM_A, aUsageEvent({ id, subscriptionId: 'payg', occurredAt: at(minute) }));
    }
    await s.outbox.markReported([{ teamId: TEAM_A, usageEventId: 'u-1', outcome: 'accepted', reason: null }], at(10));
    await s.outbox.markReported(
      [
        { teamId: TEAM_A, usageEventId: 'u-1', outcome: 'accepted', reason: null },
        { teamId: TEAM_A, usageEventId: 'u-3', outcome: 'rejected', reason: 'invalid_request_error (400)' },
      ],
      at(11),
    );

    expect((await s.outbox.listUnreported(10, at(0))).map((p) => p.usageEventId)).toEqual(['u-2']);
  });

  it('respects the limit and the age window, and skips workspaces without a payment customer', async () => {
    await s.subscriptions.save(TEAM_B, aSubscription({ id: 'payg-b', teamId: TEAM_B, billingMode: 'pay_as_you_go', externalId: 'sub_payg_b' }));
    await s.usage.record(TEAM_B, aUsageEvent({ id: 'u-b', teamId: TEAM_B, subscriptionId: 'payg-b', occurredAt: at(4) }));
    for (const [id, minute] of [['u-old', 1], ['u-2', 2], ['u-3', 3], ['u-4', 4]] as const) {
      await s.usage.record(TEAM_A, aUsageEvent({ id, subscriptionId: 'payg', occurredAt: at(minute) }));
    }

    expect((await s.outbox.listUnreported(2, at(2))).map((p) => p.usageEventId)).toEqual(['u-2', 'u-3']);
    expect((await s.outbox.listUnreported(10, at(2))).map((p) => p.usageEventId)).toEqual(['u-2', 'u-3', 'u-4']);
  });
});
