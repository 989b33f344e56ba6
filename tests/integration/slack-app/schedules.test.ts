import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackText } from '../../../apps/shared/messages/slack';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import type { ScheduleSettingRecord } from '../../../core/schedules/schedule-setting';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { noonOffset } from '../../support/due-summary';
import { spawnBuilt, type SpawnedApp } from '../../support/processes';
import {
  builtProcessEnv,
  endTrial,
  eventually,
  installThroughBrowser,
  jobsOf,
  lastPrompt,
  repositoriesOf,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

const SUMMARIES = SLACK_QUEUES.slackSummary.name;
const MINUTE = 60_000;
const DAY = 86_400_000;

const hhmm = (date: Date) => date.toISOString().slice(11, 16);

describe('Slack app: scheduled channel summaries (real server and workers, fakes)', () => {
  let world: SlackAppWorld;
  let second: SpawnedApp | undefined;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    await installThroughBrowser(world);
  });
  afterAll(async () => {
    if (second && second.child.exitCode === null) await second.stop();
    await world.close();
  });

  /** Saves a schedule whose time came `minutesAgo` minutes ago (saved before that), as the Schedules page would. */
  const schedule = async (
    channelId: string,
    options: { minutesAgo?: number; enabled?: boolean; lookbackDays?: number; ws?: SeededWorkspace; offset?: number } = {},
  ): Promise<ScheduleSettingRecord> => {
    const ws = options.ws ?? world.ws;
    const now = new Date();
    const runAt = new Date(Math.floor((now.getTime() - (options.minutesAgo ?? 5) * MINUTE) / MINUTE) * MINUTE);
    const record: ScheduleSettingRecord = {
      teamId: ws.team.id,
      channelId,
      channelName: channelId.toLowerCase(),
      isSummaryEnabled: options.enabled ?? true,
      startTimeUtc: hhmm(runAt),
      lookbackDays: options.lookbackDays ?? 1,
      timezoneOffsetMinutes: options.offset ?? noonOffset(now),
      timeZone: null,
      updatedBy: ws.alice,
      updatedAt: new Date(runAt.getTime() - MINUTE),
    };
    await repositoriesOf(world).scheduleSettings.append(ws.team.id, record);
    return record;
  };

  /** What the minute's cron does: one sweep of the due schedules. */
  const sweep = async () => {
    await world.app.queue.send(SLACK_QUEUES.schedulesDue.name, {});
    await settled(world, SLACK_QUEUES.schedulesDue.name);
    await settled(world, SUMMARIES);
  };

  const tomoPosts = (channel: string, ws: SeededWorkspace = world.ws) =>
    world.slack.state.messages.filter((m) => m.channel === channel && m.botId === ws.team.botId && m.threadTs === undefined);
  const dmsTo = (user: string, ws: SeededWorkspace = world.ws) => {
    const dm = [...world.slack.state.channels.values()].find((c) => c.teamId === ws.team.id && c.isIm && c.user === user);
    return dm ? world.slack.state.messages.filter((m) => m.channel === dm.id && m.botId === ws.team.botId).map((m) => m.text) : [];
  };

  it('posts one summary of the lookback window, threads included, on the schedule owner’s seat', async () => {
    const channel = world.slack.addChannel({ id: 'CDAILY', teamId: world.ws.team.id, name: 'daily' }).id;
    const now = Date.now();
    world.slack.addMessage({ channel, user: world.ws.bob, text: 'Old news from last week', at: new Date(now - 3 * DAY) });
    const parent = world.slack.addMessage({ channel, user: world.ws.alice, text: 'We ship v2 on Friday', at: new Date(now - 3 * 3_600_000) });
    world.slack.addMessage({ channel, user: world.ws.bob, text: 'QA signs off Thursday', threadTs: parent.ts, at: new Date(now - 2 * 3_600_000) });
    await schedule(channel);
    world.openai.answer('• v2 ships Friday; QA signs off Thursday (Bob).');

    await sweep();

    const header = slackText('SLACK.SUMMARY_HEADER', { channel: `<#${channel}>`, days: 1 }, 'en');
    expect(tomoPosts(channel).map((m) => m.text)).toEqual([`${header}\n\n• v2 ships Friday; QA signs off Thursday (Bob).`]);
    const { system } = lastPrompt(world);
    expect(system).toContain("Write a summary of this channel's last day");
    expect(system).toContain('alice: We ship v2 on Friday');
    expect(system).toContain('↳ ');
    expect(system).toContain('Bob Baker: QA signs off Thursday');
    expect(system).not.toContain('Old news');
    expect(await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).toEqual([
      { memberId: world.ws.alice, channelMention: 1, directMessage: 0, reaction: 0 },
    ]);
  });

  it('summarises a reply also sent to the channel once, in its thread, not a second time as a channel message', async () => {
    const channel = world.slack.addChannel({ id: 'CBROADCAST', teamId: world.ws.team.id, name: 'broadcast' }).id;
    const now = Date.now();
    const parent = world.slack.addMessage({ channel, user: world.ws.alice, text: 'Release train for v3', at: new Date(now - 3 * 3_600_000) });
    world.slack.addMessage({ channel, user: world.ws.bob, text: 'Freeze starts Monday', threadTs: parent.ts, at: new Date(now - 2 * 3_600_000) });
    // "Also send to #broadcast": Slack lists it in the history and in the thread.
    world.slack.addMessage({
      channel,
      user: world.ws.bob,
      text: 'Heads up: the v3 branch is cut',
      threadTs: parent.ts,
      subtype: 'thread_broadcast',
      at: new Date(now - 3_600_000),
    });
    await schedule(channel);
    world.openai.answer('• v3: freeze Monday, branch cut.');

    await sweep();

    expect(tomoPosts(channel)).toHaveLength(1);
    const { system } = lastPrompt(world);
    expect(system.split('Heads up: the v3 branch is cut')).toHaveLength(2);
    expect(system).toContain('↳ [');
    expect(system).toMatch(/↳ \[[^\]]+\] Bob Baker: Heads up: the v3 branch is cut/);
  });

  it('summarises replies in the window to a thread started days before it, with its parent for context, and not its older replies', async () => {
    const channel = world.slack.addChannel({ id: 'CLONGTHREAD', teamId: world.ws.team.id, name: 'long-thread' }).id;
    const now = Date.now();
    const parent = world.slack.addMessage({ channel, user: world.ws.alice, text: 'Migration to Postgres 17: plan', at: new Date(now - 3 * DAY) });
    world.slack.addMessage({ channel, user: world.ws.bob, text: 'Dry run scheduled', threadTs: parent.ts, at: new Date(now - 2 * DAY) });
    world.slack.addMessage({ channel, user: world.ws.bob, text: 'Cutover done, no downtime', threadTs: parent.ts, at: new Date(now - 2 * 3_600_000) });
    const stale = world.slack.addMessage({ channel, user: world.ws.alice, text: 'A thread from two weeks ago', at: new Date(now - 14 * DAY) });
    world.slack.addMessage({ channel, user: world.ws.bob, text: 'Revived after two weeks', threadTs: stale.ts, at: new Date(now - 3_600_000) });
    await schedule(channel);
    world.openai.answer('• Postgres 17 cutover done without downtime (Bob).');

    await sweep();

    expect(tomoPosts(channel)).toHaveLength(1);
    const { system } = lastPrompt(world);
    expect(system).toContain('alice: Migration to Postgres 17: plan');
    expect(system).toMatch(/↳ \[[^\]]+\] Bob Baker: Cutover done, no downtime/);
    expect(system).not.toContain('Dry run scheduled');
    // Older than the look-back (7 days before the window): left out.
    expect(system).not.toContain('Revived after two weeks');
  });

  it('reads due schedules with one query over the partial index on the next run', async () => {
    // With few rows the planner may prefer a scan; with scans off it shows the index serves the query.
    const client = new pg.Client({ connectionString: world.app.db.url });
    await client.connect();
    try {
      await client.query('set enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain select team_id, channel_id from channel_schedule_next_runs
          where next_run_at is not null and next_run_at <= now() order by next_run_at limit 2000`,
      );
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('channel_schedule_next_runs_due_index');
    } finally {
      await client.end();
    }
  });

  it('posts exactly once per schedule per day with a second worker process racing the first', async () => {
    const ws = seedWorkspace(world.slack, 'T0RACE');
    await installThroughBrowser(world, ws);
    const channels = Array.from({ length: 6 }, (_, i) => world.slack.addChannel({ id: `CRACE${i}`, teamId: ws.team.id, name: `race-${i}` }).id);
    for (const channel of channels) {
      world.slack.addMessage({ channel, user: ws.alice, text: `Status of ${channel}`, at: new Date(Date.now() - 3_600_000) });
      await schedule(channel, { ws });
    }
    // The worker as production runs it (`node dist/worker.js`), on the same database.
    const worker = spawnBuilt('worker', builtProcessEnv(world));
    second = worker;
    await eventually(() => expect(worker.output()).toContain('worker started'), 60_000);

    // Two sweeps at once, and every run also sent twice under different job ids, so both
    // processes hold a job for the same schedule and day: only the database claim decides.
    await Promise.all([world.app.queue.send(SLACK_QUEUES.schedulesDue.name, {}), world.app.queue.boss.send(SLACK_QUEUES.schedulesDue.name, {})]);
    await settled(world, SLACK_QUEUES.schedulesDue.name);
    const runs = (await jobsOf(world, SUMMARIES)).filter((job) => (job.data as { teamId: string }).teamId === ws.team.id);
    for (const run of runs) await world.app.queue.boss.send(SUMMARIES, run.data as object);
    await eventually(async () => {
      for (const channel of channels) expect(tomoPosts(channel, ws), channel).toHaveLength(1);
    }, 30_000);
    const done = (await settled(world, SUMMARIES)).filter((job) => (job.data as { teamId: string }).teamId === ws.team.id);
    expect(done.filter((job) => (job.output as { status?: string }).status === 'answered')).toHaveLength(channels.length);
    expect(done.filter((job) => (job.output as { reason?: string }).reason === 'duplicate')).toHaveLength(done.length - channels.length);
    // Both processes did summary jobs (the race was real).
    expect(worker.output()).toContain('summary job done');
    await worker.stop();
    second = undefined;
    for (const channel of channels) expect(tomoPosts(channel, ws)).toHaveLength(1);
  });

  it('runs a summary missed while no worker ran later the same day, but not one from an earlier day', async () => {
    const late = world.slack.addChannel({ id: 'CLATE', teamId: world.ws.team.id, name: 'late' }).id;
    const stale = world.slack.addChannel({ id: 'CSTALE', teamId: world.ws.team.id, name: 'stale' }).id;
    // Before the due time: the window of a late run still ends when it was due.
    for (const channel of [late, stale]) world.slack.addMessage({ channel, user: world.ws.bob, text: 'Something happened', at: new Date(Date.now() - 240 * MINUTE) });
    // Due 3 hours ago, at local 09:00 of today.
    await schedule(late, { minutesAgo: 180 });
    // Due 3 hours ago too, but under an offset where that was yesterday evening (local 22:00; now is 01:00).
    const now = new Date();
    await schedule(stale, { minutesAgo: 180, offset: ((noonOffset(now) + 660 + 720) % 1440) - 720 });
    world.openai.answer('Late but here.');

    await sweep();

    expect(tomoPosts(late).map((m) => m.text.split('\n\n')[1])).toEqual(['Late but here.']);
    expect(tomoPosts(stale)).toEqual([]);
    // The stale one waits for its time tomorrow.
    const [next] = await world.app.database.orm.em
      .getConnection()
      .execute<{ next_run_at: Date }[]>(`select next_run_at from channel_schedule_next_runs where channel_id = ?`, [stale]);
    expect(new Date(next!.next_run_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('posts a short note without asking the model when the channel had no messages, and nothing once switched off', async () => {
    const quiet = world.slack.addChannel({ id: 'CQUIET', teamId: world.ws.team.id, name: 'quiet' }).id;
    const off = world.slack.addChannel({ id: 'COFF', teamId: world.ws.team.id, name: 'off' }).id;
    world.slack.addMessage({ channel: off, user: world.ws.bob, text: 'Busy channel', at: new Date(Date.now() - 30 * MINUTE) });
    await schedule(quiet);
    await schedule(off);
    await schedule(off, { enabled: false });
    const calls = world.openai.calls.length;
    const usage = await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null);

    await sweep();

    expect(tomoPosts(quiet).map((m) => m.text)).toEqual([slackText('SLACK.SUMMARY_EMPTY', { channel: `<#${quiet}>`, days: 1 }, 'en')]);
    expect(tomoPosts(off)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
    expect(await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).toEqual(usage);
  });

  it('says nothing in a quiet channel once the trial is over: the owner is told in a DM, as on a busy day', async () => {
    const ended = seedWorkspace(world.slack, 'T0ENDEDQ');
    await installThroughBrowser(world, ended);
    await endTrial(world, ended);
    await schedule(ended.channel, { ws: ended });
    const calls = world.openai.calls.length;

    await sweep();

    expect(tomoPosts(ended.channel, ended)).toEqual([]);
    expect(dmsTo(ended.alice, ended)).toEqual([
      expect.stringContaining(`Today's scheduled summary of <#${ended.channel}> was not posted. Your free trial of Tomo has ended.`),
    ]);
    expect(world.openai.calls.length).toBe(calls);
  });

  it('turns off the summary of an archived channel and tells the owner once, not every day: no model call, no usage, no failed job', async () => {
    const archived = world.slack.addChannel({ id: 'CARCHIVED', teamId: world.ws.team.id, name: 'old-project', isArchived: true }).id;
    world.slack.addMessage({ channel: archived, user: world.ws.bob, text: 'Last words before archiving', at: new Date(Date.now() - 30 * MINUTE) });
    await schedule(archived);
    const calls = world.openai.calls.length;
    const usage = await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null);
    const dms = dmsTo(world.ws.alice).length;

    await sweep();

    expect(tomoPosts(archived).map((m) => m.text)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
    expect(await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).toEqual(usage);
    const channel = `<#${archived}>`;
    const reason = slackText('SLACK.SUMMARY_CHANNEL_ARCHIVED', { channel, appName: 'Tomo' }, 'en');
    expect(dmsTo(world.ws.alice).slice(dms)).toEqual([slackText('SLACK.SUMMARY_REFUSED', { channel, reason }, 'en')]);
    // Off, by Tomo, and not due again: tomorrow brings no second DM (before: skipped in silence
    // every day, the owner never told why the summaries stopped).
    expect(await repositoriesOf(world).scheduleSettings.findLatest(world.ws.team.id, archived)).toMatchObject({
      isSummaryEnabled: false,
      updatedBy: world.ws.team.botUserId,
    });
    const [next] = await world.app.database.orm.em
      .getConnection()
      .execute<{ next_run_at: Date | null }[]>(`select next_run_at from channel_schedule_next_runs where channel_id = ?`, [archived]);
    expect(next!.next_run_at).toBeNull();
    const failed = await world.app.database.orm.em
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from pgboss.job where name = ? and state in ('failed', 'retry')`, [SUMMARIES]);
    expect(failed[0]!.n).toBe(0);
  });

  it('turns off the summary of an owner who was deactivated or left the workspace, and tells the channel once instead of running it on their seat', async () => {
    // Deactivated: users.info still answers, with `deleted: true`. Left (or removed from a Grid
    // workspace): users.info answers `user_not_found`.
    const deactivated = world.slack.addUser({ id: 'UCAROLGONE', teamId: world.ws.team.id, name: 'carol', deleted: true }).id;
    const left = 'UDAVELEFT';
    const cases = [
      { owner: deactivated, channel: world.slack.addChannel({ id: 'CCAROLS', teamId: world.ws.team.id, name: 'carols-standup' }).id },
      { owner: left, channel: world.slack.addChannel({ id: 'CDAVES', teamId: world.ws.team.id, name: 'daves-standup' }).id },
    ];
    for (const { owner, channel } of cases) {
      world.slack.addMessage({ channel, user: world.ws.bob, text: 'Standup notes', at: new Date(Date.now() - 30 * MINUTE) });
      const saved = await schedule(channel);
      await repositoriesOf(world).scheduleSettings.append(world.ws.team.id, { ...saved, updatedBy: owner });
    }
    const calls = world.openai.calls.length;
    const usage = await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null);

    await sweep();

    expect(world.openai.calls.length).toBe(calls);
    expect(await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).toEqual(usage);
    expect(dmsTo(deactivated)).toEqual([]);
    for (const { owner, channel } of cases) {
      // In the installer's language (alice: English), once: the summary is off, by Tomo, and not due again.
      expect(tomoPosts(channel).map((m) => m.text)).toEqual([slackText('SLACK.SUMMARY_OWNER_GONE', { channel: `<#${channel}>`, owner: `<@${owner}>` }, 'en')]);
      expect(await repositoriesOf(world).scheduleSettings.findLatest(world.ws.team.id, channel)).toMatchObject({
        isSummaryEnabled: false,
        updatedBy: world.ws.team.botUserId,
      });
      const [next] = await world.app.database.orm.em
        .getConnection()
        .execute<{ next_run_at: Date | null }[]>(`select next_run_at from channel_schedule_next_runs where channel_id = ?`, [channel]);
      expect(next!.next_run_at).toBeNull();
    }
  });

  it('turns off the summary of a channel Slack no longer shows Tomo (deleted, or private and Tomo taken out) and tells the owner once', async () => {
    // Slack answers channel_not_found for both, so the Schedules page cannot list the row to turn it off.
    const gone = world.slack.addChannel({ id: 'CGONE', teamId: world.ws.team.id, name: 'gone-project' }).id;
    world.slack.addMessage({ channel: gone, user: world.ws.bob, text: 'Wrapping up', at: new Date(Date.now() - 30 * MINUTE) });
    await schedule(gone);
    world.slack.state.channels.delete(gone);
    const calls = world.openai.calls.length;
    const dms = dmsTo(world.ws.alice).length;

    await sweep();

    // Named as the schedule was saved (here 'cgone'): Slack shows a deleted channel's <#C…> as unknown.
    const named = `#${gone.toLowerCase()}`;
    const reason = slackText('SLACK.SUMMARY_CHANNEL_GONE', { channel: named, appName: 'Tomo' }, 'en');
    expect(dmsTo(world.ws.alice).slice(dms)).toEqual([slackText('SLACK.SUMMARY_REFUSED', { channel: named, reason }, 'en')]);
    expect(world.openai.calls.length).toBe(calls);
    // Off, by Tomo, and not due again: tomorrow brings no second DM.
    expect(await repositoriesOf(world).scheduleSettings.findLatest(world.ws.team.id, gone)).toMatchObject({
      isSummaryEnabled: false,
      updatedBy: world.ws.team.botUserId,
    });
    const [next] = await world.app.database.orm.em
      .getConnection()
      .execute<{ next_run_at: Date | null }[]>(`select next_run_at from channel_schedule_next_runs where channel_id = ?`, [gone]);
    expect(next!.next_run_at).toBeNull();
  });

  it('turns off the summary of a private channel Tomo was taken out of: Slack shows it to the bot no more than a deleted one', async () => {
    const secret = world.slack.addChannel({ id: 'CSECRETPLANS', teamId: world.ws.team.id, name: 'secret-plans', isPrivate: true, members: [world.ws.alice, world.ws.bob] }).id;
    world.slack.addMessage({ channel: secret, user: world.ws.bob, text: 'Launch moves to May', at: new Date(Date.now() - 30 * MINUTE) });
    await schedule(secret);
    // Removed from the channel: conversations.info answers channel_not_found, as for a deleted channel.
    world.slack.state.channels.get(secret)!.botIsMember = false;
    const calls = world.openai.calls.length;
    const dms = dmsTo(world.ws.alice).length;

    await sweep();

    const named = `#${secret.toLowerCase()}`;
    const reason = slackText('SLACK.SUMMARY_CHANNEL_GONE', { channel: named, appName: 'Tomo' }, 'en');
    expect(dmsTo(world.ws.alice).slice(dms)).toEqual([slackText('SLACK.SUMMARY_REFUSED', { channel: named, reason }, 'en')]);
    expect(world.openai.calls.length).toBe(calls);
    expect(tomoPosts(secret)).toEqual([]);
    expect(await repositoriesOf(world).scheduleSettings.findLatest(world.ws.team.id, secret)).toMatchObject({ isSummaryEnabled: false });
  });

  it('turns off the summary of a public channel Tomo was removed from and tells the owner once, in their language, not every day', async () => {
    // Slack still shows a public channel to the bot (conversations.info), but its history answers not_in_channel.
    const left = world.slack.addChannel({ id: 'CLEFTPUBLIC', teamId: world.ws.team.id, name: 'left-public' }).id;
    world.slack.addMessage({ channel: left, user: world.ws.bob, text: 'Status update', at: new Date(Date.now() - 30 * MINUTE) });
    const saved = await schedule(left);
    await repositoriesOf(world).scheduleSettings.append(world.ws.team.id, { ...saved, updatedBy: world.ws.bob });
    world.slack.state.channels.get(left)!.botIsMember = false;
    const calls = world.openai.calls.length;
    const dms = dmsTo(world.ws.bob).length;

    await sweep();

    const channel = `<#${left}>`;
    const reason = slackText('SLACK.SUMMARY_NOT_IN_CHANNEL', { channel, appName: 'Tomo' }, 'ja');
    expect(dmsTo(world.ws.bob).slice(dms)).toEqual([slackText('SLACK.SUMMARY_REFUSED', { channel, reason }, 'ja')]);
    expect(tomoPosts(left)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
    // Off, by Tomo, and not due again: tomorrow brings no second DM (before, one every day).
    expect(await repositoriesOf(world).scheduleSettings.findLatest(world.ws.team.id, left)).toMatchObject({
      isSummaryEnabled: false,
      updatedBy: world.ws.team.botUserId,
    });
    const [next] = await world.app.database.orm.em
      .getConnection()
      .execute<{ next_run_at: Date | null }[]>(`select next_run_at from channel_schedule_next_runs where channel_id = ?`, [left]);
    expect(next!.next_run_at).toBeNull();
  });

  it('tells the schedule’s owner in a DM, not the channel, when Tomo is not in it or the trial is over', async () => {
    const outside = world.slack.addChannel({ id: 'COUTSIDE', teamId: world.ws.team.id, name: 'outside', botIsMember: false }).id;
    await schedule(outside);
    const ended = seedWorkspace(world.slack, 'T0ENDED');
    await installThroughBrowser(world, ended);
    await endTrial(world, ended);
    world.slack.addMessage({ channel: ended.channel, user: ended.bob, text: 'Quarterly numbers are in', at: new Date(Date.now() - 30 * MINUTE) });
    await schedule(ended.channel, { ws: ended });
    const calls = world.openai.calls.length;

    await sweep();

    expect(tomoPosts(outside)).toEqual([]);
    expect(tomoPosts(ended.channel, ended)).toEqual([]);
    expect(dmsTo(world.ws.alice)).toContain(
      slackText(
        'SLACK.SUMMARY_REFUSED',
        { channel: `<#${outside}>`, reason: slackText('SLACK.SUMMARY_NOT_IN_CHANNEL', { channel: `<#${outside}>`, appName: 'Tomo' }, 'en') },
        'en',
      ),
    );
    expect(dmsTo(ended.alice, ended)).toEqual([
      expect.stringContaining(`Today's scheduled summary of <#${ended.channel}> was not posted. Your free trial of Tomo has ended.`),
    ]);
    expect(world.openai.calls.length).toBe(calls);
  });

  it('posts a summary without the channel-wide or user-group mentions the model wrote: they read as inert @names', async () => {
    const channel = world.slack.addChannel({ id: 'CMENTIONS', teamId: world.ws.team.id, name: 'mentions' }).id;
    world.slack.addMessage({ channel, user: world.ws.bob, text: 'Outage at 10:00, see the status page', at: new Date(Date.now() - 3_600_000) });
    await schedule(channel);
    // Cut inside both mentions: `<!every` + `one>`, `<!subteam^S0SRE` + `>`.
    world.openai.enqueue({ text: '<!everyone> outage at 10:00; <!subteam^S0SRE> is on it.', chunkChars: 7 });

    await sweep();

    const header = slackText('SLACK.SUMMARY_HEADER', { channel: `<#${channel}>`, days: 1 }, 'en');
    expect(tomoPosts(channel).map((m) => m.text)).toEqual([`${header}\n\n@\u2060everyone outage at 10:00; @\u2060S0SRE is on it.`]);
  });
});
