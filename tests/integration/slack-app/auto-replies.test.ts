import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hourStart,
  MAX_AUTO_REPLIES_PER_CHANNEL_PER_HOUR,
  MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR,
  WHOLE_CHANNEL,
} from '../../../core/auto-replies/auto-reply-loop-guard';
import { translate } from '../../../apps/shared/messages';
import { slackText } from '../../../apps/shared/messages/slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { HttpSession } from '../settings/support/http-session';
import {
  buyPlan,
  endTrial,
  eventually,
  installThroughBrowser,
  lastPrompt,
  mention,
  messageEvent,
  repliesIn,
  repositoriesOf,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

describe('Slack app: auto-replies to configured bots (real server and worker, fakes)', () => {
  let world: SlackAppWorld;
  const deploy = { id: 'BDEPLOY1', userId: 'UDEPLOY1', name: 'Deploy Bot' };
  const alerts = { id: 'BALERTS1', userId: 'UALERTS1', name: 'Alert Bot' };

  const configure = async (bot: { userId: string; name: string }, enabled: boolean, ws: SeededWorkspace = world.ws) =>
    repositoriesOf(world).autoReplySettings.append(ws.team.id, {
      teamId: ws.team.id,
      botUserId: bot.userId,
      botName: bot.name,
      instruction: `Explain what ${bot.name} reports and suggest the next step.`,
      enabled,
      updatedBy: ws.alice,
      updatedAt: new Date(),
    });

  /** A bot posts (modern bots: user + bot_id + app_id; legacy: subtype bot_message, bot_id only). */
  const botPosts = async (
    bot: { id: string; userId: string },
    text: string,
    options: {
      threadTs?: string;
      legacy?: boolean;
      ws?: SeededWorkspace;
      attachments?: Record<string, unknown>[];
      blocks?: Record<string, unknown>[];
    } = {},
  ) => {
    const ws = options.ws ?? world.ws;
    const message = world.slack.addMessage({
      channel: ws.channel,
      text,
      botId: bot.id,
      ...(options.attachments ? { attachments: options.attachments } : {}),
      ...(options.blocks ? { blocks: options.blocks } : {}),
      ...(options.legacy ? { subtype: 'bot_message' } : { user: bot.userId }),
      ...(options.threadTs ? { threadTs: options.threadTs } : {}),
    });
    const event = messageEvent(
      world,
      { ts: message.ts, channel: ws.channel, channelType: 'channel', text, ...(options.threadTs ? { threadTs: options.threadTs } : {}) },
      { bot_id: bot.id, ...(options.legacy ? { subtype: 'bot_message', username: 'legacy' } : { app_id: `A${bot.id.slice(1)}` }) },
    );
    if (options.legacy) delete (event as { user?: string }).user;
    else (event as { user?: string }).user = bot.userId;
    await sendEvent(world, event, { ws });
    return message;
  };

  beforeAll(async () => {
    world = await startSlackAppWorld();
    world.slack.addBot({ teamId: world.ws.team.id, ...deploy });
    world.slack.addBot({ teamId: world.ws.team.id, ...alerts });
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  it('answers a configured bot in its thread with that row’s instruction, on the bot’s own seat', async () => {
    await configure(deploy, true);
    world.openai.answer('The deploy failed on a missing migration; run it and redeploy.');
    const message = await botPosts(deploy, 'Deploy #42 failed: relation "users" does not exist');

    await eventually(() =>
      expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['The deploy failed on a missing migration; run it and redeploy.']),
    );
    expect(lastPrompt(world).system).toContain('## Task');
    expect(lastPrompt(world).system).toContain('Explain what Deploy Bot reports and suggest the next step.');
    expect(lastPrompt(world).conversation).toContain('Deploy #42 failed');
    await eventually(async () =>
      expect(await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).toContainEqual({
        memberId: deploy.userId,
        channelMention: 1,
        directMessage: 0,
        reaction: 0,
      }),
    );
  });

  it('finds the bot’s user behind a legacy bot_message (bots.info)', async () => {
    world.openai.answer('Legacy bot answered.');
    const message = await botPosts(deploy, 'Nightly build green', { legacy: true });
    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['Legacy bot answered.']));
  });

  it('reads a bot message that says everything in attachments (empty text), as alert and CI bots post them', async () => {
    world.openai.answer('The billing deploy failed on a missing table; run the migration.');
    const message = await botPosts(deploy, '', {
      attachments: [
        {
          fallback: 'Deploy #43 failed',
          color: 'danger',
          title: 'Deploy #43 failed',
          text: 'relation "orders" does not exist',
          fields: [{ title: 'Service', value: 'billing', short: true }],
        },
        // Slack's preview of a link is not what the bot said.
        { from_url: 'https://status.example.com/', original_url: 'https://status.example.com/', title: 'Status page', text: 'All systems go' },
      ],
    });

    await eventually(() =>
      expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['The billing deploy failed on a missing table; run the migration.']),
    );
    const { conversation } = lastPrompt(world);
    expect(conversation).toContain('Deploy #43 failed');
    expect(conversation).toContain('relation "orders" does not exist');
    expect(conversation).toContain('Service: billing');
    expect(conversation).not.toContain('All systems go');
  });

  it('reads a bot message that says everything in Block Kit blocks (no text: Slack does not require one with blocks)', async () => {
    world.openai.answer('The nightly backup failed for lack of space; free some disk.');
    const message = await botPosts(deploy, '', {
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Backup failed' } },
        { type: 'section', text: { type: 'mrkdwn', text: '*nightly-db* stopped: no space left on device' }, fields: [{ type: 'mrkdwn', text: '*Host:* db-2' }] },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'job 7781' }, { type: 'image', image_url: 'https://example.com/i.png', alt_text: 'logo' }] },
        { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Retry' }, action_id: 'retry' }] },
        {
          type: 'rich_text',
          elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'cc ' }, { type: 'user', user_id: world.ws.bob }, { type: 'link', url: 'https://runbook.example.com/backup' }] }],
        },
      ],
    });

    await eventually(() =>
      // The runbook link in the blocks was followed (and, with no such site here, said unread).
      expect(repliesIn(world, world.ws.channel, message.ts)).toEqual([
        'The nightly backup failed for lack of space; free some disk.\n\nCould not read: `https://runbook.example.com/backup` (loading it failed)',
      ]),
    );
    const { conversation } = lastPrompt(world);
    expect(conversation).toContain('Backup failed');
    expect(conversation).toContain('*nightly-db* stopped: no space left on device');
    expect(conversation).toContain('*Host:* db-2');
    expect(conversation).toContain('job 7781');
    expect(conversation).toContain('https://runbook.example.com/backup');
    expect(conversation).not.toContain('Retry');
  });

  it('stays quiet for a bot that is not configured, or whose row is switched off', async () => {
    const calls = world.openai.calls.length;
    const unconfigured = await botPosts(alerts, 'CPU at 95%');
    await configure(alerts, false);
    const disabled = await botPosts(alerts, 'CPU at 97%');
    const jobs = await settled(world);
    const output = (ts: string) => jobs.find((job) => (job.data as { ts?: string }).ts === ts)?.output;
    expect(output(unconfigured.ts)).toEqual({ status: 'ignored', reason: 'bot_not_configured' });
    expect(output(disabled.ts)).toEqual({ status: 'ignored', reason: 'bot_not_configured' });
    expect(world.slack.botReplies(world.ws.channel, unconfigured.ts)).toEqual([]);
    expect(world.slack.botReplies(world.ws.channel, disabled.ts)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
  });

  it(`caps one thread at ${MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR} auto-replies an hour, so two bots cannot ping-pong`, async () => {
    world.openai.answer('Noted.');
    const root = await botPosts(deploy, 'Rollout started');
    await eventually(() => expect(repliesIn(world, world.ws.channel, root.ts)).toHaveLength(1));
    for (let i = 0; i < MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR + 2; i += 1) {
      await botPosts(deploy, `Rollout step ${i}`, { threadTs: root.ts });
    }
    await settled(world);
    expect(repliesIn(world, world.ws.channel, root.ts)).toHaveLength(MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR);
    const guarded = (await settled(world)).filter((job) => (job.output as { reason?: string } | null)?.reason === 'loop_guard');
    expect(guarded).toHaveLength(3);
  });

  it(`caps one channel at ${MAX_AUTO_REPLIES_PER_CHANNEL_PER_HOUR} auto-replies an hour: a bot answering each reply with a new top-level message starts a new thread every time`, async () => {
    // On Standard (no monthly request limit), so only the cap stops it.
    const ws = seedWorkspace(world.slack, 'T0RELAY');
    const relayBot = { id: 'BRELAY1', userId: 'URELAY1', name: 'Relay Bot' };
    world.slack.addBot({ teamId: ws.team.id, ...relayBot });
    await installThroughBrowser(world, ws);
    await buyPlan(world, ws, { id: 'sub-relay', quantity: 3 });
    await configure(relayBot, true, ws);
    world.openai.answer('Noted.');
    // The channel's hour so far: all but two of its auto-replies spent, one new thread each (as
    // through a relay; sixty answers would take a minute here).
    const counter = repositoriesOf(world).autoReplyCounter;
    for (let i = 0; i < MAX_AUTO_REPLIES_PER_CHANNEL_PER_HOUR - 2; i += 1) {
      await counter.increment(ws.team.id, ws.channel, WHOLE_CHANNEL, hourStart(new Date()));
    }
    const roots = [];
    for (let i = 0; i < 5; i += 1) roots.push(await botPosts(relayBot, `New reply in thread ${i}`, { ws }));

    const jobs = await settled(world);
    const answered = roots.filter((root) => repliesIn(world, ws.channel, root.ts).length > 0);
    expect(answered).toHaveLength(2);
    const guarded = jobs.filter(
      (job) => (job.data as { channelId?: string }).channelId === ws.channel && (job.output as { reason?: string } | null)?.reason === 'loop_guard',
    );
    expect(guarded).toHaveLength(3);
  });

  it('counts a message once against the cap when its answer is retried (a Slack failure mid-way)', async () => {
    await configure(deploy, true);
    world.openai.answer('Noted.');
    const root = await botPosts(deploy, 'Migration started');
    await eventually(() => expect(repliesIn(world, world.ws.channel, root.ts)).toHaveLength(1));
    for (let i = 1; i < MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR - 1; i += 1) {
      await botPosts(deploy, `Migration step ${i}`, { threadTs: root.ts });
      await eventually(() => expect(repliesIn(world, world.ws.channel, root.ts)).toHaveLength(i + 1));
    }
    // The last answer the hour allows: Slack turns its stream away once (a long Retry-After), the job is retried.
    world.slack.rateLimit('chat.startStream', { times: 1, retryAfterSeconds: 120 });
    world.openai.answer('The migration is done; nothing left to do.');
    await botPosts(deploy, 'Migration finished', { threadTs: root.ts });

    await eventually(() =>
      expect(repliesIn(world, world.ws.channel, root.ts)).toEqual([
        ...Array<string>(MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR - 1).fill('Noted.'),
        'The migration is done; nothing left to do.',
      ]),
    );
  });

  /** A bot @mentions Tomo (Slack sends app_mention for a bot's message too, with its bot_id; a legacy bot_message has no user). */
  const botMentions = async (bot: { id: string; userId: string }, options: { threadTs?: string; legacy?: boolean } = {}) => {
    const text = `<@${world.ws.team.botUserId}> what do you make of this?`;
    const message = world.slack.addMessage({
      channel: world.ws.channel,
      text,
      botId: bot.id,
      ...(options.legacy ? { subtype: 'bot_message' } : { user: bot.userId }),
      ...(options.threadTs ? { threadTs: options.threadTs } : {}),
    });
    const event: Record<string, unknown> = {
      ...mention(world, { ts: message.ts, channel: world.ws.channel, user: bot.userId, ...(options.threadTs ? { threadTs: options.threadTs } : {}) }),
      text,
      bot_id: bot.id,
      ...(options.legacy ? { subtype: 'bot_message', username: 'legacy' } : { app_id: `A${bot.id.slice(1)}` }),
    };
    if (options.legacy) delete event.user;
    await sendEvent(world, event);
    return message;
  };

  it(`caps a bot that keeps @mentioning Tomo in one thread at ${MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR} answers an hour, as for auto-replies`, async () => {
    // Another assistant that answers whoever spoke last by mentioning them: without the cap the
    // two would answer each other for ever, each answer on the bot's seat and the model's bill.
    world.openai.answer('Here is what I think.');
    const root = world.slack.addMessage({ channel: world.ws.channel, text: 'Who can explain the outage?', user: world.ws.bob });
    for (let i = 0; i < MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR + 2; i += 1) {
      await botMentions(alerts, { threadTs: root.ts });
    }
    const jobs = await settled(world);
    expect(repliesIn(world, world.ws.channel, root.ts)).toHaveLength(MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR);
    const inThread = jobs.filter((job) => (job.data as { threadTs?: string }).threadTs === root.ts);
    expect(inThread.filter((job) => (job.output as { reason?: string } | null)?.reason === 'loop_guard')).toHaveLength(2);
  });

  it('answers a legacy bot_message that @mentions Tomo (no user: its bot user comes from bots.info)', async () => {
    world.openai.answer('Answered the legacy bot’s mention.');
    const message = await botMentions(deploy, { legacy: true });
    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['Answered the legacy bot’s mention.']));
  });

  it('never answers itself or another Tomo (the same app in a shared channel)', async () => {
    const calls = world.openai.calls.length;
    const own = world.slack.addMessage({ channel: world.ws.channel, text: 'Tomo speaking', user: world.ws.team.botUserId, botId: world.ws.team.botId });
    await sendEvent(
      world,
      messageEvent(world, { ts: own.ts, channel: world.ws.channel, channelType: 'channel', user: world.ws.team.botUserId }, { bot_id: world.ws.team.botId }),
    );
    const twin = world.slack.addMessage({ channel: world.ws.channel, text: 'Hello from the other org', botId: 'BTWIN' });
    await sendEvent(
      world,
      messageEvent(world, { ts: twin.ts, channel: world.ws.channel, channelType: 'channel', user: 'UTWIN' }, { bot_id: 'BTWIN', bot_profile: { app_id: world.ws.team.appId } }),
    );
    const jobs = await settled(world);
    expect(jobs.filter((job) => [own.ts, twin.ts].includes((job.data as { ts: string }).ts))).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
  });

  it('gives the bot a seat like a member, and tells the admin who set it up (once a day) when no seat is left', async () => {
    const paid = seedWorkspace(world.slack, 'T0SEATS');
    world.slack.addBot({ teamId: paid.team.id, ...deploy, id: 'BDEPLOY2', userId: 'UDEPLOY2' });
    world.slack.addBot({ teamId: paid.team.id, ...alerts, id: 'BALERTS2', userId: 'UALERTS2' });
    await installThroughBrowser(world, paid);
    await endTrial(world, paid);
    await buyPlan(world, paid, { id: 'sub-seats-1', quantity: 1 });
    await configure({ userId: 'UDEPLOY2', name: 'Deploy Bot' }, true, paid);
    await configure({ userId: 'UALERTS2', name: 'Alert Bot' }, true, paid);

    world.openai.answer('Seat taken.');
    const first = await botPosts({ id: 'BDEPLOY2', userId: 'UDEPLOY2' }, 'Deploy ok', { ws: paid });
    await eventually(() => expect(repliesIn(world, paid.channel, first.ts)).toEqual(['Seat taken.']));
    expect(await repositoriesOf(world).seatAssignments.listByTeam(paid.team.id)).toEqual([
      expect.objectContaining({ memberId: 'UDEPLOY2', memberKind: 'bot', assignmentKind: 'automatic', subscriptionId: 'sub-seats-1' }),
    ]);

    const calls = world.openai.calls.length;
    const refused = await botPosts({ id: 'BALERTS2', userId: 'UALERTS2' }, 'Disk full', { ws: paid });
    await botPosts({ id: 'BALERTS2', userId: 'UALERTS2' }, 'Disk still full', { ws: paid });
    await settled(world);
    expect(world.slack.botReplies(paid.channel, refused.ts)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
    const dm = [...world.slack.state.channels.values()].find((c) => c.teamId === paid.team.id && c.isIm && c.user === paid.alice)!;
    const notices = world.slack.state.messages.filter((m) => m.channel === dm.id && m.botId === paid.team.botId);
    const reason = translate('ENTITLEMENT.NO_SEAT', { membersUrl: `${world.app.config.PUBLIC_URL}/settings/members` }, 'en');
    expect(notices.map((m) => m.text)).toEqual([
      slackText('SLACK.AUTO_REPLY_REFUSED', { bot: 'Alert Bot', channel: `<#${paid.channel}>`, reason }, 'en'),
    ]);
  });

  it('shows on the Auto replies page which of the bot’s channels Tomo is (not) in', async () => {
    const ops = world.slack.addChannel({ id: 'COPS', teamId: world.ws.team.id, name: 'ops', members: [world.ws.alice, deploy.userId], botIsMember: false });
    const session = new HttpSession(world.app.baseUrl);
    await session.signIn(world.slack, { teamId: world.ws.team.id, userId: world.ws.alice }, '/settings/auto-replies');
    const page = (await (await session.get('/api/settings/auto-replies')).json()) as {
      rows: { botUserId: string; channels: { id: string; name: string; tomoIsMember: boolean }[] | null }[];
    };
    const row = page.rows.find((r) => r.botUserId === deploy.userId)!;
    expect(row.channels).toEqual([
      { id: ops.id, name: 'ops', tomoIsMember: false },
      { id: world.ws.channel, name: 'general', tomoIsMember: true },
    ]);
  });
});
