import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { downloadSlackFile } from '../../../adapters/slack/slack-file-download';
import { startHttpFake } from '../../fakes/support/http-fake';

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

describe('SlackChatPlatform: files of a Slack Connect channel', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
  });
  afterAll(async () => slack.close());

  it('describes a file Slack lists by its id only (check_file_info) as files.info does, and downloads it', async () => {
    const content = Buffer.from('partner,revenue\nAcme,42\n');
    const ts = slack.addMessage({
      channel: ws.channel,
      text: 'numbers',
      user: ws.alice,
      files: [{ id: 'FCONNECT1', name: 'partner.csv', mimetype: 'text/csv', filetype: 'csv', content, connect: true }],
    }).ts;
    const chat = new SlackChatPlatformFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({
      teamId: ws.team.id,
      botToken: ws.team.botToken,
      botUserId: ws.team.botUserId,
    });

    const [message] = await chat.readThread({ channelId: ws.channel, threadTs: ts });

    expect(message!.files).toEqual([{ id: 'FCONNECT1', name: 'partner.csv', mimetype: 'text/csv', filetype: 'csv', size: content.length }]);
    expect(Buffer.from(await chat.downloadFile!(message!.files![0]!, { maxBytes: 1_000 })).toString('utf8')).toBe(content.toString('utf8'));
  });
});

describe('downloadSlackFile: the bot token goes to Slack’s hosts only', () => {
  it('refuses a file address on another host, and a redirect off Slack’s host arrives without the token', async () => {
    const seen: { path: string; authorization: string | undefined }[] = [];
    const elsewhere = await startHttpFake((req, res) => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('not from Slack');
    });
    // Stands for Slack's API origin: its file address sends the download to another origin.
    const slackHost = await startHttpFake((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.origin}/stolen` });
      res.end();
    });
    const call = async () => {
      throw new Error('files.info is not asked for a file whose address is known');
    };
    const file = { id: 'F1', name: 'a.txt', mimetype: 'text/plain', size: 14 };
    try {
      const forged = downloadSlackFile(call, 'xoxb-secret', slackHost.origin, file, new Map([['F1', `${elsewhere.origin}/files-pri/T1-F1/a.txt`]]), { maxBytes: 1_000 });
      await expect(forged).rejects.toMatchObject({ platformCode: 'unexpected_file_host' });
      expect(seen).toEqual([]);

      await downloadSlackFile(call, 'xoxb-secret', slackHost.origin, file, new Map([['F1', `${slackHost.origin}/files-pri/T1-F1/a.txt`]]), { maxBytes: 1_000 });
      expect(seen).toEqual([{ path: '/stolen', authorization: undefined }]);
    } finally {
      await Promise.all([elsewhere.close(), slackHost.close()]);
    }
  });
});
