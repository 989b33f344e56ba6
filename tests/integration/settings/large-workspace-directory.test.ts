import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { InMemoryInstallationRepository } from '../../../adapters/memory/in-memory-installation-repository';
import { SlackDirectory } from '../../../adapters/slack/slack-directory';
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

const directoryOf = () => new SlackDirectory({ installations, clock, slackApiUrl: slack.url, sleep });

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
