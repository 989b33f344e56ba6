import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatPlatform } from '../../../core/assistant/chat-platform.port';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

describe('SlackChatPlatform showing that Tomo is thinking', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  let platform: ChatPlatform;

  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
    platform = new SlackChatPlatformFactory({ slackApiUrl: slack.url, thinkingReaction: 'hourglass_flowing_sand' }).forWorkspace({
      teamId: ws.team.id,
      botToken: ws.team.botToken,
    });
  });
  afterAll(() => slack.close());
  beforeEach(() => {
    slack.settings.assistantStatusError = undefined;
  });

  it('sets the assistant thread status, and clears it', async () => {
    const ts = slack.addMessage({ channel: ws.dm, user: ws.alice, text: 'Question' }).ts;
    const thread = { channelId: ws.dm, threadTs: ts };

    const indicator = await platform.showThinking({ thread, messageTs: ts, status: 'is thinking…', appearance: { username: 'Hoshi' } });
    expect(slack.statusOf(ws.dm, ts)).toBe('is thinking…');
    expect(slack.callsTo('assistant.threads.setStatus').at(-1)?.params.username).toBe('Hoshi');

    await indicator.clear();
    expect(slack.statusOf(ws.dm, ts)).toBe('');
  });

  it('puts a reaction on the question where no status can be set, and takes it off', async () => {
    slack.settings.assistantStatusError = 'not_allowed';
    const message = slack.addMessage({ channel: ws.channel, user: ws.alice, text: '<@UBOT> question' });
    const thread = { channelId: ws.channel, threadTs: message.ts };

    const indicator = await platform.showThinking({ thread, messageTs: message.ts, status: 'is thinking…' });
    expect([...message.reactions.keys()]).toEqual(['hourglass_flowing_sand']);

    await indicator.clear();
    expect(message.reactions.size).toBe(0);
  });

  it('takes off the reaction an earlier attempt left (Slack answers already_reacted), once the answer is done', async () => {
    slack.settings.assistantStatusError = 'not_allowed';
    const message = slack.addMessage({ channel: ws.channel, user: ws.alice, text: '<@UBOT> question' });
    const thread = { channelId: ws.channel, threadTs: message.ts };
    // A first attempt put the sign on and died before taking it off; its retry shows it again.
    await platform.showThinking({ thread, messageTs: message.ts, status: 'is thinking…' });
    const retried = await platform.showThinking({ thread, messageTs: message.ts, status: 'is thinking…' });
    expect(slack.callsTo('reactions.add').at(-1)?.outcome).toBe('already_reacted');

    await retried.clear();
    expect(message.reactions.size).toBe(0);
  });

  it('never fails the answer over the thinking sign', async () => {
    slack.settings.assistantStatusError = 'not_allowed';
    slack.failNext('reactions.add', 'too_many_reactions');
    const ts = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'question' }).ts;

    const indicator = await platform.showThinking({ thread: { channelId: ws.channel, threadTs: ts }, messageTs: ts, status: '…' });

    await expect(indicator.clear()).resolves.toBeUndefined();
  });
});
