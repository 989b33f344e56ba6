import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { SlackChatWorkspaceFactory } from '../../../adapters/slack/slack-chat-workspace';
import { SlackProfileLookups } from '../../../adapters/slack/slack-profile-lookups';
import { SlackRateLimiter } from '../../../adapters/slack/slack-rate-limiter';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { buildThreadContext, displayNamesOf, userIdsInThread } from '../../../core/assistant/thread-context';

/**
 * The names in a thread's prompt, read as the worker reads them (its shared limiter and profile
 * lookups) from the Slack emulator rate-limiting as Slack does, in a workspace of 5,000 people.
 * Waiting (the limiter's and Retry-After's) moves a fake clock: the test counts calls, not time.
 */
const PEOPLE = 5_000;

let slack: FakeSlack;
let ws: SeededWorkspace;
const clock = new FakeClock('2026-05-01T00:00:00Z');
const now = () => clock.now().getTime();
const sleep = async (ms: number) => {
  clock.advanceMs(ms);
  await new Promise((resolve) => setImmediate(resolve));
};
const person = (i: number) => `U9${String(i).padStart(6, '0')}`;

beforeAll(async () => {
  slack = await startFakeSlack();
  slack.paceLikeSlack({ now });
  ws = seedWorkspace(slack);
  for (let i = 0; i < PEOPLE; i += 1) slack.addUser({ id: person(i), teamId: ws.team.id, name: `person${i}`, realName: `Person Number ${i}` });
});
afterAll(() => slack?.close());
beforeEach(() => clock.advanceMs(10 * 60_000)); // a fresh minute's allowance for every test

/** A worker's Slack clients: one limiter and one set of profile lookups for all its jobs. */
const workerFactory = () =>
  new SlackChatWorkspaceFactory({
    slackApiUrl: slack.url,
    sleep,
    rateLimiter: new SlackRateLimiter({ now, sleep }),
    profileLookups: new SlackProfileLookups({ now }),
  });

/** A thread in #general: a parent and one reply from each of `people`, the last one mentioning the first. */
function threadOf(people: string[]): string {
  const parent = slack.addMessage({ channel: ws.channel, user: people[0]!, text: 'Who is coming to the offsite?' });
  people.forEach((id, n) => slack.addMessage({ channel: ws.channel, user: id, text: n === people.length - 1 ? `me too, and <@${people[0]}>` : 'me', threadTs: parent.ts }));
  return parent.ts;
}

/** What the answer path does: read the thread, look its people up, build the prompt. */
async function promptFor(factory: SlackChatWorkspaceFactory, threadTs: string): Promise<string> {
  const platform = factory.forWorkspace({ teamId: ws.team.id, botToken: ws.team.botToken, botUserId: ws.team.botUserId });
  const messages = await platform.readThread({ channelId: ws.channel, threadTs });
  const names = displayNamesOf(await platform.getUsers(userIdsInThread(messages)));
  const context = buildThreadContext({ messages, self: { userId: ws.team.botUserId }, names, system: '', tokenLimit: 1_000_000, tokenizer: new ApproximateTokenizer() });
  return context.messages.map((m) => m.content).join('\n');
}

const ok = (method: string, since: number) => slack.calls.slice(since).filter((c) => c.method === method && c.outcome === 'ok').length;

describe('Names in a thread of a 5,000-person workspace', () => {
  it('names all 300 people of a 300-person thread from one users.list listing, not 300 users.info', async () => {
    const people = Array.from({ length: 300 }, (_, i) => person(i * 16));
    const threadTs = threadOf(people);
    const mark = slack.calls.length;
    const prompt = await promptFor(workerFactory(), threadTs);
    for (const id of people) expect(prompt, id).toContain(`Person Number ${Number(id.slice(2))}: me`);
    expect(prompt).toContain(`me too, and @Person Number 0`);
    // 26 pages of 200 (the 5,000 and the seeded three), Tier 2; not one call per person.
    expect(ok('users.list', mark)).toBe(Math.ceil((PEOPLE + 3) / 200));
    expect(ok('users.info', mark)).toBe(0);
  });

  it('lists the workspace once for several huge threads answered at once, and not again within the minute', async () => {
    const factory = workerFactory();
    const threads = [0, 1, 2].map((t) => threadOf(Array.from({ length: 160 }, (_, i) => person(t * 1_000 + i))));
    const mark = slack.calls.length;
    const prompts = await Promise.all(threads.map((ts) => promptFor(factory, ts)));
    prompts.forEach((prompt, t) => expect(prompt).toContain(`Person Number ${t * 1_000 + 159}: me`));
    expect(ok('users.list', mark)).toBe(Math.ceil((PEOPLE + 3) / 200));
    clock.advanceMs(30_000);
    await promptFor(factory, threads[0]!);
    expect(ok('users.list', mark)).toBe(Math.ceil((PEOPLE + 3) / 200));
  });

  it('keeps users.info for a small thread: one call per person, no listing', async () => {
    const people = [ws.alice, ws.bob, person(4_999)];
    const threadTs = threadOf(people);
    const mark = slack.calls.length;
    const prompt = await promptFor(workerFactory(), threadTs);
    expect(prompt).toContain('Person Number 4999: me too, and @alice');
    expect(ok('users.info', mark)).toBe(3);
    expect(ok('users.list', mark)).toBe(0);
  });

  it('falls back to users.info for everyone when Slack fails the listing midway', async () => {
    clock.advanceMs(120_000);
    const people = Array.from({ length: 160 }, (_, i) => person(3_000 + i));
    const threadTs = threadOf(people);
    const mark = slack.calls.length;
    slack.failNext('users.list', 'internal_error', { after: 2 });
    const prompt = await promptFor(workerFactory(), threadTs);
    for (const id of people) expect(prompt, id).toContain(`Person Number ${Number(id.slice(2))}: me`);
    expect(ok('users.info', mark)).toBe(160);
  });
});

