import { randomBytes } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import type { FakeMessage } from '../../../adapters/slack-emulator/fake-slack';
import { endTrial, eventually, installThroughBrowser, postInteraction, settled, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

/** The payload Slack posts when someone picks "Save as PDF" on a message. */
function shortcut(
  world: SlackAppWorld,
  message: FakeMessage,
  user: string,
  triggerId = `${Date.now()}.${randomBytes(4).toString('hex')}`,
  callbackId = 'save_as_pdf',
) {
  return {
    type: 'message_action',
    callback_id: callbackId,
    trigger_id: triggerId,
    response_url: 'https://hooks.slack.invalid/actions/T/1/abc',
    team: { id: world.ws.team.id, domain: world.ws.team.domain },
    channel: { id: message.channel, name: 'general' },
    user: { id: user, name: 'someone', team_id: world.ws.team.id },
    message_ts: message.ts,
    message: { type: 'message', user: message.user, ts: message.ts, text: message.text, ...(message.threadTs ? { thread_ts: message.threadTs } : {}) },
  };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/**
 * Each expected line appears after the previous one. Whitespace is compared as a reader sees
 * it: a text extractor may break a line where the font or slant changes (italics).
 */
function expectInOrder(pdf: string, lines: readonly string[]): void {
  const text = pdf.replace(/\s+/g, ' ');
  let from = 0;
  for (const line of lines) {
    const at = text.indexOf(line, from);
    expect(at, `"${line}" after position ${from} in:\n${text}`).toBeGreaterThanOrEqual(0);
    from = at + line.length;
  }
}

describe('"Save as PDF" message shortcut through the real server and worker (Slack fake)', () => {
  let world: SlackAppWorld;
  let root: FakeMessage;
  let reply: FakeMessage;
  let hanako: string;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    expect((await installThroughBrowser(world)).status).toBe(200);
    const { ws, slack } = world;
    hanako = slack.addUser({
      id: 'UHANAKO',
      teamId: ws.team.id,
      name: 'hanako',
      realName: '山田 花子',
      displayName: 'はなこ',
      locale: 'ja-JP',
      tz: 'Asia/Tokyo',
    }).id;
    slack.addUser({ id: 'UNONAME', teamId: ws.team.id, name: '', realName: '' });
    root = slack.addMessage({
      channel: ws.channel,
      user: ws.alice,
      text: 'Release plan for *Friday* :rocket:\n• freeze at _noon_\n• ship <https://example.com/notes|the notes>\n&gt; remember the ~old~ new checklist',
      at: new Date('2026-11-20T23:30:00Z'),
    });
    slack.addMessage({ channel: ws.channel, user: ws.bob, threadTs: root.ts, text: '了解です。<@UHANAKO> さん、翻訳をお願いします。', at: new Date('2026-11-20T23:41:00Z') });
    reply = slack.addMessage({ channel: ws.channel, user: hanako, threadTs: root.ts, text: '日本語版は*金曜日*の朝に公開します。\n```npm run release```', at: new Date('2026-11-20T23:55:00Z') });
    slack.addMessage({
      channel: ws.channel,
      user: 'UNONAME',
      threadTs: root.ts,
      text: 'Thanks all!',
      // Deleted since: Slack lists it by id and mode only.
      files: [{ id: 'FDELETED', name: 'notes.txt', mimetype: 'text/plain', filetype: 'text', content: Buffer.from('notes'), mode: 'tombstone' }],
      at: new Date('2026-11-21T00:02:00Z'),
    });
  });
  afterAll(async () => world.close());

  /** The DM between Tomo and `user`, and the PDFs Tomo sent there. */
  function pdfsInDm(user: string) {
    const dm = [...world.slack.state.channels.values()].find((c) => c.isIm && c.user === user && c.teamId === world.ws.team.id);
    if (dm === undefined) return [];
    return world.slack.state.messages.filter(
      (m) => m.channel === dm.id && m.botId === world.ws.team.botId && m.files?.some((f) => f.mimetype === 'application/pdf'),
    );
  }

  it("on a thread's first message: the whole thread as one PDF in the person's DM, authors by display name, times in their zone, in order", async () => {
    const response = await postInteraction(world, shortcut(world, root, hanako));
    expect(response.status).toBe(200);
    await eventually(() => expect(pdfsInDm(hanako)).toHaveLength(1), 20_000);

    const [posted] = pdfsInDm(hanako);
    expect(posted!.text).toBe('#general の会話のPDFです。');
    const [file] = posted!.files!;
    expect(file!.name).toBe('slack-general-2026-11-20.pdf');
    expect(file!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(file!.content);
    expectInOrder(text, [
      '#general のスレッド',
      'はなこ が',
      '時刻は Asia/Tokyo',
      'alice',
      '2026/11/21 8:30',
      'Release plan for Friday :rocket:',
      'freeze at noon',
      'ship the notes',
      'remember the old new checklist',
      'Bob Baker',
      '2026/11/21 8:41',
      '了解です。@はなこ さん、翻訳をお願いします。',
      'はなこ',
      '2026/11/21 8:55',
      '日本語版は金曜日の朝に公開します。',
      'npm run release',
      // A person Slack names nowhere, in the reader's language.
      'UNONAME: (名前なし)',
      'Thanks all!',
      '添付ファイル: ファイル（削除済み）',
    ]);
    // Bold and the link survive as such: the link is a PDF link annotation to its address.
    expect(file!.content.toString('latin1')).toContain('(https://example.com/notes)');
    await settled(world, SLACK_QUEUES.slackPdf.name);
  });

  it('on a reply: only that message; an English speaker gets English and their own time zone', async () => {
    world.slack.state.users.get(world.ws.alice)!.tz = 'America/New_York';
    const before = pdfsInDm(world.ws.alice).length;
    await postInteraction(world, shortcut(world, reply, world.ws.alice));
    await eventually(() => expect(pdfsInDm(world.ws.alice)).toHaveLength(before + 1), 20_000);

    const posted = pdfsInDm(world.ws.alice).at(-1)!;
    expect(posted.text).toBe('Here is your PDF of the conversation in #general.');
    const text = await pdfText(posted.files![0]!.content);
    expectInOrder(text, ['Message in #general', 'Saved by alice', '1 message', 'times in America/New_York', 'はなこ', 'Nov 20, 2026, 6:55 PM', '日本語版は金曜日の朝に公開します。']);
    expect(text).not.toContain('Release plan');
  });

  it("a forwarded message is labelled in the reader's language, in a thread and on its own", async () => {
    const { ws, slack } = world;
    const share = (authorId: string | undefined, text: string) => ({
      is_share: true,
      is_msg_unfurl: true,
      ...(authorId === undefined ? { author_name: '' } : { author_id: authorId, author_name: 'bob' }),
      channel_id: ws.channel,
      ts: '1700000000.000100',
      text,
      fallback: text,
      from_url: `https://acme.slack.com/archives/${ws.channel}/p1700000000000100`,
    });
    const top = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'FYI', attachments: [share(ws.bob, 'The launch moved to Friday.')] });
    const forward = slack.addMessage({ channel: ws.channel, user: hanako, threadTs: top.ts, text: '', attachments: [share(undefined, 'Demo on Monday.')] });

    const before = pdfsInDm(hanako).length;
    await postInteraction(world, shortcut(world, top, hanako));
    await eventually(() => expect(pdfsInDm(hanako)).toHaveLength(before + 1), 20_000);
    const thread = await pdfText(pdfsInDm(hanako).at(-1)!.files![0]!.content);
    expectInOrder(thread, ['FYI', '転送されたメッセージ（投稿者: @Bob Baker）:', 'The launch moved to Friday.', 'はなこ', '転送されたメッセージ:', 'Demo on Monday.']);
    expect(thread).not.toContain('Forwarded');

    await postInteraction(world, shortcut(world, forward, hanako));
    await eventually(() => expect(pdfsInDm(hanako)).toHaveLength(before + 2), 20_000);
    const alone = await pdfText(pdfsInDm(hanako).at(-1)!.files![0]!.content);
    expectInOrder(alone, ['はなこ', '転送されたメッセージ:', 'Demo on Monday.']);
    expect(alone).not.toContain('Forwarded');

    const english = pdfsInDm(ws.alice).length;
    await postInteraction(world, shortcut(world, top, ws.alice));
    await eventually(() => expect(pdfsInDm(ws.alice)).toHaveLength(english + 1), 20_000);
    expectInOrder(await pdfText(pdfsInDm(ws.alice).at(-1)!.files![0]!.content), ['FYI', 'Forwarded message from @Bob Baker:', 'The launch moved to Friday.']);
    await settled(world, SLACK_QUEUES.slackPdf.name);
  });

  it('"Save as PDF in thread" on a reply posts the PDF into that thread for everyone, naming who saved it', async () => {
    const { ws } = world;
    const before = world.slack.thread(ws.channel, root.ts).length;
    await postInteraction(world, shortcut(world, reply, ws.bob, undefined, 'save_as_pdf_thread'));
    await eventually(() => expect(world.slack.thread(ws.channel, root.ts)).toHaveLength(before + 1), 20_000);

    const posted = world.slack.thread(ws.channel, root.ts).at(-1)!;
    expect(posted.threadTs).toBe(root.ts);
    expect(posted.text).toBe(`<@${ws.bob}> さんが保存したこのスレッドのPDFです。`);
    expect(posted.files!.map((f) => f.mimetype)).toEqual(['application/pdf']);
    expectInOrder(await pdfText(posted.files![0]!.content), ['#general のメッセージ', 'はなこ', '日本語版は金曜日の朝に公開します。']);
  });

  it('in a DM: "a direct message", shared files named, another app\'s message under "App" (or the name a webhook posts under), an unknown time zone as UTC', async () => {
    const { slack, ws } = world;
    const ken = slack.addUser({ id: 'UKEN', teamId: ws.team.id, name: 'ken', realName: 'Ken', locale: 'en-US', tz: 'Not/AZone' }).id;
    const dm = slack.addChannel({ id: 'DKEN', teamId: ws.team.id, isIm: true, user: ken }).id;
    const first = slack.addMessage({
      channel: dm,
      user: ken,
      text: 'the report',
      files: [
        { id: 'FREPORT', name: 'report.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: Buffer.from('%PDF-1.4') },
        // Files Slack lists without letting anyone open them, by id and mode only: named, not dropped.
        { id: 'FOLDPLAN', name: 'plan-2023.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: Buffer.from('%PDF-1.4'), mode: 'hidden_by_limit' },
        { id: 'FGONE', name: 'draft.pdf', mimetype: 'application/pdf', filetype: 'pdf', content: Buffer.from('%PDF-1.4'), mode: 'tombstone' },
      ],
      at: new Date('2026-11-20T12:00:00Z'),
    });
    slack.addMessage({ channel: dm, botId: 'BOTHER', threadTs: first.ts, text: 'Build passed', at: new Date('2026-11-20T12:01:00Z') });
    // A webhook's or legacy bot's message (subtype bot_message): no user, the name it posts under in `username`.
    slack.addMessage({
      channel: dm,
      botId: 'BDEPLOY',
      subtype: 'bot_message',
      username: 'deploy-bot',
      threadTs: first.ts,
      text: 'Deployed v2',
      at: new Date('2026-11-20T12:02:00Z'),
    });
    await postInteraction(world, shortcut(world, first, ken));
    await eventually(() => expect(pdfsInDm(ken)).toHaveLength(1), 20_000);
    await settled(world, SLACK_QUEUES.slackPdf.name);
    expect(pdfsInDm(ken)[0]!.text).toBe('Here is your PDF of the conversation in a direct message.');
    expectInOrder(await pdfText(pdfsInDm(ken)[0]!.files!.find((f) => f.mimetype === 'application/pdf')!.content), [
      'Thread in a direct message',
      'times in UTC',
      'Ken',
      'Nov 20, 2026, 12:00 PM',
      'the report',
      'Attachment: report.pdf',
      "Attachment: a file (hidden by Slack's free-plan history limit)",
      'Attachment: a file (deleted)',
      'App',
      'Build passed',
      'deploy-bot',
      'Deployed v2',
    ]);
  });

  it('Slack refusing the upload: the person is told, nothing is shared', async () => {
    const before = pdfsInDm(world.ws.bob).length;
    world.slack.failNext('files.completeUploadExternal', 'internal_error');
    await postInteraction(world, shortcut(world, reply, world.ws.bob));
    await eventually(() => expect(world.slack.ephemeralsFor(world.ws.bob).map((e) => e.text)).toContain('PDFを作成できませんでした。しばらくしてからもう一度お試しいただくか、お問い合わせください。'), 20_000);
    await settled(world, SLACK_QUEUES.slackPdf.name);
    expect(pdfsInDm(world.ws.bob)).toHaveLength(before);
  });

  it('the same shortcut delivered twice makes one PDF; a forged one is refused with 401 and makes none', async () => {
    const before = pdfsInDm(world.ws.bob).length;
    const payload = shortcut(world, root, world.ws.bob, 'trigger-twice');
    expect((await postInteraction(world, payload)).status).toBe(200);
    expect((await postInteraction(world, payload)).status).toBe(200);
    expect((await postInteraction(world, shortcut(world, root, world.ws.bob), { secret: 'not-the-secret' })).status).toBe(401);
    await settled(world, SLACK_QUEUES.slackPdf.name);
    expect(pdfsInDm(world.ws.bob)).toHaveLength(before + 1);
  });

  it('a message Tomo cannot read: the person is told, and no PDF is made', async () => {
    const { slack, ws } = world;
    const secret = slack.addChannel({ id: 'CSECRET', teamId: ws.team.id, name: 'secret', botIsMember: false }).id;
    const hidden = slack.addMessage({ channel: secret, user: ws.alice, text: 'not for Tomo' });
    const before = pdfsInDm(ws.alice).length;
    await postInteraction(world, shortcut(world, hidden, ws.alice));
    await settled(world, SLACK_QUEUES.slackPdf.name);
    expect(pdfsInDm(ws.alice)).toHaveLength(before);
    const dm = [...slack.state.channels.values()].find((c) => c.isIm && c.user === ws.alice && c.teamId === ws.team.id)!;
    expect(slack.state.messages.filter((m) => m.channel === dm.id).at(-1)!.text).toBe(
      'Tomo cannot read that message, so no PDF was made. Invite Tomo to the channel (or check that the message still exists) and try again.',
    );
  });

  it('emoji in a display name and in messages are in the PDF (Noto Emoji), not empty boxes that read as U+0000', async () => {
    const { slack, ws } = world;
    const ada = slack.addUser({ id: 'UADA', teamId: ws.team.id, name: 'ada', realName: 'Ada Lovelace', displayName: 'Ada 🌸', locale: 'en-US', tz: 'UTC' }).id;
    const deployed = slack.addMessage({ channel: ws.channel, user: ada, text: 'Deployed ✅ 🚀 👩‍💻', at: new Date('2026-11-22T09:00:00Z') });
    slack.addMessage({ channel: ws.channel, user: hanako, threadTs: deployed.ts, text: '確認しました 🙏', at: new Date('2026-11-22T09:05:00Z') });

    await postInteraction(world, shortcut(world, deployed, ada));
    await eventually(() => expect(pdfsInDm(ada)).toHaveLength(1), 20_000);
    await settled(world, SLACK_QUEUES.slackPdf.name);

    const text = await pdfText(pdfsInDm(ada)[0]!.files![0]!.content);
    expect(text).not.toContain('\u0000');
    expectInOrder(text, ['Thread in #general', 'Saved by Ada 🌸', 'Ada 🌸', 'Nov 22, 2026, 9:00 AM', 'Deployed ✅ 🚀 👩‍💻', 'はなこ', '確認しました 🙏']);
  });

  it('not entitled (the trial is over): an ephemeral refusal in the person\'s language, and no PDF', async () => {
    await endTrial(world);
    const before = pdfsInDm(hanako).length;
    await postInteraction(world, shortcut(world, root, hanako));
    await eventually(() => expect(world.slack.ephemeralsFor(hanako)).toHaveLength(1), 20_000);
    expect(world.slack.ephemeralsFor(hanako)[0]!.text).toContain('無料トライアル');
    await settled(world, SLACK_QUEUES.slackPdf.name);
    expect(pdfsInDm(hanako)).toHaveLength(before);

    // Where Tomo cannot post even an ephemeral (not in the channel), the refusal goes to the DM.
    const hidden = world.slack.state.messages.find((m) => m.channel === 'CSECRET')!;
    await postInteraction(world, shortcut(world, hidden, hanako));
    await settled(world, SLACK_QUEUES.slackPdf.name);
    const dm = [...world.slack.state.channels.values()].find((c) => c.isIm && c.user === hanako)!;
    await eventually(() => expect(world.slack.state.messages.filter((m) => m.channel === dm.id).at(-1)!.text).toContain('無料トライアル'));
  });
});
