import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryChatWorkspace } from '../../adapters/memory/in-memory-chat-platform';
import { InMemoryChatWorkspaceFactory } from '../../adapters/memory/in-memory-chat-workspace';
import { SlackChatWorkspaceFactory } from '../../adapters/slack/slack-chat-workspace';
import { ChatPlatformError } from '../../core/assistant/chat-platform-error';
import type { ChatWorkspace } from '../../core/triggers/chat-workspace.port';
import { startFakeSlack } from '../../adapters/slack-emulator/fake-slack';
import { seedWorkspace } from '../../adapters/slack-emulator/seed-workspace';
import { askTomoFunction } from '../fakes/slack/ask-tomo-function';

/** What the contract needs to set a workspace up and see what Tomo did, for each implementation. */
interface WorkspaceHarness {
  platform: ChatWorkspace;
  channelId: string;
  /** A channel Tomo is not a member of. */
  closedChannelId: string;
  /** A private channel Tomo and bob are in, alice not. */
  privateChannelId: string;
  alice: string;
  bob: string;
  say(text: string, userId: string, options?: { threadTs?: string; at?: Date; channelId?: string }): string;
  /** Top-level messages Tomo posted in a channel. */
  posted(channelId: string): string[];
  ephemerals(userId: string): string[];
  dms(userId: string): string[];
  /** A running workflow step to complete. */
  execution(): string;
  bot: { id: string; userId: string };
  close(): Promise<void>;
}

const subjects: { name: string; start(): Promise<WorkspaceHarness> }[] = [
  {
    name: 'InMemoryChatWorkspacePlatform',
    async start() {
      const ws = new InMemoryChatWorkspace();
      for (const id of ['CGEN', 'CCLOSED', 'CPRIVATE']) ws.addChannel(id);
      ws.privateMembers.set('CPRIVATE', new Set(['UBOB']));
      ws.names.set('CGEN', 'general');
      ws.notMember.add('CCLOSED');
      ws.bots.set('BDEPLOY', 'UDEPLOY');
      let executions = 0;
      return {
        platform: new InMemoryChatWorkspaceFactory(ws).forWorkspace({ teamId: 'T1', botToken: 'x' }),
        channelId: 'CGEN',
        closedChannelId: 'CCLOSED',
        privateChannelId: 'CPRIVATE',
        alice: 'UALICE',
        bob: 'UBOB',
        say: (text, userId, options = {}) =>
          ws.say({ channelId: options.channelId ?? 'CGEN', text, userId, ...(options.threadTs ? { threadTs: options.threadTs } : {}), ...(options.at ? { at: options.at } : {}) }),
        posted: (channelId) => ws.messages.filter((m) => m.channelId === channelId && m.botId === ws.botId && m.threadTs === undefined).map((m) => m.text),
        ephemerals: (userId) => ws.ephemerals.filter((e) => e.userId === userId).map((e) => e.text),
        dms: (userId) => ws.messages.filter((m) => m.channelId === `D-${userId}`).map((m) => m.text),
        execution: () => `Fx${(executions += 1)}`,
        bot: { id: 'BDEPLOY', userId: 'UDEPLOY' },
        close: async () => undefined,
      };
    },
  },
  {
    name: 'SlackChatWorkspace (Web API fake)',
    async start() {
      const slack = await startFakeSlack();
      const ws = seedWorkspace(slack);
      slack.addChannel({ id: 'CCLOSED', teamId: ws.team.id, name: 'closed', botIsMember: false });
      slack.addChannel({ id: 'CPRIVATE', teamId: ws.team.id, name: 'private', isPrivate: true, members: [ws.bob] });
      const bot = slack.addBot({ teamId: ws.team.id, id: 'BDEPLOY', userId: 'UDEPLOY', name: 'Deploy Bot' });
      const platform = new SlackChatWorkspaceFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({
        teamId: ws.team.id,
        botToken: ws.team.botToken,
        botUserId: ws.team.botUserId,
      });
      const byTomo = (channel: string) => slack.state.messages.filter((m) => m.channel === channel && m.botId === ws.team.botId);
      return {
        platform,
        channelId: ws.channel,
        closedChannelId: 'CCLOSED',
        privateChannelId: 'CPRIVATE',
        alice: ws.alice,
        bob: ws.bob,
        say: (text, userId, options = {}) =>
          slack.addMessage({ channel: options.channelId ?? ws.channel, text, user: userId, ...(options.threadTs ? { threadTs: options.threadTs } : {}), ...(options.at ? { at: options.at } : {}) }).ts,
        posted: (channelId) => byTomo(channelId).filter((m) => m.threadTs === undefined).map((m) => m.text),
        ephemerals: (userId) => slack.ephemeralsFor(userId).map((e) => e.text),
        dms: (userId) => {
          const dm = [...slack.state.channels.values()].find((c) => c.isIm && c.user === userId);
          return dm ? byTomo(dm.id).map((m) => m.text) : [];
        },
        execution: () => slack.startFunctionExecution(ws.team.id, askTomoFunction()).id,
        bot: { id: bot.id, userId: bot.userId },
        close: () => slack.close(),
      };
    },
  },
];

describe.each(subjects)('ChatWorkspace contract: $name', (subject) => {
  let h: WorkspaceHarness;
  beforeAll(async () => {
    h = await subject.start();
  });
  afterAll(() => h.close());

  it('reads one message with the thread it sits in: alone, a parent with replies, or a reply', async () => {
    const alone = h.say('Lunch?', h.alice);
    const parent = h.say('Release plan', h.alice);
    const reply = h.say('Monday', h.bob, { threadTs: parent });

    expect(await h.platform.readMessage(h.channelId, alone)).toMatchObject({ ts: alone, threadTs: alone, replyCount: 0, text: 'Lunch?', userId: h.alice });
    expect(await h.platform.readMessage(h.channelId, parent)).toMatchObject({ threadTs: parent, replyCount: 1 });
    expect(await h.platform.readMessage(h.channelId, reply)).toMatchObject({ ts: reply, threadTs: parent, replyCount: 0, text: 'Monday' });
    expect(await h.platform.readMessage(h.channelId, '1000000000.000001')).toBeNull();
  });

  it('reads a channel’s window oldest first, each thread’s replies after its parent, and refuses where Tomo is not a member', async () => {
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    h.say('Too old', h.alice, { at: hoursAgo(30) });
    const parent = h.say('Incident at 9', h.alice, { at: hoursAgo(5) });
    h.say('Fixed at 10', h.bob, { threadTs: parent, at: hoursAgo(4) });
    h.say('Retro on Friday', h.bob, { at: hoursAgo(3) });

    const window = await h.platform.readChannel(h.channelId, { from: hoursAgo(24), to: hoursAgo(1) });
    const texts = window.map((m) => m.text);
    expect(texts.indexOf('Incident at 9')).toBeLessThan(texts.indexOf('Fixed at 10'));
    expect(texts.indexOf('Fixed at 10')).toBeLessThan(texts.indexOf('Retro on Friday'));
    expect(texts).not.toContain('Too old');
    expect(window.find((m) => m.text === 'Fixed at 10')).toMatchObject({ threadTs: parent, userId: h.bob });

    const refused = await h.platform.readChannel(h.closedChannelId, { from: hoursAgo(24), to: hoursAgo(1) }).catch((e) => e);
    expect(refused).toBeInstanceOf(ChatPlatformError);
    expect(refused).toMatchObject({ code: 'not_found' });
  });

  it('reads replies in the window to a thread started before it, back to threadsSince, after their parent', async () => {
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    const review = h.say('Design doc review', h.alice, { at: hoursAgo(72) });
    h.say('First pass done', h.bob, { threadTs: review, at: hoursAgo(60) });
    h.say('Looks good, ship it', h.bob, { threadTs: review, at: hoursAgo(2) });
    const quiet = h.say('Quiet old thread', h.alice, { at: hoursAgo(72) });
    h.say('Nothing since', h.bob, { threadTs: quiet, at: hoursAgo(70) });
    const ancient = h.say('Ancient thread', h.alice, { at: hoursAgo(24 * 10) });
    h.say('Ancient thread woke up', h.bob, { threadTs: ancient, at: hoursAgo(2) });
    h.say('Standup moved', h.alice, { at: hoursAgo(3) });

    const window = { from: hoursAgo(24), to: hoursAgo(1) };
    const texts = (await h.platform.readChannel(h.channelId, { ...window, threadsSince: hoursAgo(24 * 8) })).map((m) => m.text);
    expect(texts.indexOf('Design doc review')).toBeGreaterThanOrEqual(0);
    expect(texts.indexOf('Design doc review')).toBeLessThan(texts.indexOf('Looks good, ship it'));
    expect(texts.indexOf('Looks good, ship it')).toBeLessThan(texts.indexOf('Standup moved'));
    for (const left of ['First pass done', 'Quiet old thread', 'Nothing since', 'Ancient thread', 'Ancient thread woke up']) expect(texts).not.toContain(left);

    // Without a look-back, only the window's own parents' threads are read.
    expect((await h.platform.readChannel(h.channelId, window)).map((m) => m.text)).not.toContain('Looks good, ship it');
  });

  it('knows whether Tomo is in a channel', async () => {
    expect(await h.platform.channelInfo(h.channelId)).toMatchObject({ id: h.channelId, name: 'general', isMember: true });
    expect(await h.platform.channelInfo(h.closedChannelId)).toMatchObject({ isMember: false });
    expect(await h.platform.channelInfo('CNOWHERE')).toBeNull();
  });

  it('knows whether a person can read a channel: a public one anyone, a private one its members', async () => {
    expect(await h.platform.canRead(h.channelId, h.alice)).toBe(true);
    expect(await h.platform.canRead(h.privateChannelId, h.bob)).toBe(true);
    expect(await h.platform.canRead(h.privateChannelId, h.alice)).toBe(false);
    expect(await h.platform.canRead('CNOWHERE', h.alice)).toBe(false);
  });

  it('posts top-level, to one person only, and in a DM', async () => {
    expect(await h.platform.postToChannel(h.channelId, 'Summary of the day', { username: 'Kaito' })).toHaveLength(1);
    expect(h.posted(h.channelId)).toContain('Summary of the day');
    await h.platform.postEphemeral({ channelId: h.channelId, userId: h.bob, text: 'Only you can see this' });
    expect(h.ephemerals(h.bob)).toEqual(['Only you can see this']);
    expect(h.ephemerals(h.alice)).toEqual([]);
    await h.platform.postDirect(h.alice, 'Your summary was not posted');
    expect(h.dms(h.alice)).toEqual(['Your summary was not posted']);
  });

  it('completes a workflow step once; a second completion is refused', async () => {
    const execution = h.execution();
    await h.platform.completeFunction(execution, { ok: true, outputs: { answer: 'Done' } });
    const again = await h.platform.completeFunction(execution, { ok: false, error: 'late' }).catch((e) => e);
    expect(again).toBeInstanceOf(ChatPlatformError);
    expect(again).toMatchObject({ platformCode: 'function_execution_not_found' });
  });

  it('finds the bot user behind a bot id, or null', async () => {
    expect(await h.platform.botUserId(h.bot.id)).toBe(h.bot.userId);
    expect(await h.platform.botUserId('BNOBODY')).toBeNull();
  });
});
