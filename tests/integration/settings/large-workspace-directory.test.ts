import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { InMemoryInstallationRepository } from '../../../adapters/memory/in-memory-installation-repository';
import { SlackDirectory } from '../../../adapters/slack/slack-directory';
import type { KnownChannels } from '../../../core/workspace/workspace-directory.port';
import { startFakeSlack, type FakeSlack, type FakeTeam } from '../../../adapters/slack-emulator/fake-slack';

/**
 * A demanding customer's workspace through the Slack emulator paging and rate-limiting as
 * Slack does (Tier 2 for users.list and conversations.list: 20 a minute, then 429 with
 * Retry-After): 5,000 people, 300 bots, 2,000 channels of which 1,200 private. Waiting is the
 * caller's `sleep`, which moves the emulator's clock instead of taking real time.
 */
const PEOPLE = 5_000;
const BOTS = 300;
const CHANNELS = 2_000;

let slack: FakeSlack;
let team: FakeTeam;
const installations = new InMemoryInstallationRepository();
const clock = new FakeClock('2026-05-01T00:00:00Z');
let waits: number[] = [];
/** Waiting out a Retry-After: the emulator's (and the cache's) time moves on; no real time passes. */
const sleep = async (ms: number) => {
  waits.push(ms);
  clock.advanceMs(ms);
  await new Promise((resolve) => setImmediate(resolve));
};
const ok = (method: string) => slack.callsTo(method).filter((c) => c.outcome === 'ok').length;

async function install(t: FakeTeam): Promise<void> {
  await installations.save(t.id, {
    teamId: t.id,
    teamName: t.name,
    botUserId: t.botUserId,
    botId: t.botId,
    botToken: t.botToken,
    installedBy: 'U0000001',
    firstInstalledAt: clock.now(),
    installedAt: clock.now(),
    uninstalledAt: null,
    installCount: 1,
  });
}

beforeAll(async () => {
  slack = await startFakeSlack();
  slack.paceLikeSlack({ now: () => clock.now().getTime() });
  team = slack.addTeam({ id: 'T0HUGECO1', name: 'Huge Co' });
  for (let i = 0; i < PEOPLE; i += 1) {
    slack.addUser({ id: `U${String(i).padStart(7, '0')}`, teamId: team.id, name: `person${i}`, isAdmin: i === 4_321 });
  }
  for (let i = 0; i < BOTS; i += 1) slack.addUser({ id: `B${String(i).padStart(7, '0')}`, teamId: team.id, name: `bot${i}`, isBot: true });
  for (let i = 0; i < CHANNELS; i += 1) {
    slack.addChannel({ id: `C${String(i).padStart(7, '0')}`, teamId: team.id, name: `channel-${i}`, isPrivate: i % 5 < 3, members: [] });
  }
  await install(team);
});
afterAll(() => slack?.close());
beforeEach(() => {
  waits = [];
  clock.advanceMs(10 * 60_000); // a fresh minute's allowance for every test
});

const directoryOf = (options: { channelsOfEachCacheMs?: number } = {}) =>
  new SlackDirectory({ installations, clock, slackApiUrl: slack.url, sleep, ...options });
const botIds = Array.from({ length: BOTS }, (_, i) => `B${String(i).padStart(7, '0')}`);

/** Asks as the Auto replies page does, again and again, until `done`; how many times it asked. */
async function askUntil(ask: () => Promise<boolean>, what: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (let asks = 1; ; asks += 1) {
    if (await ask()) return asks;
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
const allRead = (known: Map<string, KnownChannels>) => [...known.values()].every((k) => !k.loading);

describe('The directory of a workspace with thousands of members and channels', () => {
  it('lists every member and channel across Slack pages, waiting out the 429s Slack sends past its Tier 2 allowance', async () => {
    const directory = directoryOf();
    const members = await directory.listMembers(team.id);
    // Everyone (and Tomo's own bot user), not just the first page.
    expect(members).toHaveLength(PEOPLE + BOTS + 1);
    expect(members.find((m) => m.id === 'U0004321')).toMatchObject({ isAdmin: true });
    const channels = await directory.listChannels(team.id);
    expect(channels).toHaveLength(CHANNELS);
    expect(channels.filter((c) => c.isPrivate)).toHaveLength((CHANNELS * 3) / 5);
    // 27 pages of users.list at 200: more than a minute's 20, so Slack said 429 and each was waited out.
    expect(slack.callsTo('users.list').some((c) => c.outcome === 'ratelimited')).toBe(true);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((ms) => ms === 3_000)).toBe(true);
  });

  it('makes one listing for many requests at once, also when Slack keeps it waiting longer than the cache time', async () => {
    const directory = directoryOf();
    const before = ok('users.list');
    // Slack is busy: the first page is refused three times with Retry-After 30 s (90 s in all),
    // and meanwhile more admins and tabs open the Members page.
    slack.rateLimit('users.list', { times: 3, retryAfterSeconds: 30 });
    const first = directory.listMembers(team.id);
    while (waits.length < 3) await new Promise((resolve) => setImmediate(resolve));
    const others = Array.from({ length: 10 }, () => directory.listMembers(team.id));
    const lists = await Promise.all([first, ...others]);
    for (const list of lists) expect(list).toHaveLength(PEOPLE + BOTS + 1);
    // One listing: 27 pages, not one per request.
    expect(ok('users.list') - before).toBe(Math.ceil((PEOPLE + BOTS + 1) / 200));
    // And the list just read is reused for the next minute, counted from when it arrived.
    clock.advanceMs(59_000);
    await directory.listMembers(team.id);
    expect(ok('users.list') - before).toBe(Math.ceil((PEOPLE + BOTS + 1) / 200));
  });

  it('keeps only the lists asked for lately: several large workspaces listed an hour ago are not held in memory', async () => {
    const directory = directoryOf();
    const others: FakeTeam[] = [];
    for (let n = 0; n < 3; n += 1) {
      const other = slack.addTeam({ id: `T0OTHER0${n}`, name: `Other ${n}` });
      for (let i = 0; i < 500; i += 1) slack.addUser({ id: `U${n}X${String(i).padStart(5, '0')}`, teamId: other.id, name: `p${i}` });
      await install(other);
      others.push(other);
    }
    for (const other of others) {
      await directory.listMembers(other.id);
      await directory.listChannels(other.id);
      await directory.channelsOf(other.id, `U${other.id.at(-1)}X00000`);
    }
    expect(directory.cachedLists).toBe(9);
    clock.advanceMs(60 * 60_000);
    await directory.listChannels(team.id);
    expect(directory.cachedLists).toBe(1);
  });
});

describe("300 bots' channels for the Auto replies page, known at once and read in the background", () => {
  beforeAll(() => {
    // Each bot posts in one channel (the private ones are listed because Tomo is in them too).
    botIds.forEach((bot, i) => slack.join(`C${String(i).padStart(7, '0')}`, bot));
  });

  it("answers at once with nothing read, then reads each bot once at Slack's pace however often it is asked meanwhile", async () => {
    const directory = directoryOf();
    const before = slack.callsTo('users.conversations').length;
    const first = await directory.knownChannelsOfEach(team.id, botIds);
    expect([...first.values()]).toEqual(botIds.map(() => ({ channels: null, loading: true, failed: false })));
    // An ask that queues nothing new does not wait for the round, whatever wait it allows.
    const meanwhile = await directory.knownChannelsOfEach(team.id, botIds, 60_000);
    expect([...meanwhile.values()].filter((k) => k.loading).length).toBeGreaterThan(BOTS / 2);

    let filling = 0;
    const asks = await askUntil(async () => {
      const known = await directory.knownChannelsOfEach(team.id, botIds);
      const read = [...known.values()].filter((k) => k.channels !== null).length;
      if (read > 0 && read < BOTS) filling += 1;
      return allRead(known);
    }, 'every bot read');
    // Asked many times while the lists came in, and each answer showed the ones read so far.
    expect(asks).toBeGreaterThan(10);
    expect(filling).toBeGreaterThan(0);
    const known = await directory.knownChannelsOfEach(team.id, botIds);
    botIds.forEach((bot, i) => {
      const id = `C${String(i).padStart(7, '0')}`;
      expect(known.get(bot), bot).toEqual({ channels: [{ id, name: `channel-${i}` }], loading: false, failed: false });
    });
    const calls = slack.callsTo('users.conversations').slice(before);
    // One read per bot, not one per ask; past the minute's allowance Slack refused reads and each
    // refusal was waited out, a few reads at a time: about one refusal per read, not a storm.
    expect(calls.filter((c) => c.outcome === 'ok')).toHaveLength(BOTS);
    const refused = calls.filter((c) => c.outcome === 'ratelimited').length;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(BOTS);
  });

  it('shows the last lists while they are read again, and reads them again at most once per cache time', async () => {
    // Lists count as current for a minute: reading 300 takes Slack longer than that.
    const directory = directoryOf({ channelsOfEachCacheMs: 60_000 });
    await directory.knownChannelsOfEach(team.id, botIds);
    await askUntil(async () => allRead(await directory.knownChannelsOfEach(team.id, botIds)), 'every bot read');
    const calls = () => slack.callsTo('users.conversations').filter((c) => c.outcome === 'ok').length;
    const before = calls();

    // The first bots were read minutes ago: past their time, but the round that read them has just
    // ended, so they are shown as they are and not read again yet (a page open meanwhile would
    // otherwise keep Slack's allowance busy for ever).
    const soon = await directory.knownChannelsOfEach(team.id, botIds);
    expect(soon.get(botIds[0]!)).toEqual({ channels: [{ id: 'C0000000', name: 'channel-0' }], loading: false, failed: false });
    expect(calls()).toBe(before);

    // A cache time later they are read again; meanwhile each row shows what Slack said last.
    slack.join('C0000005', botIds[0]!);
    clock.advanceMs(60_000);
    const again = await directory.knownChannelsOfEach(team.id, botIds);
    expect(again.get(botIds[0]!)).toEqual({ channels: [{ id: 'C0000000', name: 'channel-0' }], loading: true, failed: false });
    expect([...again.values()].every((k) => k.channels !== null)).toBe(true);
    await askUntil(async () => allRead(await directory.knownChannelsOfEach(team.id, botIds)), 'every bot read again');
    expect((await directory.knownChannelsOfEach(team.id, botIds)).get(botIds[0]!)?.channels).toEqual([
      { id: 'C0000000', name: 'channel-0' },
      { id: 'C0000005', name: 'channel-5' },
    ]);
    expect(calls() - before).toBe(BOTS);
  });

  it("keeps Tomo's own list a minute, then shows it while it is read again", async () => {
    const directory = directoryOf();
    expect(await directory.knownChannelsOf(team.id, team.botUserId)).toEqual({ channels: null, loading: true, failed: false });
    await askUntil(async () => !(await directory.knownChannelsOf(team.id, team.botUserId)).loading, "Tomo's list");
    const first = (await directory.knownChannelsOf(team.id, team.botUserId)).channels;
    expect(first).toHaveLength(CHANNELS);
    clock.advanceMs(60_001);
    expect(await directory.knownChannelsOf(team.id, team.botUserId)).toEqual({ channels: first, loading: true, failed: false });
    await askUntil(async () => !(await directory.knownChannelsOf(team.id, team.botUserId)).loading, "Tomo's list again");
  });
});

describe('A small workspace, and background reads Slack refuses', () => {
  let small: FakeTeam;
  const bots = ['B0SMALL01', 'B0SMALL02', 'B0SMALL03', 'B0SMALL04', 'B0SMALL05'];

  beforeAll(async () => {
    small = slack.addTeam({ id: 'T0SMALLCO', name: 'Small Co' });
    for (const id of bots) slack.addUser({ id, teamId: small.id, name: id.toLowerCase(), isBot: true });
    await install(small);
  });

  it('has every list in the answer that asked, when the reads it started end within the wait it allows', async () => {
    const directory = directoryOf();
    const [ofTomo, ofBots] = await Promise.all([
      directory.knownChannelsOf(small.id, small.botUserId, 5_000),
      directory.knownChannelsOfEach(small.id, bots, 5_000),
    ]);
    expect(ofTomo).toEqual({ channels: [], loading: false, failed: false });
    expect([...ofBots.values()]).toEqual(bots.map(() => ({ channels: [], loading: false, failed: false })));
  });

  it('says a list failed, tries it again only after the cache time, then shows it', async () => {
    const directory = directoryOf();
    const calls = () => slack.callsTo('users.conversations').length;
    slack.failNext('users.conversations', 'internal_error');
    await directory.knownChannelsOfEach(small.id, [bots[0]!]);
    await askUntil(async () => allRead(await directory.knownChannelsOfEach(small.id, [bots[0]!])), 'the read');
    const before = calls();
    expect((await directory.knownChannelsOfEach(small.id, [bots[0]!])).get(bots[0]!)).toEqual({ channels: null, loading: false, failed: true });
    expect(calls()).toBe(before);
    clock.advanceMs(60_000);
    expect((await directory.knownChannelsOfEach(small.id, [bots[0]!])).get(bots[0]!)).toEqual({ channels: null, loading: true, failed: false });
    await askUntil(async () => allRead(await directory.knownChannelsOfEach(small.id, [bots[0]!])), 'the read again');
    expect((await directory.knownChannelsOfEach(small.id, [bots[0]!])).get(bots[0]!)).toEqual({ channels: [], loading: false, failed: false });
  });

  it('stops reading a workspace whose token Slack refuses, instead of one refused call per bot', async () => {
    const directory = directoryOf();
    const before = slack.callsTo('users.conversations').length;
    slack.failNext('users.conversations', 'token_revoked', { times: 3 });
    await directory.knownChannelsOfEach(small.id, bots);
    await askUntil(async () => allRead(await directory.knownChannelsOfEach(small.id, bots)), 'the reads');
    expect([...(await directory.knownChannelsOfEach(small.id, bots)).values()]).toEqual(bots.map(() => ({ channels: null, loading: false, failed: true })));
    // The three reads in flight together were refused; the other two were never sent.
    expect(slack.callsTo('users.conversations').length - before).toBe(3);
  });
});
