import type { InferEntity } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { ScheduleSettingsRepository } from '../../core/schedules/schedule-settings-repository.port';
import { dueRun, firstRunAfterSave, runAfter, type DueRun } from '../../core/schedules/schedule-runs';
import type { ScheduleSettingRecord } from '../../core/schedules/schedule-setting';
import {
  ChannelScheduleNextRunEntity,
  ChannelScheduleSettingHistoryEntity,
  ChannelScheduleSettingViewEntity,
} from './entities/channel-schedule-setting.entity';
import { assertSameTeam } from './team-scope';

type ViewRow = InferEntity<typeof ChannelScheduleSettingViewEntity>;

/**
 * Writes append to channel_schedule_settings_history; reads come from channel_schedule_settings_view.
 * channel_schedule_next_runs holds each schedule's next run for the due query, written in the
 * same transaction as the history row.
 */
export class PgScheduleSettingsRepository implements ScheduleSettingsRepository {
  constructor(private readonly orm: MikroORM) {}

  async listLatest(teamId: string): Promise<ScheduleSettingRecord[]> {
    const rows = await this.orm.em.fork().find(ChannelScheduleSettingViewEntity, { teamId }, { orderBy: { id: 'asc' } });
    return rows.map(toRecord);
  }

  async findLatest(teamId: string, channelId: string): Promise<ScheduleSettingRecord | null> {
    const row = await this.orm.em.fork().findOne(ChannelScheduleSettingViewEntity, { teamId, channelId });
    return row ? toRecord(row) : null;
  }

  async append(teamId: string, record: ScheduleSettingRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.appendLocked(teamId, record.channelId, () => Promise.resolve(record));
  }

  async turnOffOwnedBy(teamId: string, channelId: string, ownerId: string, change: { by: string; at: Date }): Promise<boolean> {
    // Read again under the channel's lock: a save, a summary run or another deactivation's turn-off
    // since the caller read it wins, and this one changes nothing.
    return this.appendLocked(teamId, channelId, async (em) => {
      const latest = await em.findOne(ChannelScheduleSettingViewEntity, { teamId, channelId });
      if (!latest?.isSummaryEnabled || latest.updatedBy !== ownerId) return null;
      return { ...toRecord(latest), isSummaryEnabled: false, updatedBy: change.by, updatedAt: change.at };
    });
  }

  /** Appends what `next` returns (nothing when it returns null) under the channel's lock; true when a row was appended. */
  private async appendLocked(
    teamId: string,
    channelId: string,
    next: (em: EntityManager) => Promise<ScheduleSettingRecord | null>,
  ): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      const connection = em.getConnection();
      const trx = em.getTransactionContext();
      // One save of a channel's schedule at a time, its first included: the history row's id
      // (which the view orders by) is then taken in the order the next runs are written, so two
      // saves at once cannot leave the page showing one and the sweep running the other; and
      // the next run read below is the one the save before this left.
      await connection.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`schedule/${teamId}/${channelId}`], 'all', trx);
      const record = await next(em);
      if (record === null) return false;
      const [stored] = await connection.execute<{ next_run_at: Date | null }[]>(
        'select next_run_at from channel_schedule_next_runs where team_id = ? and channel_id = ?',
        [teamId, channelId],
        'all',
        trx,
      );
      await em.insert(ChannelScheduleSettingHistoryEntity, { ...record });
      await em.upsert(ChannelScheduleNextRunEntity, {
        teamId,
        channelId,
        startTimeUtc: record.startTimeUtc,
        timezoneOffsetMinutes: record.timezoneOffsetMinutes,
        timeZone: record.timeZone,
        nextRunAt: firstRunAfterSave(record, stored?.next_run_at ? new Date(stored.next_run_at) : null),
      });
      return true;
    });
  }

  /**
   * One range scan of the partial index on next_run_at. The latest due time is computed here,
   * not in SQL: it follows the schedule's time zone (daylight saving) with the same rules and
   * time zone data as the rest of the schedule's times.
   */
  async findDue(now: Date, limit: number): Promise<DueRun[]> {
    const rows = await this.orm.em.getConnection().execute<
      { team_id: string; channel_id: string; next_run_at: Date; start_time_utc: string; timezone_offset_minutes: number; time_zone: string | null }[]
    >(
      `select team_id, channel_id, next_run_at, start_time_utc, timezone_offset_minutes, time_zone
         from channel_schedule_next_runs
        where next_run_at is not null and next_run_at <= ?
        order by next_run_at
        limit ?`,
      [now, limit],
    );
    return rows.map((row) =>
      dueRun(
        {
          teamId: row.team_id,
          channelId: row.channel_id,
          nextRunAt: new Date(row.next_run_at),
          startTimeUtc: row.start_time_utc,
          timezoneOffsetMinutes: row.timezone_offset_minutes,
          timeZone: row.time_zone,
        },
        now,
      ),
    );
  }

  /**
   * One statement for the whole batch, each to its next local day's run; a schedule saved again
   * since it was read keeps its new time. The batch comes as literal arrays, whose length the
   * planner knows: a minute's dozen schedules are found through the primary key, not by a scan
   * of every schedule (a jsonb recordset counts as 100 rows, which made it hash-join them all).
   */
  async advance(runs: readonly DueRun[]): Promise<void> {
    if (runs.length === 0) return;
    await this.orm.em.getConnection().execute(
      `update channel_schedule_next_runs s
          set next_run_at = v.next_run_at
         from unnest(array[?]::text[], array[?]::text[], array[?]::timestamptz[], array[?]::timestamptz[])
           as v(team_id, channel_id, read_at, next_run_at)
        where s.team_id = v.team_id and s.channel_id = v.channel_id and s.next_run_at = v.read_at`,
      [
        runs.map((run) => run.teamId),
        runs.map((run) => run.channelId),
        runs.map((run) => run.nextRunAt.toISOString()),
        runs.map((run) => runAfter(run).toISOString()),
      ],
    );
  }
}

function toRecord(row: ViewRow): ScheduleSettingRecord {
  return {
    teamId: row.teamId,
    channelId: row.channelId,
    channelName: row.channelName,
    isSummaryEnabled: row.isSummaryEnabled,
    startTimeUtc: row.startTimeUtc,
    lookbackDays: row.lookbackDays,
    timezoneOffsetMinutes: row.timezoneOffsetMinutes,
    timeZone: row.timeZone ?? null,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}
