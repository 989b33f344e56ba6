import type { MikroORM } from '@mikro-orm/postgresql';
import type { AssistantThreadRecord, AssistantThreadRepository } from '../../core/assistant/assistant-thread';
import type { AutoReplyCounter } from '../../core/auto-replies/auto-reply-loop-guard';
import { HOME_NOTICES } from '../../core/home/home-facts';
import type { HomeViewHashRepository, HomeViewState } from '../../core/home/home-view-hash-repository.port';
import type { TriggerInputStash } from '../../core/triggers/trigger-input-stash.port';
import type { SecretBox } from '../crypto/secret-box';
import { currentJobAttempt } from '../queue/job-context';
import { AssistantThreadEntity, AutoReplyCountEntity, TriggerInputEntity } from './entities/trigger-state.entity';
import { assertSameTeam } from './team-scope';

/** Table assistant_threads: the channel each AI-app thread's person is viewing. */
export class PgAssistantThreadRepository implements AssistantThreadRepository {
  constructor(private readonly orm: MikroORM) {}

  async find(teamId: string, channelId: string, threadTs: string): Promise<AssistantThreadRecord | null> {
    const row = await this.orm.em.fork().findOne(AssistantThreadEntity, { teamId, channelId, threadTs });
    return row
      ? { teamId: row.teamId, channelId: row.channelId, threadTs: row.threadTs, userId: row.userId, contextChannelId: row.contextChannelId ?? null, updatedAt: row.updatedAt }
      : null;
  }

  /** Events can be handled out of order: a context older than the stored one is ignored. */
  async save(teamId: string, record: AssistantThreadRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.orm.em.getConnection().execute(
      `insert into assistant_threads (team_id, channel_id, thread_ts, user_id, context_channel_id, titled, updated_at)
       values (?, ?, ?, ?, ?, false, ?)
       on conflict (team_id, channel_id, thread_ts) do update
         set context_channel_id = excluded.context_channel_id, user_id = excluded.user_id, updated_at = excluded.updated_at
       where assistant_threads.updated_at <= excluded.updated_at`,
      [teamId, record.channelId, record.threadTs, record.userId, record.contextChannelId, record.updatedAt],
    );
  }

  async markTitled(teamId: string, channelId: string, threadTs: string): Promise<boolean> {
    const rows = await this.orm.em.getConnection().execute<{ thread_ts: string }[]>(
      `update assistant_threads set titled = true
        where team_id = ? and channel_id = ? and thread_ts = ? and not titled returning thread_ts`,
      [teamId, channelId, threadTs],
    );
    return rows.length === 1;
  }

  async purgeBefore(before: Date): Promise<number> {
    return this.orm.em.fork().nativeDelete(AssistantThreadEntity, { updatedAt: { $lt: before } });
  }
}

/** Table auto_reply_counts: one row per thread and hour, incremented atomically. */
export class PgAutoReplyCounter implements AutoReplyCounter {
  constructor(private readonly orm: MikroORM) {}

  async increment(teamId: string, channelId: string, threadTs: string, hour: Date): Promise<number> {
    const rows = await this.orm.em.getConnection().execute<{ count: number }[]>(
      `insert into auto_reply_counts (team_id, channel_id, thread_ts, hour_start, count) values (?, ?, ?, ?, 1)
       on conflict (team_id, channel_id, thread_ts, hour_start) do update set count = auto_reply_counts.count + 1
       returning count`,
      [teamId, channelId, threadTs, hour],
    );
    return Number(rows[0]!.count);
  }

  async purgeBefore(before: Date): Promise<number> {
    return this.orm.em.fork().nativeDelete(AutoReplyCountEntity, { hourStart: { $lt: before } });
  }
}

/**
 * Table trigger_inputs: sealed with the app's key, bound to its team and key; erased when
 * taken, the row kept as a tombstone so a late retry of the event stores nothing again. Taken
 * inside a delivering job, the values are erased once its delivery is whole, not before: a
 * retry of an attempt that died mid-answer reads them again (ADR 38).
 */
export class PgTriggerInputStash implements TriggerInputStash {
  constructor(
    private readonly orm: MikroORM,
    private readonly secrets: SecretBox,
  ) {}

  async put(teamId: string, key: string, values: Readonly<Record<string, string>>, at: Date): Promise<void> {
    const sealed = this.secrets.seal(JSON.stringify(values), context(teamId, key));
    await this.orm.em.getConnection().execute(
      `insert into trigger_inputs (key, team_id, sealed, created_at) values (?, ?, ?, ?) on conflict (key) do nothing`,
      [key, teamId, sealed, at],
    );
  }

  async take(teamId: string, key: string): Promise<Record<string, string> | null> {
    const delivery = currentJobAttempt()?.delivery;
    if (delivery?.whenFinished !== undefined) {
      const rows = await this.orm.em
        .getConnection()
        .execute<{ sealed: string }[]>(`select sealed from trigger_inputs where key = ? and team_id = ? and sealed is not null`, [key, teamId]);
      const sealed = rows[0]?.sealed;
      if (sealed === undefined) return null;
      delivery.whenFinished(() => this.erase(teamId, key));
      return JSON.parse(this.secrets.open(sealed, context(teamId, key))) as Record<string, string>;
    }
    const rows = await this.orm.em.getConnection().execute<{ sealed: string }[]>(
      `with taken as (
         select key, sealed from trigger_inputs where key = ? and team_id = ? and sealed is not null for update
       )
       update trigger_inputs t set sealed = null from taken where t.key = taken.key returning taken.sealed`,
      [key, teamId],
    );
    const sealed = rows[0]?.sealed;
    return sealed === undefined ? null : (JSON.parse(this.secrets.open(sealed, context(teamId, key))) as Record<string, string>);
  }

  private async erase(teamId: string, key: string): Promise<void> {
    await this.orm.em.getConnection().execute(`update trigger_inputs set sealed = null where key = ? and team_id = ?`, [key, teamId]);
  }

  async purgeBefore(before: Date): Promise<number> {
    return this.orm.em.fork().nativeDelete(TriggerInputEntity, { createdAt: { $lt: before } });
  }
}

const context = (teamId: string, key: string) => `trigger_inputs:${teamId}:${key}`;

/** Table home_view_hashes: the hash of each person's Home tab at Tomo's last publish. */
export class PgHomeViewHashRepository implements HomeViewHashRepository {
  constructor(private readonly orm: MikroORM) {}

  async find(teamId: string, userId: string): Promise<HomeViewState | null> {
    const rows = await this.orm.em.getConnection().execute<{ hash: string; notice: string | null; notice_shown_at: Date | null }[]>(
      `select hash, notice, notice_shown_at from home_view_hashes where team_id = ? and user_id = ?`,
      [teamId, userId],
    );
    const row = rows[0];
    if (row === undefined) return null;
    const code = HOME_NOTICES.find((known) => known === row.notice);
    return { hash: row.hash, notice: code && row.notice_shown_at ? { code, shownAt: new Date(row.notice_shown_at) } : null };
  }

  /**
   * The last publish Slack accepted wins: a publish that passed a hash could only have read it
   * after the publish before it saved it, so saves arrive in Slack's order.
   */
  async save(teamId: string, userId: string, state: HomeViewState): Promise<void> {
    await this.orm.em.getConnection().execute(
      `insert into home_view_hashes (team_id, user_id, hash, notice, notice_shown_at, updated_at) values (?, ?, ?, ?, ?, now())
       on conflict (team_id, user_id) do update
         set hash = excluded.hash, notice = excluded.notice, notice_shown_at = excluded.notice_shown_at, updated_at = excluded.updated_at`,
      [teamId, userId, state.hash, state.notice?.code ?? null, state.notice?.shownAt ?? null],
    );
  }
}
