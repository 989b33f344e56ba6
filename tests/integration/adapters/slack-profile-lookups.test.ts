import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { SlackProfileLookups } from '../../../adapters/slack/slack-profile-lookups';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

/** One worker process's jobs sharing people's profile lookups through the Web API fake. */
describe('SlackProfileLookups shared by the platforms of one worker', () => {
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

  it('looks a person up once for jobs asking together, and afresh for a later job, which sees a changed time zone', async () => {
    const factory = new SlackChatPlatformFactory({ slackApiUrl: slack.url, profileLookups: new SlackProfileLookups() });
    const job = () => factory.forWorkspace({ teamId: ws.team.id, botToken: ws.team.botToken, botUserId: ws.team.botUserId });
    const mark = slack.calls.length;

    const together = await Promise.all(Array.from({ length: 10 }, () => job().getUsers([ws.bob])));
    expect(together.map((found) => found.get(ws.bob)?.locale)).toEqual(Array(10).fill('ja-JP'));
    expect(lookups(mark, ws.bob)).toBe(1);

    slack.state.users.get(ws.bob)!.tz = 'America/New_York';
    const later = await job().getUsers([ws.bob]);
    expect(later.get(ws.bob)?.timeZone).toBe('America/New_York');
    expect(lookups(mark, ws.bob)).toBe(2);
  });

  it('keeps workspaces apart', async () => {
    const factory = new SlackChatPlatformFactory({ slackApiUrl: slack.url, profileLookups: new SlackProfileLookups() });
    const mark = slack.calls.length;
    const [mine, theirs] = await Promise.all([
      factory.forWorkspace({ teamId: ws.team.id, botToken: ws.team.botToken, botUserId: ws.team.botUserId }).getUsers([ws.alice]),
      factory.forWorkspace({ teamId: other.team.id, botToken: other.team.botToken, botUserId: other.team.botUserId }).getUsers([other.alice]),
    ]);
    expect(mine.get(ws.alice)).toBeDefined();
    expect(theirs.get(other.alice)).toBeDefined();
    expect(lookups(mark, ws.alice) + lookups(mark, other.alice)).toBe(2);
  });
});
