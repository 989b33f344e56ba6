import type { InferEntity } from '@mikro-orm/core';
import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { SubscriptionRepository } from '../../core/billing/subscription-repository.port';
import type { SubscriptionRecord } from '../../core/billing/subscription';
import { SubscriptionEntity } from './entities/subscription.entity';
import { entityReads } from './native-pool';
import { assertSameTeam } from './team-scope';

type Row = InferEntity<typeof SubscriptionEntity>;

export class PgSubscriptionRepository implements SubscriptionRepository {
  // Every answer reads this first: a named statement without the ORM (ADR 83).
  private readonly byTeam: (values: readonly unknown[]) => Promise<Row[]>;

  constructor(private readonly orm: MikroORM) {
    this.byTeam = entityReads<Row>(orm, SubscriptionEntity)(['team_id'], 'created_at asc, id asc');
  }

  async findById(teamId: string, id: string): Promise<SubscriptionRecord | null> {
    const row = await this.orm.em.fork().findOne(SubscriptionEntity, { teamId, id });
    return row ? toRecord(row) : null;
  }

  async findByExternalId(teamId: string, externalId: string): Promise<SubscriptionRecord | null> {
    const row = await this.orm.em.fork().findOne(SubscriptionEntity, { teamId, externalId });
    return row ? toRecord(row) : null;
  }

  async listByTeam(teamId: string): Promise<SubscriptionRecord[]> {
    return (await this.byTeam([teamId])).map(toRecord);
  }

  async save(teamId: string, record: SubscriptionRecord): Promise<void> {
    assertSameTeam(teamId, record);
    // Ids are global: refuse to overwrite a row that belongs to another workspace.
    await this.orm.em.fork().transactional(async (em) => {
      const existing = await em.findOne(SubscriptionEntity, { id: record.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['teamId'] });
      if (existing && existing.teamId !== teamId) throw new Error(`Subscription ${record.id} belongs to another team`);
      await em.upsert(SubscriptionEntity, { ...record, pauseReason: record.pauseReason ?? null });
    });
  }
}

function toRecord(row: Row): SubscriptionRecord {
  return {
    id: row.id,
    teamId: row.teamId,
    kind: row.kind as SubscriptionRecord['kind'],
    planKey: row.planKey as SubscriptionRecord['planKey'],
    interval: (row.interval ?? null) as SubscriptionRecord['interval'],
    billingMode: (row.billingMode ?? null) as SubscriptionRecord['billingMode'],
    status: row.status as SubscriptionRecord['status'],
    quantity: row.quantity,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt ?? null,
    pauseReason: (row.pauseReason ?? null) as SubscriptionRecord['pauseReason'],
    externalId: row.externalId ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
