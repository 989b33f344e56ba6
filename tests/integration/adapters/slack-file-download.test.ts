import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

/**
 * ChatPlatform.downloadFile against the Slack fake: like Slack, a file URL fetched with a token
 * that has no access answers 200 with Slack's HTML sign-in page, not an error.
 */
describe('SlackChatPlatform.downloadFile: Slack’s sign-in page is never taken for a file', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  const platform = () =>
    new SlackChatPlatformFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({
      teamId: ws.team.id,
      botToken: ws.team.botToken,
      botUserId: ws.team.botUserId,
    });
  const page = '<!DOCTYPE html><html><head><title>Q3 launch</title></head><body><h1>Launch checklist</h1><p>Ship on Friday.</p></body></html>';

  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
  });
  afterAll(async () => slack.close());

  async function sharedHtml(id: string) {
    const ts = slack.addMessage({
      channel: ws.channel,
      text: '',
      user: ws.alice,
      files: [{ id, name: 'launch.html', mimetype: 'text/html', filetype: 'html', content: Buffer.from(page) }],
    }).ts;
    const chat = platform();
    const [message] = await chat.readThread({ channelId: ws.channel, threadTs: ts });
    return { chat, file: message!.files![0]! };
  }

  it('downloads an HTML file shared in the thread as it is', async () => {
    const { chat, file } = await sharedHtml('FHTML1');

    const bytes = await chat.downloadFile!(file, { maxBytes: 100_000 });

    expect(Buffer.from(bytes).toString('utf8')).toBe(page);
  });

  it('refuses the sign-in page for an HTML file, whose real type is HTML too, instead of returning it as the file', async () => {
    const { chat, file } = await sharedHtml('FHTML2');
    // The token loses its access (revoked, or reinstalled without files:read) after the thread was read.
    const token = ws.team.botToken;
    ws.team.botToken = 'xoxb-no-longer-valid';
    try {
      const outcome = await chat.downloadFile!(file, { maxBytes: 100_000 }).then(
        (bytes) => Buffer.from(bytes).toString('utf8'),
        (error: unknown) => error,
      );

      expect(slack.calls.at(-1)?.outcome).toBe('sign_in_page');
      expect(outcome).toMatchObject({ code: 'not_authorized' });
    } finally {
      ws.team.botToken = token;
    }
  });
});
