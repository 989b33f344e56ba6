import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { SlackProfileCache } from '../../../adapters/slack/slack-profile-cache';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

/** One worker process's jobs sharing people's profiles through the Web API fake. */
describe('SlackProfileCache shared by the platforms of one worker', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  let other: SeededWorkspace;

  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
    other = seedWorkspace(slack, 'T0OTHER');
  });
  afterAll(() => slack.close());

  const lookups = (mark: number, user: string) => slack.calls.slice(mark).filter((c) => c.method === 'users.info' && c.params.user === user).length;

  it('looks a person up once for every job within the time to live, and again after it', async () => {
    const time = { now: 0 };
    const factory = new SlackChatPlatformFactory({ slackApiUrl: slack.url, profileCache: new SlackProfileCache({ ttlMs: 60_000, now: () => time.now }) });
    const job = () => factory.forWorkspace({ teamId: ws.team.id, botToken: ws.team.botToken, botUserId: ws.team.botUserId });
    const mark = slack.calls.length;

    // Ten jobs at once, then one more later: one users.info.
    const profiles = await Promise.all(Array.from({ length: 10 }, () => job().getUsers([ws.bob])));
    time.now += 30_000;
    profiles.push(await job().getUsers([ws.bob]));
    expect(profiles.map((found) => found.get(ws.bob)?.locale)).toEqual(Array(11).fill('ja-JP'));
    expect(lookups(mark, ws.bob)).toBe(1);

    time.now += 31_000;
    await job().getUsers([ws.bob]);
    expect(lookups(mark, ws.bob)).toBe(2);
  });

  it('keeps workspaces apart', async () => {
    const factory = new SlackChatPlatformFactory({ slackApiUrl: slack.url, profileCache: new SlackProfileCache() });
    const mark = slack.calls.length;
    await factory.forWorkspace({ teamId: ws.team.id, botToken: ws.team.botToken, botUserId: ws.team.botUserId }).getUsers([ws.alice]);
    const found = await factory.forWorkspace({ teamId: other.team.id, botToken: other.team.botToken, botUserId: other.team.botUserId }).getUsers([other.alice]);
    expect(found.get(other.alice)).toBeDefined();
    expect(lookups(mark, ws.alice) + lookups(mark, other.alice)).toBe(2);
  });
});
