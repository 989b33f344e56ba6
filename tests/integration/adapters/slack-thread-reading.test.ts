import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatPlatformError } from '../../../core/assistant/chat-platform-error';
import { memberDisplayName } from '../../../core/workspace/member';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

describe('SlackChatPlatform reading threads and people through the Web API fake', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  let waits: number[];

  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
  });
  afterAll(() => slack.close());

  const platform = (options: { maxRateLimitRetries?: number; maxRetryAfterMs?: number } = {}) => {
    waits = [];
    return new SlackChatPlatformFactory({
      slackApiUrl: slack.url,
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...options,
    }).forWorkspace({ teamId: ws.team.id, botToken: ws.team.botToken, botUserId: ws.team.botUserId });
  };

  const longThread = (replies: number) => {
    const parent = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'Parent question' });
    for (let i = 1; i <= replies; i += 1) {
      slack.addMessage({ channel: ws.channel, threadTs: parent.ts, user: i % 2 ? ws.bob : ws.alice, text: `reply ${i}` });
    }
    return parent.ts;
  };

  it('reads a whole thread across pages, parent first, in order', async () => {
    const threadTs = longThread(450);
    const before = slack.callsTo('conversations.replies').length;

    const messages = await platform().readThread({ channelId: ws.channel, threadTs });

    expect(messages).toHaveLength(451);
    expect(messages[0]).toMatchObject({ ts: threadTs, userId: ws.alice, text: 'Parent question' });
    expect(messages.at(-1)?.text).toBe('reply 450');
    expect(messages.map((m) => m.text)).toEqual(['Parent question', ...Array.from({ length: 450 }, (_, i) => `reply ${i + 1}`)]);
    const pages = slack.callsTo('conversations.replies').slice(before);
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => p.params.cursor === undefined)).toEqual([true, false, false]);
  });

  it('tells Tomo’s own replies apart by bot id', async () => {
    const parent = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'Hi <@' + ws.team.botUserId + '>' });
    slack.addMessage({ channel: ws.channel, threadTs: parent.ts, user: ws.team.botUserId, botId: ws.team.botId, text: 'Hello!' });

    const messages = await platform().readThread({ channelId: ws.channel, threadTs: parent.ts });

    expect(messages[1]).toMatchObject({ userId: ws.team.botUserId, botId: ws.team.botId, text: 'Hello!' });
  });

  it('waits as long as Retry-After says when rate limited, then carries on', async () => {
    const threadTs = longThread(250);
    slack.rateLimit('conversations.replies', { times: 2, retryAfterSeconds: 3 });

    const messages = await platform().readThread({ channelId: ws.channel, threadTs });

    expect(messages).toHaveLength(251);
    expect(waits).toEqual([3_000, 3_000]);
    expect(slack.callsTo('conversations.replies').filter((c) => c.outcome === 'ratelimited')).toHaveLength(2);
  });

  it('gives up with a typed error when still rate limited after the allowed retries', async () => {
    const threadTs = longThread(1);
    slack.rateLimit('conversations.replies', { times: 3, retryAfterSeconds: 1 });

    const failure = await platform({ maxRateLimitRetries: 2 }).readThread({ channelId: ws.channel, threadTs }).catch((e) => e);

    expect(failure).toBeInstanceOf(ChatPlatformError);
    expect(failure).toMatchObject({ code: 'rate_limited', method: 'conversations.replies' });
    expect(waits).toEqual([1_000, 1_000]);
  });

  it('does not wait out a Retry-After longer than allowed', async () => {
    const threadTs = longThread(1);
    slack.rateLimit('conversations.replies', { times: 1, retryAfterSeconds: 120 });

    const failure = await platform({ maxRetryAfterMs: 30_000 }).readThread({ channelId: ws.channel, threadTs }).catch((e) => e);

    expect(failure).toMatchObject({ code: 'rate_limited' });
    expect(waits).toEqual([]);
  });

  it('reports a thread in an unknown channel as not found, and a bad token as not authorized', async () => {
    const missing = await platform().readThread({ channelId: 'CNOPE', threadTs: '1.2' }).catch((e) => e);
    expect(missing).toMatchObject({ code: 'not_found', platformCode: 'channel_not_found' });

    const revoked = new SlackChatPlatformFactory({ slackApiUrl: slack.url }).forWorkspace({
      teamId: ws.team.id,
      botToken: 'xoxb-revoked',
    });
    const denied = await revoked.readThread({ channelId: ws.channel, threadTs: '1.2' }).catch((e) => e);
    expect(denied).toMatchObject({ code: 'not_authorized', platformCode: 'invalid_auth' });
  });

  it('looks people up once each, with the fields the display-name rules need', async () => {
    const slackPlatform = platform();
    const before = slack.callsTo('users.info').length;

    const people = await slackPlatform.getUsers([ws.alice, ws.bob, ws.alice, 'UGHOST']);
    await slackPlatform.getUsers([ws.bob]);

    expect(people.get(ws.alice)).toMatchObject({
      id: ws.alice,
      name: 'alice',
      realName: 'Alice Archer',
      profile: { displayName: 'alice', realName: 'Alice Archer' },
      isAdmin: true,
      isBot: false,
      locale: 'en-US',
    });
    expect(memberDisplayName(people.get(ws.alice)!)).toBe('alice');
    expect(memberDisplayName(people.get(ws.bob)!)).toBe('Bob Baker');
    expect(people.get(ws.bob)).toMatchObject({ locale: 'ja-JP' });
    expect(people.has('UGHOST')).toBe(false);
    expect(slack.callsTo('users.info').length - before).toBe(3);
  });
});
