import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { ChatPlatformError } from '../../../core/assistant/chat-platform-error';
import { fakePng } from '../../fakes/openai/fake-images';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

/** ChatPlatform.uploadFiles on the real @slack/web-api (files.uploadV2) against the Slack fake. */
describe('SlackChatPlatform.uploadFiles (files.uploadV2 → getUploadURLExternal, bytes, completeUploadExternal)', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  const platform = () =>
    new SlackChatPlatformFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({
      teamId: ws.team.id,
      botToken: ws.team.botToken,
      botUserId: ws.team.botUserId,
    });
  const files = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `p${i + 1}.png`, title: `Picture ${i + 1}`, mimetype: 'image/png', bytes: new Uint8Array(fakePng(i + 1)) }));

  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
  });
  afterAll(async () => slack.close());

  it('shares every file in ONE message in the thread, with the comment, bytes intact', async () => {
    const root = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'pictures please' });
    const sent = files(4);
    await platform().uploadFiles!({ thread: { channelId: ws.channel, threadTs: root.ts } }, sent, 'Here they are');
    const replies = slack.botReplies(ws.channel, root.ts);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toBe('Here they are');
    expect(replies[0]!.files!.map((f) => [f.name, f.mimetype, f.content.length])).toEqual(sent.map((f) => [f.name, 'image/png', f.bytes.length]));
    expect(replies[0]!.files!.every((f, i) => f.content.equals(Buffer.from(sent[i]!.bytes)))).toBe(true);
    expect(slack.callsTo('files.getUploadURLExternal')).toHaveLength(4);
    expect(slack.callsTo('files.completeUploadExternal')).toHaveLength(1);
  });

  it("to a person: opens Tomo's DM with them and shares the file there", async () => {
    await platform().uploadFiles!({ userId: ws.bob }, files(1), 'For you');
    const dm = slack.state.dmWith(ws.team.id, ws.bob);
    expect(slack.state.messages.filter((m) => m.channel === dm.id).map((m) => [m.text, m.files?.length])).toEqual([['For you', 1]]);
  });

  it('a rate-limited completion is waited out and the upload done again: still one message, nothing half-posted', async () => {
    const root = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'again' });
    slack.rateLimit('files.completeUploadExternal', { retryAfterSeconds: 1 });
    await platform().uploadFiles!({ thread: { channelId: ws.channel, threadTs: root.ts } }, files(2), 'Two');
    expect(slack.botReplies(ws.channel, root.ts).map((m) => m.files?.length)).toEqual([2]);
  });

  it('where Tomo is not a member nothing is shared and the failure is a ChatPlatformError', async () => {
    const hidden = slack.addChannel({ id: 'CHIDDEN', teamId: ws.team.id, name: 'hidden', botIsMember: false }).id;
    const root = slack.addMessage({ channel: hidden, user: ws.alice, text: 'x' });
    const failure = await platform().uploadFiles!({ thread: { channelId: hidden, threadTs: root.ts } }, files(1)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChatPlatformError);
    expect((failure as ChatPlatformError).code).toBe('not_found');
    expect(slack.botReplies(hidden, root.ts)).toEqual([]);
  });
});
