import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './support/http-session';
import { ADMIN_A, MEMBER_A, startSettingsWorld, TEAM_A, type SettingsWorld } from './support/slack-world';

/**
 * Two people changing the same settings at the same moment. To make "at the same moment"
 * happen every time, the test holds the settings table so that writes wait (reads do not),
 * sends both changes, waits until both are stuck in PostgreSQL, then lets them go.
 */
let world: SettingsWorld;
let ana: HttpSession;
let mo: HttpSession;

beforeAll(async () => {
  world = await startSettingsWorld();
  ana = new HttpSession(world.app.baseUrl, 'en');
  mo = new HttpSession(world.app.baseUrl, 'ja');
  await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
  await mo.signIn(world.slack, { teamId: TEAM_A, userId: MEMBER_A });
});
afterAll(() => world?.close());

/** Runs `requests` while `table` refuses writes, releasing it once `waiting` backends wait on a lock. */
async function atOnce<T>(table: string, waiting: number, requests: () => Promise<T>[]): Promise<T[]> {
  const holder = new pg.Client({ connectionString: world.app.config.DATABASE_URL });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(`lock table ${table} in exclusive mode`);
    const sent = requests();
    for (;;) {
      const { rows } = await holder.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0]!.n >= waiting) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await holder.query('commit');
    return await Promise.all(sent);
  } finally {
    await holder.end();
  }
}

describe('App page: two changes at once', () => {
  it('keeps both a new name and the greeting turned off, saved by two people at the same moment', async () => {
    const [renamed, quiet] = await atOnce('app_customizations', 2, () => [
      ana.send('PUT', '/api/settings/app', { appName: 'Acme Helper' }),
      mo.send('PUT', '/api/settings/app', { greetingWhenJoiningChannel: false }),
    ]);
    expect([renamed!.status, quiet!.status]).toEqual([200, 200]);
    expect(await (await ana.get('/api/settings/app')).json()).toMatchObject({
      appName: 'Acme Helper',
      effectiveAppName: 'Acme Helper',
      greetingWhenJoiningChannel: false,
    });
  });
});

describe('Reactions: the same name twice at once', () => {
  it('stores a custom reaction once when it is created twice at the same moment, and tells the second it exists (en, ja)', async () => {
    const draft = { name: ':eyes:', prompt: 'Review this message' };
    const answers = await atOnce('reaction_settings', 2, () => [
      ana.send('POST', '/api/settings/reactions', draft),
      mo.send('POST', '/api/settings/reactions', draft),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    const japanese = refused === answers[1];
    expect(((await refused.json()) as { error: { code: string; message: string; field?: string } }).error).toEqual({
      code: 'REACTION.NAME_EXISTS',
      message: japanese ? 'このリアクション名はすでに存在します' : 'This reaction name already exists',
      field: 'name',
    });
    const list = (await (await ana.get('/api/settings/reactions')).json()) as { custom: { name: string }[] };
    expect(list.custom.filter((r) => r.name === 'eyes')).toHaveLength(1);
  });
});

describe('Schedules: one channel’s row saved twice at once', () => {
  it('runs at the time the page shows: the later save wins for both', async () => {
    const db = new pg.Client({ connectionString: world.app.config.DATABASE_URL });
    await db.connect();
    const row = (localTime: string, lookbackDays: number) => ({ isSummaryEnabled: true, localTime, timezoneOffsetMinutes: 0, timeZone: 'UTC', lookbackDays });
    // Ana's save (look-back 7) pauses inside PostgreSQL after its history row, so Mo's save,
    // sent while it waits, can be written in between.
    await db.query(
      "create function slow_schedule_save() returns trigger language plpgsql as $$ begin if new.lookback_days = 7 then perform pg_sleep(1); end if; return new; end $$",
    );
    await db.query('create trigger slow_schedule_save after insert on channel_schedule_settings_history for each row execute function slow_schedule_save()');
    try {
      const anas = ana.send('PUT', '/api/settings/schedules/C0GENERAL', row('09:00', 7));
      for (;;) {
        const { rows } = await db.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep'");
        if (rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const mos = await mo.send('PUT', '/api/settings/schedules/C0GENERAL', row('17:00', 1));
      expect([(await anas).status, mos.status]).toEqual([200, 200]);

      // The page shows Mo's 17:00; the sweep's row (in UTC, which is the zone here) must say the same.
      const page = (await (await ana.get('/api/settings/schedules')).json()) as { rows: { channelId: string; localTime: string }[] };
      const { rows: runs } = await db.query<{ start_time_utc: string }>("select start_time_utc from channel_schedule_next_runs where channel_id = 'C0GENERAL'");
      expect({ shown: page.rows.find((r) => r.channelId === 'C0GENERAL')!.localTime, runs: runs[0]!.start_time_utc }).toEqual({ shown: '17:00', runs: '17:00' });
    } finally {
      await db.query('drop trigger if exists slow_schedule_save on channel_schedule_settings_history');
      await db.query('drop function if exists slow_schedule_save()');
      await db.end();
    }
  });
});
