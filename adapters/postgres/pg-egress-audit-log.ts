import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EgressAuditLog, EgressAuditRecord } from '../../core/assistant/egress-audit-log.port';
import { EgressAuditEntity } from './entities/egress-audit.entity';
import { outlastingOutage } from './database-wait';
import { assertSameTeam } from './team-scope';

type Row = InferEntity<typeof EgressAuditEntity>;

export class PgEgressAuditLog implements EgressAuditLog {
  constructor(private readonly orm: MikroORM) {}

  async record(teamId: string, entry: EgressAuditRecord): Promise<void> {
    assertSameTeam(teamId, entry);
    const row = {
      ...entry,
      sourceKinds: [...entry.sourceKinds],
      sourceCounts: entry.sourceCounts === undefined ? null : { ...entry.sourceCounts },
      toolsCalled: entry.toolsCalled === undefined ? null : [...entry.toolsCalled],
    };
    // Written after the answer reached Slack; an insert an outage cut off after it was applied
    // leaves the line twice, a lesser harm than the answer asked and shown again.
    await outlastingOutage(() => this.orm.em.fork().insert(EgressAuditEntity, row));
  }

  async list(teamId: string, options: { since?: Date; limit?: number } = {}): Promise<EgressAuditRecord[]> {
    const where = options.since ? { teamId, occurredAt: { $gte: options.since } } : { teamId };
    const rows = await this.orm.em
      .fork()
      .find(EgressAuditEntity, where, { orderBy: { occurredAt: 'desc', id: 'desc' }, limit: options.limit ?? 100 });
    return rows.map(toRecord);
  }
}

function toRecord(row: Row): EgressAuditRecord {
  return {
    teamId: row.teamId,
    memberId: row.memberId ?? null,
    provider: row.provider,
    model: row.model,
    inputTokens: row.inputTokens ?? null,
    outputTokens: row.outputTokens ?? null,
    sourceKinds: [...row.sourceKinds],
    ...(row.sourceCounts == null ? {} : { sourceCounts: { ...row.sourceCounts } }),
    ...(row.toolsCalled == null ? {} : { toolsCalled: [...row.toolsCalled] }),
    occurredAt: row.occurredAt,
  };
}
