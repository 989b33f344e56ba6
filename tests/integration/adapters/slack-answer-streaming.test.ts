import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnswerWriter, ChatPlatform } from '../../../core/assistant/chat-platform.port';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { SlackRateLimiter } from '../../../adapters/slack/slack-rate-limiter';
import { SlackStreamLoad } from '../../../adapters/slack/slack-stream-load';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

/** A clock tests move by hand; waiting on it moves it. */
function manualTime() {
  const time = { now: 0, waits: [] as number[] };
  return {
    time,
    clock: { now: () => new Date(time.now) },
    sleep: async (ms: number) => {
      time.waits.push(ms);
      time.now += ms;
    },
  };
}

const appearance = { username: 'Hoshi', iconUrl: 'https://cdn.example.test/hoshi.png' };

async function write(writer: AnswerWriter, text: string, deltaChars: number, between?: () => void) {
  for (let i = 0; i < text.length; i += deltaChars) {
    await writer.append(text.slice(i, i + deltaChars));
    between?.();
  }
  return writer.finish();
}

/** Deterministic prose with paragraph breaks, `chars` long. */
function prose(chars: number): string {
  const sentence = 'Tomo reads the thread, thinks, and answers in small pieces. ';
  let text = '';
  for (let i = 0; text.length < chars; i += 1) text += i % 7 === 6 ? `${sentence}\n\n` : sentence;
  return text.slice(0, chars);
}

describe('SlackChatPlatform writing answers through the Web API fake', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  let manual: ReturnType<typeof manualTime>;
  let platform: ChatPlatform;

  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
  });
  afterAll(() => slack.close());
  beforeEach(() => {
    slack.settings.streamingSupported = true;
    slack.settings.streamLifetimeMs = 5 * 60_000;
    manual = manualTime();
    platform = new SlackChatPlatformFactory({ slackApiUrl: slack.url, clock: manual.clock, sleep: manual.sleep }).forWorkspace({
      teamId: ws.team.id,
      botToken: ws.team.botToken,
      botUserId: ws.team.botUserId,
    });
  });

  const question = (channel = ws.channel) => slack.addMessage({ channel, user: ws.alice, text: 'Tell me a story' }).ts;
  const since = (method: string, mark: number) => slack.calls.slice(mark).filter((c) => c.method === method);

  it('starts the stream with the first words, then appends at least 256 characters at a time, under the custom name and icon', async () => {
    const threadTs = question();
    const answer = prose(1_500);
    const mark = slack.calls.length;

    const posted = await write(platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice, appearance }), answer, 7);

    const replies = slack.botReplies(ws.channel, threadTs);
    expect(replies.map((r) => r.text)).toEqual([answer]);
    expect(replies[0]).toMatchObject({ format: 'stream', streamState: 'stopped', username: 'Hoshi', iconUrl: appearance.iconUrl });
    expect(posted).toEqual({ messageTs: [replies[0]!.ts], delivery: 'stream' });
    const [start, ...rest] = [...since('chat.startStream', mark), ...since('chat.appendStream', mark)];
    expect(start?.params).toMatchObject({ thread_ts: threadTs, recipient_user_id: ws.alice, recipient_team_id: ws.team.id });
    // The first words go out as soon as the model wrote them, not after 256 characters.
    expect(start!.params.markdown_text).toBe(answer.slice(0, 7));
    for (const call of rest) expect(call!.params.markdown_text!.length).toBeGreaterThanOrEqual(256);
    expect(rest.length).toBeGreaterThan(1);
    expect(since('chat.stopStream', mark)).toHaveLength(1);
    expect(since('chat.postMessage', mark)).toHaveLength(0);
  });

  it('appends whatever gathered once a second has passed since the last write, even under 256 characters', async () => {
    const threadTs = question();
    const answer = prose(600);
    const mark = slack.calls.length;

    // 10 characters every 300 ms: a slow model.
    await write(platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice }), answer, 10, () => {
      manual.time.now += 300;
    });

    expect(slack.botReplies(ws.channel, threadTs).map((r) => r.text)).toEqual([answer]);
    const appends = since('chat.appendStream', mark);
    expect(appends.length).toBeGreaterThan(10);
    for (const call of appends) expect(call.params.markdown_text!.length).toBeLessThan(256);
    // Each append carries what gathered in just over a second: 4 pieces of 10 characters.
    expect(appends.every((call) => call.params.markdown_text!.length === 40)).toBe(true);
  });

  it('sends the words held for a batch as soon as the model pauses for a tool (flush), in a stream and in the edited fallback', async () => {
    for (const streaming of [true, false]) {
      slack.settings.streamingSupported = streaming;
      const threadTs = question();
      const writer = platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice });
      await writer.append('Sure.');
      await writer.append(' Let me look that up.');
      // Under 256 characters and no time passed: held for a batch.
      expect(slack.botReplies(ws.channel, threadTs).map((r) => r.text)).toEqual(['Sure.']);
      // A stream sends at once; edits keep their pace (chat.update), so the fallback's waits out its interval.
      if (!streaming) manual.time.now += 5_000;
      await writer.flush!();
      expect(slack.botReplies(ws.channel, threadTs).map((r) => r.text)).toEqual(['Sure. Let me look that up.']);
      await writer.flush!();
      await writer.append(' It is 42.');
      await writer.finish();
      expect(slack.botReplies(ws.channel, threadTs).map((r) => r.text)).toEqual(['Sure. Let me look that up. It is 42.']);
    }
  });

  it('while the process streams many answers, appends wait for 512 characters or 2 seconds; the first words still go at once', async () => {
    // "Many" is two here: this answer and another one streaming beside it, on another platform of the process.
    const load = new SlackStreamLoad({ busyAnswers: 2 });
    const factory = new SlackChatPlatformFactory({ slackApiUrl: slack.url, clock: manual.clock, sleep: manual.sleep, streamLoad: load });
    const access = { teamId: ws.team.id, botToken: ws.team.botToken, botUserId: ws.team.botUserId };
    const other = factory.forWorkspace(access).startAnswer({ thread: { channelId: ws.channel, threadTs: question() }, recipientUserId: ws.alice });
    await other.append('Another answer is streaming. ');
    const threadTs = question();
    const answer = prose(600);
    const mark = slack.calls.length;

    // The slow model again: 10 characters every 300 ms.
    await write(factory.forWorkspace(access).startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice }), answer, 10, () => {
      manual.time.now += 300;
    });

    expect(slack.botReplies(ws.channel, threadTs).map((r) => r.text)).toEqual([answer]);
    expect(since('chat.startStream', mark)[0]!.params.markdown_text).toBe(answer.slice(0, 10));
    const appends = since('chat.appendStream', mark);
    expect(appends.length).toBeGreaterThan(5);
    // What gathered in just over two seconds: 7 pieces of 10 characters (alone: 4, the test above).
    expect(appends.every((call) => call.params.markdown_text!.length === 70)).toBe(true);
    expect(load.streaming).toBe(1);
    await other.finish();
    expect(load.streaming).toBe(0);
  });

  it('sends a short answer with one start and one stop', async () => {
    const threadTs = question(ws.dm);
    const mark = slack.calls.length;

    await write(platform.startAnswer({ thread: { channelId: ws.dm, threadTs }, recipientUserId: ws.alice }), 'Short and sweet.', 3);

    expect(slack.botReplies(ws.dm, threadTs).map((r) => r.text)).toEqual(['Short and sweet.']);
    expect(slack.calls.slice(mark).map((c) => c.method)).toEqual(['chat.startStream', 'chat.stopStream']);
  });

  it("streams in coarser steps when the workspace's append allowance is spent: skipped appends ride on the next one or the stop, nothing lost", async () => {
    // A fiftieth of Slack's allowance: two appends a minute. Waits for the other calls return at once.
    const limited = new SlackChatPlatformFactory({
      slackApiUrl: slack.url,
      clock: manual.clock,
      sleep: manual.sleep,
      rateLimiter: new SlackRateLimiter({ scale: 0.02, sleep: async () => {} }),
    }).forWorkspace({ teamId: ws.team.id, botToken: ws.team.botToken, botUserId: ws.team.botUserId });
    const threadTs = question();
    const answer = prose(1_500);
    const mark = slack.calls.length;

    await write(limited.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice }), answer, 7);

    expect(slack.botReplies(ws.channel, threadTs).map((r) => r.text)).toEqual([answer]);
    expect(since('chat.appendStream', mark)).toHaveLength(2);
    const [stop] = since('chat.stopStream', mark);
    expect(stop!.params.markdown_text!.length).toBeGreaterThan(700);
  });

  it('splits an answer longer than one message into several messages in the thread', async () => {
    const threadTs = question();
    const answer = prose(30_000);

    const posted = await write(platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice }), answer, 40);

    const replies = slack.botReplies(ws.channel, threadTs);
    expect(replies).toHaveLength(3);
    expect(posted.messageTs).toEqual(replies.map((r) => r.ts));
    for (const reply of replies) expect(reply.text.length).toBeLessThanOrEqual(12_000);
    expect(replies.map((r) => r.text).join('').replace(/\s/g, '')).toBe(answer.replace(/\s/g, ''));
    expect(replies.every((r) => r.streamState === 'stopped')).toBe(true);
  });

  it('finishes a long answer whose streams Slack closes early: the rest edited in, on into more messages, each one finished', async () => {
    // Slack closes a stream some minutes after it started (message_not_in_streaming_state on the
    // next append or stop); here at once, so every message's stream closes after its first words.
    slack.settings.streamLifetimeMs = 0;
    const threadTs = question();
    const answer = prose(30_000);
    const mark = slack.calls.length;

    const posted = await write(platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice }), answer, 40);

    const replies = slack.botReplies(ws.channel, threadTs);
    expect(replies.length).toBeGreaterThanOrEqual(3);
    expect(posted.messageTs).toEqual(replies.map((r) => r.ts));
    for (const reply of replies) expect(reply.text.length).toBeLessThanOrEqual(12_000);
    expect(replies.map((r) => r.text).join('').replace(/\s/g, '')).toBe(answer.replace(/\s/g, ''));
    // The closed stream was edited (Slack's SDK maintainers' recovery), so it shows as finished.
    expect(since('chat.update', mark).map((call) => call.params.ts)).toContain(replies[0]!.ts);
    expect(replies.every((r) => r.streamState !== 'streaming')).toBe(true);
  });

  it('replaces a restarted answer when the new words come: its streams stopped and deleted, the new answer streamed afresh', async () => {
    const threadTs = question();
    const writer = platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice });
    const broken = prose(13_000);
    for (let i = 0; i < broken.length; i += 500) await writer.append(broken.slice(i, i + 500));
    const old = slack.botReplies(ws.channel, threadTs).map((r) => r.ts);
    expect(old).toHaveLength(2);

    await writer.restart();
    // Until the new answer's first words, the person still reads the old ones.
    expect(slack.botReplies(ws.channel, threadTs).map((r) => r.ts)).toEqual(old);
    const mark = slack.calls.length;
    await writer.append('The whole answer.');
    const posted = await writer.finish();

    const replies = slack.botReplies(ws.channel, threadTs);
    expect(replies.map((r) => [r.text, r.streamState])).toEqual([['The whole answer.', 'stopped']]);
    expect(posted).toEqual({ messageTs: [replies[0]!.ts], delivery: 'stream' });
    expect(slack.calls.slice(mark).map((c) => `${c.method} ${c.params.ts ?? ''}`.trim())).toEqual([
      `chat.stopStream ${old[1]}`,
      `chat.delete ${old[0]}`,
      `chat.delete ${old[1]}`,
      'chat.startStream',
      `chat.stopStream ${replies[0]!.ts}`,
    ]);
  });

  describe('when the workspace cannot stream', () => {
    beforeEach(() => slack.disableStreaming('unknown_method'));

    it('posts the answer and edits it at most once per 3 seconds as text arrives', async () => {
      const threadTs = question();
      const answer = prose(2_000);
      const mark = slack.calls.length;
      const stamps: number[] = [];
      const seenUpdates = () => since('chat.update', mark).length;
      let updates = 0;

      const posted = await write(
        platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice, appearance }),
        answer,
        50,
        () => {
          if (seenUpdates() > updates) {
            updates = seenUpdates();
            stamps.push(manual.time.now);
          }
          manual.time.now += 400;
        },
      );

      const replies = slack.botReplies(ws.channel, threadTs);
      expect(replies.map((r) => r.text)).toEqual([answer]);
      expect(replies[0]).toMatchObject({ format: 'markdown', username: 'Hoshi', iconUrl: appearance.iconUrl });
      expect(posted).toEqual({ messageTs: [replies[0]!.ts], delivery: 'edit' });
      expect(since('chat.postMessage', mark)).toHaveLength(1);
      expect(stamps.length).toBeGreaterThan(2);
      for (let i = 1; i < stamps.length; i += 1) expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(3_000);
      expect(seenUpdates()).toBeLessThanOrEqual(Math.ceil((40 * 400) / 3_000) + 1);
    });

    it('waits out the edit interval before the final edit instead of editing early', async () => {
      const threadTs = question();
      const mark = slack.calls.length;

      await write(platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice }), prose(600), 300);

      expect(since('chat.postMessage', mark)).toHaveLength(1);
      expect(since('chat.update', mark)).toHaveLength(1);
      expect(manual.time.waits).toEqual([3_000]);
      expect(slack.botReplies(ws.channel, threadTs)[0]?.text).toBe(prose(600));
    });

    it('asks for streaming once per job, then goes straight to posting', async () => {
      const first = question();
      const second = question();
      const mark = slack.calls.length;

      await write(platform.startAnswer({ thread: { channelId: ws.channel, threadTs: first }, recipientUserId: ws.alice }), 'One.', 4);
      await write(platform.startAnswer({ thread: { channelId: ws.channel, threadTs: second }, recipientUserId: ws.alice }), 'Two.', 4);

      expect(since('chat.startStream', mark)).toHaveLength(1);
      expect(slack.botReplies(ws.channel, second).map((r) => r.text)).toEqual(['Two.']);
    });

    it('deletes the posted messages of a restarted answer and posts the new one', async () => {
      const threadTs = question();
      const writer = platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice });
      await writer.append('Words of an answer ');
      await writer.append('that broke off.');
      await writer.restart();
      await writer.append('The whole answer.');
      const posted = await writer.finish();

      const replies = slack.botReplies(ws.channel, threadTs);
      expect(replies.map((r) => r.text)).toEqual(['The whole answer.']);
      expect(posted).toEqual({ messageTs: [replies[0]!.ts], delivery: 'edit' });
    });

    it('splits a long answer into several posted messages', async () => {
      const threadTs = question();
      const answer = prose(26_000);

      const posted = await write(platform.startAnswer({ thread: { channelId: ws.channel, threadTs }, recipientUserId: ws.alice }), answer, 500);

      const replies = slack.botReplies(ws.channel, threadTs);
      expect(replies).toHaveLength(3);
      expect(posted).toMatchObject({ delivery: 'edit', messageTs: replies.map((r) => r.ts) });
      expect(replies.map((r) => r.text).join('').replace(/\s/g, '')).toBe(answer.replace(/\s/g, ''));
    });
  });

  it('fails the answer on a real error instead of falling back', async () => {
    const failure = await write(
      platform.startAnswer({ thread: { channelId: 'CGONE', threadTs: '1.1' }, recipientUserId: ws.alice }),
      prose(300),
      300,
    ).catch((e) => e);

    expect(failure).toMatchObject({ code: 'not_found', platformCode: 'channel_not_found', method: 'chat.startStream' });
  });

  it('posts a complete text in the thread, split when long', async () => {
    const threadTs = question();

    const ts = await platform.postInThread({ channelId: ws.channel, threadTs }, prose(13_000), appearance);

    const replies = slack.botReplies(ws.channel, threadTs);
    expect(ts).toEqual(replies.map((r) => r.ts));
    expect(replies).toHaveLength(2);
    expect(replies.every((r) => r.username === 'Hoshi')).toBe(true);
  });
});
