import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import {
  endTrial,
  jobsOf,
  eventually,
  installThroughBrowser,
  mention,
  repositoriesOf,
  sendEvent,
  settled,
  settledAll,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

/**
 * Slack refuses every post in a place Tomo may no longer write to: an archived channel
 * (`is_archived`), one Tomo was removed from (`not_in_channel`), a read-only channel, a thread
 * admins locked (`restricted_action_read_only_channel`, `restricted_action_thread_locked`),
 * a channel whose posting admins disabled (`ekm_access_denied`): chat.startStream, appendStream,
 * stopStream and postMessage list these errors (docs.slack.dev/reference/methods/chat.startStream,
 * chat.appendStream). A retry of the answer job meets the same refusal after asking the model again.
 */
describe('Slack app: a channel Tomo can no longer post in (real server and worker, Slack and LLM fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    // One retry is enough to see whether the job is retried at all.
    world = await startSlackAppWorld({ ANSWER_RETRIES: '1' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(() => world.close());
  beforeEach(() => {
    for (const channel of world.slack.state.channels.values()) {
      channel.isArchived = false;
      channel.botIsMember = true;
    }
  });

  /** Tomo's messages in the question's thread, streaming or not. */
  const tomoMessagesUnder = (question: { channel: string; ts: string }) =>
    world.slack.state.messages.filter((m) => m.channel === question.channel && m.threadTs === question.ts && m.botId === world.ws.team.botId);

  async function jobOf(ts: string) {
    const jobs = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === ts);
    return jobs.map((job) => [job.state, job.retryCount]);
  }

  it('asks the model once and lets the question go when the channel was archived before the answer could be posted', async () => {
    const calls = world.openai.calls.length;
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> what did we decide?` });
    // Archived after the mention was sent: its history still reads, posting is refused.
    world.slack.state.channels.get(world.ws.channel)!.isArchived = true;

    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);

    expect(await jobOf(question.ts)).toEqual([['completed', 0]]);
    expect(world.openai.calls.length).toBe(calls + 1);
    expect(tomoMessagesUnder(question)).toEqual([]);
  });

  it('stops when Tomo is removed from the channel mid-answer: no retry asks the model again, no error message is attempted', async () => {
    const calls = world.openai.calls.length;
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> write a long story` });
    world.openai.enqueue({ text: 'Once upon a time. '.repeat(150), chunkChars: 40, chunkDelayMs: 30 });

    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);
    const streaming = await eventually(() => {
      const found = tomoMessagesUnder(question).find((m) => m.streamState === 'streaming');
      expect(found).toBeDefined();
      return found!;
    });
    world.slack.state.channels.get(world.ws.channel)!.botIsMember = false;

    expect(await jobOf(question.ts)).toEqual([['completed', 0]]);
    expect(world.openai.calls.length).toBe(calls + 1);
    // The words shown before the removal stay; nothing else was posted.
    expect(tomoMessagesUnder(question).map((m) => m.ts)).toEqual([streaming.ts]);
  });

  it('writes an egress record each time the model was asked, though Slack refused or failed the answer: the question left all the same', async () => {
    const audit = () => repositoriesOf(world).egressAudit.list(world.ws.team.id, { limit: 1_000 });
    const recorded = (await audit()).length;
    const calls = world.openai.calls.length;
    const channel = world.slack.state.channels.get(world.ws.channel)!;
    const ask = async (text: string, before: () => void = () => undefined) => {
      const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> ${text}` });
      before();
      expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);
      return question;
    };

    // Archived before the first word could be posted.
    const archived = await ask('what did we decide?', () => (channel.isArchived = true));
    expect(await jobOf(archived.ts)).toEqual([['completed', 0]]);
    channel.isArchived = false;

    // Archived mid-answer (streamed, or posted and edited).
    world.openai.enqueue({ text: 'Once upon a time. '.repeat(150), chunkChars: 40, chunkDelayMs: 30 });
    const midway = await ask('write a long story');
    await eventually(() => expect(tomoMessagesUnder(midway).length).toBeGreaterThan(0));
    channel.isArchived = true;
    expect(await jobOf(midway.ts)).toEqual([['completed', 0]]);
    channel.isArchived = false;

    // Slack fails the stream midway on both attempts: the job fails, each attempt asked the model.
    for (let attempt = 0; attempt < 2; attempt += 1) world.openai.enqueue({ text: 'Chapter one. '.repeat(150), chunkChars: 40, chunkDelayMs: 5 });
    world.slack.failNext('chat.appendStream', 'fatal_error', { times: 2 });
    const failing = await ask('and the budget?');
    expect(await jobOf(failing.ts)).toEqual([['failed', 1]]);

    expect(world.openai.calls.length - calls).toBe(4);
    const records = await audit();
    expect(records.length - recorded).toBe(4);
    for (const record of records.slice(0, 4)) {
      expect(record).toMatchObject({ memberId: world.ws.alice, provider: 'openai', model: 'gpt-5' });
      expect(record.sourceKinds).toContain('thread');
    }
  });

  it('stops when the channel is archived while an answer is posted and edited (no streaming): chat.update says is_inactive', async () => {
    world.slack.disableStreaming();
    try {
      const calls = world.openai.calls.length;
      const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> explain it slowly` });
      world.openai.enqueue({ text: 'Step by step. '.repeat(100), chunkChars: 40, chunkDelayMs: 40 });

      expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);
      const posted = await eventually(() => {
        const [first] = tomoMessagesUnder(question);
        expect(first).toBeDefined();
        return first!;
      });
      world.slack.state.channels.get(world.ws.channel)!.isArchived = true;

      expect(await jobOf(question.ts)).toEqual([['completed', 0]]);
      expect(world.openai.calls.length).toBe(calls + 1);
      expect(tomoMessagesUnder(question).map((m) => m.ts)).toEqual([posted.ts]);
    } finally {
      world.slack.settings.streamingSupported = true;
    }
  });

  it('asks the model once in a read-only channel (restricted_action_read_only_channel) instead of once per retry', async () => {
    const calls = world.openai.calls.length;
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> summarise the announcements` });
    for (const method of ['chat.startStream', 'chat.postMessage']) world.slack.failNext(method, 'restricted_action_read_only_channel', { times: 10 });

    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);

    expect(await jobOf(question.ts)).toEqual([['completed', 0]]);
    expect(world.openai.calls.length).toBe(calls + 1);
    expect(tomoMessagesUnder(question)).toEqual([]);
  });

  it('lets a refusal go that Slack will not take either (the trial over, the channel archived), instead of retrying it', async () => {
    const over = seedWorkspace(world.slack, 'T0ARCHIVED');
    expect((await installThroughBrowser(world, over)).status).toBe(200);
    await endTrial(world, over);
    const question = world.slack.addMessage({ channel: over.channel, user: over.alice, text: `<@${over.team.botUserId}> still there?` });
    world.slack.state.channels.get(over.channel)!.isArchived = true;
    const calls = world.openai.calls.length;

    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: over.channel }, over), { ws: over })).status).toBe(200);

    expect(await jobOf(question.ts)).toEqual([['completed', 0]]);
    expect(world.openai.calls.length).toBe(calls);
    expect(world.slack.state.messages.filter((m) => m.channel === over.channel && m.botId === over.team.botId)).toEqual([]);
  });

  it('greets a read-only channel Tomo was added to once: the refused greeting is not retried', async () => {
    const announcements = world.slack.addChannel({ id: 'C07ANNOUNCE', teamId: world.ws.team.id, name: 'announcements' }).id;
    // Only admins may post there: Slack refuses Tomo's post.
    world.slack.failNext('chat.postMessage', 'restricted_action_read_only_channel', { times: 10 });
    const posts = world.slack.callsTo('chat.postMessage').length;

    const joined = { type: 'member_joined_channel', user: world.ws.team.botUserId, channel: announcements, channel_type: 'C', team: world.ws.team.id, inviter: world.ws.alice, event_ts: '1727484800.000100' };
    expect((await sendEvent(world, joined)).status).toBe(200);

    await settledAll(world, [SLACK_QUEUES.slackGreeting.name]);
    const jobs = await jobsOf(world, SLACK_QUEUES.slackGreeting.name);
    expect(jobs.map((job) => [job.state, job.retryCount])).toEqual([['completed', 0]]);
    expect(world.slack.callsTo('chat.postMessage').length - posts).toBe(1);
  });
});
