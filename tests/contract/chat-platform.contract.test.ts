import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatPlatform } from '../../core/assistant/chat-platform.port';
import { ChatPlatformError } from '../../core/assistant/chat-platform-error';
import { memberDisplayName } from '../../core/workspace/member';
import { InMemoryChatPlatformFactory, InMemoryChatWorkspace } from '../../adapters/memory/in-memory-chat-platform';
import { SlackChatPlatformFactory } from '../../adapters/slack/slack-chat-platform';
import { startFakeSlack } from '../../adapters/slack-emulator/fake-slack';
import { seedWorkspace } from '../../adapters/slack-emulator/seed-workspace';

interface Reply {
  text: string;
  username?: string;
  iconUrl?: string;
}

interface ChatHarness {
  platform: ChatPlatform;
  channelId: string;
  alice: string;
  bob: string;
  botUserId: string;
  botId: string;
  say(text: string, userId: string, threadTs?: string): string;
  sayAsTomo(text: string, threadTs: string): string;
  replies(threadTs: string): Reply[];
  thinkingShown(threadTs: string, messageTs: string): boolean;
  /** The status text a person sees now, where the platform shows one. */
  statusShown(threadTs: string): string | undefined;
  /** Someone shares a file; returns the message ts. */
  shareFile(file: { id: string; name: string; mimetype: string; filetype: string; content: string }, userId: string): string;
  /** A private conversation with these members, holding one message by the first; returns its ts. */
  privateChannelWith(members: string[], text: string): { channelId: string; ts: string };
  close(): Promise<void>;
}

const subjects: { name: string; start(): Promise<ChatHarness> }[] = [
  {
    name: 'InMemoryChatPlatform',
    async start() {
      const ws = new InMemoryChatWorkspace();
      ws.addChannel('CGEN');
      ws.addPerson({ id: 'UALICE', name: 'alice', realName: 'Alice Archer', profile: { displayName: 'alice' }, locale: 'en-US' });
      ws.addPerson({ id: 'UBOB', name: 'bob', realName: 'Bob Baker', profile: { realName: 'Bob Baker' }, locale: 'ja-JP' });
      return {
        platform: new InMemoryChatPlatformFactory(ws).forWorkspace({ teamId: 'T1', botToken: 'x' }),
        channelId: 'CGEN',
        alice: 'UALICE',
        bob: 'UBOB',
        botUserId: ws.botUserId,
        botId: ws.botId,
        say: (text, userId, threadTs) => ws.say({ channelId: 'CGEN', text, userId, ...(threadTs ? { threadTs } : {}) }),
        sayAsTomo: (text, threadTs) => ws.say({ channelId: 'CGEN', text, userId: ws.botUserId, botId: ws.botId, threadTs }),
        replies: (threadTs) =>
          ws.botReplies('CGEN', threadTs).map((m) => ({ text: m.text, ...m.appearance })),
        thinkingShown: (_threadTs, messageTs) => ws.thinking.has(`CGEN/${messageTs}`),
        statusShown: () => ws.statuses.at(-1),
        shareFile: (file, userId) =>
          ws.say({
            channelId: 'CGEN',
            text: '',
            userId,
            files: [{ file: { id: file.id, name: file.name, mimetype: file.mimetype, filetype: file.filetype, size: file.content.length }, bytes: Buffer.from(file.content) }],
          }),
        privateChannelWith: (members, text) => {
          const channelId = `GPRIV${ws.privateMembers.size}`;
          ws.addChannel(channelId);
          ws.privateMembers.set(channelId, new Set(members));
          return { channelId, ts: ws.say({ channelId, text, userId: members[0]! }) };
        },
        close: async () => undefined,
      };
    },
  },
  {
    name: 'SlackChatPlatform (Web API fake)',
    async start() {
      const slack = await startFakeSlack();
      const ws = seedWorkspace(slack);
      const platform = new SlackChatPlatformFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({
        teamId: ws.team.id,
        botToken: ws.team.botToken,
        botUserId: ws.team.botUserId,
      });
      return {
        platform,
        channelId: ws.channel,
        alice: ws.alice,
        bob: ws.bob,
        botUserId: ws.team.botUserId,
        botId: ws.team.botId,
        say: (text, userId, threadTs) => slack.addMessage({ channel: ws.channel, text, user: userId, ...(threadTs ? { threadTs } : {}) }).ts,
        sayAsTomo: (text, threadTs) =>
          slack.addMessage({ channel: ws.channel, text, user: ws.team.botUserId, botId: ws.team.botId, threadTs }).ts,
        replies: (threadTs) =>
          slack.botReplies(ws.channel, threadTs).map((m) => ({
            text: m.text,
            ...(m.username === undefined ? {} : { username: m.username }),
            ...(m.iconUrl === undefined ? {} : { iconUrl: m.iconUrl }),
          })),
        thinkingShown: (threadTs, messageTs) =>
          Boolean(slack.statusOf(ws.channel, threadTs)) || (slack.state.message(ws.channel, messageTs)?.reactions.size ?? 0) > 0,
        statusShown: (threadTs) => slack.statusOf(ws.channel, threadTs),
        shareFile: (file, userId) =>
          slack.addMessage({ channel: ws.channel, text: '', user: userId, files: [{ ...file, content: Buffer.from(file.content) }] }).ts,
        privateChannelWith: (members, text) => {
          const channelId = `GPRIV${slack.state.channels.size}`;
          slack.addChannel({ id: channelId, teamId: ws.team.id, name: 'secret', isPrivate: true, members });
          return { channelId, ts: slack.addMessage({ channel: channelId, text, user: members[0]! }).ts };
        },
        close: () => slack.close(),
      };
    },
  },
];

const prose = (chars: number) => 'Answers come in sentences. Then paragraphs.\n\n'.repeat(Math.ceil(chars / 45)).slice(0, chars);
const squash = (text: string) => text.replace(/\s/g, '');

describe.each(subjects)('ChatPlatform contract: $name', (subject) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await subject.start();
  });
  afterAll(() => h.close());

  it('reads a thread oldest first, parent included, with authors and Tomo’s own replies marked', async () => {
    const parent = h.say('What is our refund policy?', h.alice);
    h.sayAsTomo('No refunds mid-term.', parent);
    h.say('Even yearly?', h.bob, parent);

    const messages = await h.platform.readThread({ channelId: h.channelId, threadTs: parent });

    expect(messages.map((m) => m.text)).toEqual(['What is our refund policy?', 'No refunds mid-term.', 'Even yearly?']);
    expect(messages[0]).toMatchObject({ ts: parent, userId: h.alice });
    expect(messages[1]).toMatchObject({ userId: h.botUserId, botId: h.botId });
    expect(messages[2]?.userId).toBe(h.bob);
  });

  it('reports an unknown channel as not found', async () => {
    const failure = await h.platform.readThread({ channelId: 'CNOWHERE', threadTs: '1.000001' }).catch((e) => e);
    expect(failure).toBeInstanceOf(ChatPlatformError);
    expect(failure).toMatchObject({ code: 'not_found' });
  });

  it('describes people in the workspace Member shape, leaving unknown ids out', async () => {
    const people = await h.platform.getUsers([h.alice, h.bob, 'UNOBODY']);

    expect([...people.keys()].sort()).toEqual([h.alice, h.bob].sort());
    expect(memberDisplayName(people.get(h.alice)!)).toBe('alice');
    expect(memberDisplayName(people.get(h.bob)!)).toBe('Bob Baker');
    expect(people.get(h.bob)?.locale).toBe('ja-JP');
  });

  it('writes an answer appended in pieces as one reply in the thread, under the custom name and icon', async () => {
    const parent = h.say('Write me a haiku', h.alice);
    const appearance = { username: 'Hoshi', iconUrl: 'https://cdn.example.test/hoshi.png' };
    const writer = h.platform.startAnswer({ thread: { channelId: h.channelId, threadTs: parent }, recipientUserId: h.alice, appearance });
    const answer = prose(700);
    for (let i = 0; i < answer.length; i += 9) await writer.append(answer.slice(i, i + 9));

    const posted = await writer.finish();

    expect(h.replies(parent)).toEqual([{ text: answer, ...appearance }]);
    expect(posted.messageTs).toHaveLength(1);
  });

  it('continues an answer longer than one message in further replies', async () => {
    const parent = h.say('Tell me everything', h.alice);
    const writer = h.platform.startAnswer({ thread: { channelId: h.channelId, threadTs: parent }, recipientUserId: h.alice });
    const answer = prose(30_000);
    for (let i = 0; i < answer.length; i += 500) await writer.append(answer.slice(i, i + 500));

    const posted = await writer.finish();

    const replies = h.replies(parent);
    expect(replies.length).toBeGreaterThanOrEqual(3);
    expect(posted.messageTs).toHaveLength(replies.length);
    expect(replies.every((r) => r.text.length <= 12_000)).toBe(true);
    expect(squash(replies.map((r) => r.text).join(''))).toBe(squash(answer));
  });

  it('replaces a restarted answer, even one over several messages, with the words appended after the restart', async () => {
    const parent = h.say('Tell me everything', h.alice);
    const writer = h.platform.startAnswer({ thread: { channelId: h.channelId, threadTs: parent }, recipientUserId: h.alice });
    const broken = prose(15_000);
    for (let i = 0; i < broken.length; i += 500) await writer.append(broken.slice(i, i + 500));

    await writer.restart();
    const whole = 'The whole answer, asked for again.';
    for (let i = 0; i < whole.length; i += 9) await writer.append(whole.slice(i, i + 9));
    const posted = await writer.finish();

    expect(h.replies(parent).map((r) => r.text)).toEqual([whole]);
    expect(posted.messageTs).toHaveLength(1);
  });

  it('keeps the words of an answer that broke off, marked as cut off; after a restart without new words, the first answer’s', async () => {
    const parent = h.say('Tell me a story', h.alice);
    const writer = h.platform.startAnswer({ thread: { channelId: h.channelId, threadTs: parent }, recipientUserId: h.alice });
    await writer.append('Once upon ');
    await writer.append('a time');
    await writer.interrupt();
    expect(h.replies(parent).map((r) => r.text)).toEqual(['Once upon a time…']);

    const again = h.say('Another one', h.alice);
    const restarted = h.platform.startAnswer({ thread: { channelId: h.channelId, threadTs: again }, recipientUserId: h.alice });
    await restarted.append('There was ');
    await restarted.append('a fox');
    await restarted.restart();
    await restarted.interrupt();
    expect(h.replies(again).map((r) => r.text)).toEqual(['There was a fox…']);

    const silent = h.say('Nothing?', h.alice);
    await h.platform.startAnswer({ thread: { channelId: h.channelId, threadTs: silent }, recipientUserId: h.alice }).interrupt();
    expect(h.replies(silent)).toEqual([]);
  });

  it('posts nothing for an empty answer', async () => {
    const parent = h.say('…', h.alice);
    const writer = h.platform.startAnswer({ thread: { channelId: h.channelId, threadTs: parent }, recipientUserId: h.alice });

    expect((await writer.finish()).messageTs).toEqual([]);
    expect(h.replies(parent)).toEqual([]);
  });

  it('posts a complete text in the thread, split when long', async () => {
    const parent = h.say('Trial over?', h.alice);

    const ts = await h.platform.postInThread({ channelId: h.channelId, threadTs: parent }, prose(13_000), { username: 'Hoshi' });

    expect(h.replies(parent)).toHaveLength(2);
    expect(ts).toHaveLength(2);
    expect(h.replies(parent).every((r) => r.username === 'Hoshi')).toBe(true);
  });

  it('shows a thinking sign until it is cleared', async () => {
    const parent = h.say('Hard question', h.alice);
    const thread = { channelId: h.channelId, threadTs: parent };

    const indicator = await h.platform.showThinking({ thread, messageTs: parent, status: 'is thinking…' });
    expect(h.thinkingShown(parent, parent)).toBe(true);

    await indicator.clear();
    expect(h.thinkingShown(parent, parent)).toBe(false);
  });

  it('updates the thinking sign with what Tomo is doing', async () => {
    const parent = h.say('Search something', h.alice);
    const indicator = await h.platform.showThinking({ thread: { channelId: h.channelId, threadTs: parent }, messageTs: parent, status: 'is thinking…' });

    await indicator.update?.('is searching the web…');

    expect(h.statusShown(parent)).toBe('is searching the web…');
    await indicator.clear();
  });

  it('lists the files shared in a thread and downloads one, within a size limit', async () => {
    const content = 'name,amount\nalice,12\nbob,30\n';
    const ts = h.shareFile({ id: 'F0CSV1', name: 'amounts.csv', mimetype: 'text/csv', filetype: 'csv', content }, h.alice);

    const [message] = await h.platform.readThread({ channelId: h.channelId, threadTs: ts });
    expect(message?.files).toEqual([{ id: 'F0CSV1', name: 'amounts.csv', mimetype: 'text/csv', filetype: 'csv', size: content.length }]);

    const bytes = await h.platform.downloadFile!(message!.files![0]!, { maxBytes: 1_000 });
    expect(Buffer.from(bytes).toString('utf8')).toBe(content);
    const tooLarge = await h.platform.downloadFile!(message!.files![0]!, { maxBytes: 10 }).catch((e) => e);
    expect(tooLarge).toMatchObject({ code: 'failed', platformCode: 'too_large' });
  });

  it('reads a linked message only for someone who could read it: public channels, or conversations they are in', async () => {
    const publicTs = h.say('The launch moves to Friday.', h.bob);
    const secret = h.privateChannelWith([h.bob], 'Salary bands for 2026');

    expect(await h.platform.readLinkedMessage!({ channelId: h.channelId, ts: publicTs }, h.alice)).toMatchObject({
      text: 'The launch moves to Friday.',
      userId: h.bob,
    });
    expect(await h.platform.readLinkedMessage!({ channelId: secret.channelId, ts: secret.ts }, h.alice)).toBeUndefined();
    expect(await h.platform.readLinkedMessage!({ channelId: secret.channelId, ts: secret.ts }, h.bob)).toMatchObject({ text: 'Salary bands for 2026' });
    expect(await h.platform.readLinkedMessage!({ channelId: 'CNOWHERE', ts: publicTs }, h.alice)).toBeUndefined();
  });
});
