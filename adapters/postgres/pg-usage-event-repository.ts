import type { MikroORM } from '@mikro-orm/postgresql';
import type { UsageEventRepository } from '../../core/usage/usage-event-repository.port';
import type { MemberUsageTally, UsageEventRecord } from '../../core/usage/usage-event';
import { deliveryRecordId } from '../queue/job-context';
import { UsageEventEntity } from './entities/usage-event.entity';
import { preparedQueries, type PreparedQuery } from './native-pool';
import { assertSameTeam } from './team-scope';

interface TallyRow {
  member_id: string;
  channel_mention: string | number;
  direct_message: string | number;
  reaction: string | number;
}

/**
 * Append-only: each answered request is one row, so concurrent requests are each counted once.
 * Inside a delivering job the row's id is the delivery's (ADR 38), so the retry of an attempt
 * that died after recording finds the row there and the request still counts once.
 */
export class PgUsageEventRepository implements UsageEventRepository {
  // Every answer counts its asker's requests first: a named statement, without the ORM (ADR 83).
  private readonly query: PreparedQuery;

  constructor(private readonly orm: MikroORM) {
    this.query = preparedQueries(orm);
  }

  async record(teamId: string, event: UsageEventRecord): Promise<void> {
    assertSameTeam(teamId, event);
    const row = { ...event, id: deliveryRecordId('usage') ?? event.id };
    await this.orm.em.fork().createQueryBuilder(UsageEventEntity).insert(row).onConflict(['teamId', 'id']).ignore().execute();
  }

  async countForSeat(teamId: string, subscriptionId: string, memberId: string, since: Date): Promise<number> {
    const [row] = await this.query<{ count: string }>(
      'usage-count-for-seat',
      `select count(*) as count from usage_events where team_id = $1 and subscription_id = $2 and member_id = $3 and occurred_at >= $4`,
      [teamId, subscriptionId, memberId, since],
    );
    return Number(row?.count ?? 0);
  }

  async tallyByMember(teamId: string, since: Date | null): Promise<MemberUsageTally[]> {
    const rows = await this.orm.em.getConnection().execute<TallyRow[]>(
      `select member_id,
              count(*) filter (where kind = 'channel_mention') as channel_mention,
              count(*) filter (where kind = 'direct_message') as direct_message,
              count(*) filter (where kind = 'reaction') as reaction
         from usage_events
        where team_id = ? and (?::timestamptz is null or occurred_at >= ?::timestamptz)
        group by member_id
        order by member_id`,
      [teamId, since, since],
    );
    return rows.map((row) => ({
      memberId: row.member_id,
      channelMention: Number(row.channel_mention),
      directMessage: Number(row.direct_message),
      reaction: Number(row.reaction),
    }));
  }
}
