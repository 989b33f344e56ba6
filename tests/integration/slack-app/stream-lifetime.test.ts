import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installThroughBrowser, mention, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

/**
 * Slack closes a stream about five minutes after chat.startStream, whether text is still being
 * appended or not: chat.appendStream and chat.stopStream then answer
 * `message_not_in_streaming_state`, and the message shows what was streamed, unfinished, until
 * it is edited with chat.update (slackapi/python-slack-sdk#1859, fixed by exposing the stream's
 * ts for chat.update in #1880; slackapi/node-slack-sdk#2702). A slow model (a local one, a long
 * answer after tool rounds) streams that long. The emulator's lifetime is shortened here.
 */
describe('Slack app: an answer that outlives Slack’s stream (real server and worker, Slack and LLM fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld({ ANSWER_RETRIES: '1' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(() => world.close());

  it('finishes the answer in the same message by editing it once Slack has closed its stream, asking the model once', async () => {
    world.slack.settings.streamLifetimeMs = 1_000;
    const calls = world.openai.calls.length;
    const answer = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a slow answer.`).join('\n');
    world.openai.enqueue({ text: answer, chunkChars: 30, chunkDelayMs: 50 });
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> take your time` });

    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);

    const jobs = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === question.ts);
    expect(jobs.map((job) => [job.state, job.retryCount])).toEqual([['completed', 0]]);
    expect(world.openai.calls.length).toBe(calls + 1);
    const replies = world.slack.botReplies(world.ws.channel, question.ts);
    expect(replies.map((m) => m.text)).toEqual([answer]);
    expect(replies[0]!.streamState).toBe('stopped');
    // Tagged with its delivery, as a stopped stream is, so a retry's takeover can tell it (ADR 84).
    expect(replies[0]!.metadata).toMatchObject({ event_payload: { delivery: expect.any(String) } });
  });

  /**
   * chat.update lists `edit_window_closed` ("The timeframe for editing the message has expired"):
   * a workspace's admins may allow edits only for a while after posting (down to "never"). Whether
   * Slack holds a bot token to it is not documented; an answer must survive it either way.
   */
  describe('when the workspace’s edit window closes on an answer', () => {
    const answer = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a slow answer.`).join('\n');
    const squeezed = (text: string) => text.replace(/\s+/g, '');

    async function ask(): Promise<string> {
      const calls = world.openai.calls.length;
      world.openai.enqueue({ text: answer, chunkChars: 30, chunkDelayMs: 50 });
      const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> take your time` });
      expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);
      const jobs = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === question.ts);
      expect(jobs.map((job) => [job.state, job.retryCount])).toEqual([['completed', 0]]);
      expect(world.openai.calls.length).toBe(calls + 1);
      return question.ts;
    }

    afterEach(() => {
      world.slack.settings.editWindowMs = null;
      world.slack.settings.streamingSupported = true;
      world.slack.settings.streamLifetimeMs = 5 * 60_000;
    });

    it('posts the rest of an edited answer as a new message instead of failing it (no error message, the model asked once)', async () => {
      world.slack.settings.streamingSupported = false;
      world.slack.settings.editWindowMs = 400;
      const ts = await ask();
      const replies = world.slack.botReplies(world.ws.channel, ts).map((m) => m.text);
      expect(replies.length).toBeGreaterThan(1);
      expect(squeezed(replies.join(''))).toBe(squeezed(answer));
    });

    it('posts the rest of a stream Slack closed as a new message when the closed stream can no longer be edited', async () => {
      world.slack.settings.streamLifetimeMs = 1_000;
      world.slack.settings.editWindowMs = 500;
      const ts = await ask();
      const replies = world.slack.botReplies(world.ws.channel, ts);
      expect(replies.length).toBeGreaterThan(1);
      expect(squeezed(replies.map((m) => m.text).join(''))).toBe(squeezed(answer));
    });
  });
});
