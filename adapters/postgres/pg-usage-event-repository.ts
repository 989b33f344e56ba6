import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { UsageEventRepository, UsageReservationRequest } from '../../core/usage/usage-event-repository.port';
import type { MemberUsageTally, UsageEventRecord } from '../../core/usage/usage-event';
import { deliveryRecordId } from '../queue/job-context';
import { outlastingOutage } from './database-wait';
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

  async record(teamId: string, event: UsageEventRecord, reservationId?: string): Promise<void> {
    assertSameTeam(teamId, event);
    // The id is taken once: a write repeated after an outage inserts nothing the second time.
    const row = { ...event, id: deliveryRecordId('usage') ?? event.id };
    if (reservationId === undefined) {
      await outlastingOutage(() => this.orm.em.fork().createQueryBuilder(UsageEventEntity).insert(row).onConflict(['teamId', 'id']).ignore().execute());
      return;
    }
    // One statement: the request is counted and stops being held at the same instant.
    await outlastingOutage(() =>
      this.query(
        'usage-record-reserved',
        `with released as (delete from usage_reservations where team_id = $1 and id = $7)
         insert into usage_events (team_id, id, member_id, subscription_id, kind, occurred_at)
         values ($1, $2, $3, $4, $5, $6) on conflict (team_id, id) do nothing`,
        [teamId, row.id, row.memberId, row.subscriptionId, row.kind, row.occurredAt, reservationId],
      ),
    );
  }

  /**
   * Inside a delivering job the reservation takes the id the usage event will get (ADR 38), so
   * a retry neither counts its dead attempt's reservation nor its event against itself.
   */
  async reserve(teamId: string, request: UsageReservationRequest): Promise<string | null> {
    const id = deliveryRecordId('usage', { peek: true }) ?? randomUUID();
    const [row] = await this.query<{ held: boolean }>(
      'usage-reserve',
      'select tomo_reserve_usage($1, $2, $3, $4, $5, $6, $7, $8) as held',
      [teamId, id, request.subscriptionId, request.memberId, request.since, request.limit, request.now, request.until],
    );
    return row?.held === true ? id : null;
  }

  async release(teamId: string, reservationId: string): Promise<void> {
    await this.query('usage-release', 'delete from usage_reservations where team_id = $1 and id = $2', [teamId, reservationId]);
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
