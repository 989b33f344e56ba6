import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { PgProcessedEventLog } from '../../../adapters/postgres/pg-processed-event-log';
import { jobAttempts, type JobAttemptContext } from '../../../adapters/queue/job-context';
import { createSlackCaller, type SlackCall } from '../../../adapters/slack/slack-api-caller';
import { deliveryMetadata } from '../../../adapters/slack/unrecorded-messages';
import { fakePng } from '../../fakes/openai/fake-images';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { testDatabase } from '../../support/database';

/**
 * A later attempt of a job taking its delivery over. An attempt still working then (its
 * heartbeats did not reach the database in time, e.g. on an overloaded machine) has what it
 * posts after the takeover taken back at once, and stops; an attempt killed between Slack's
 * reply and its record leaves a message the retry finds in the thread (ADR 84). The thread
 * ends with the new attempt's answer only.
 */
describe('a delivery taken over by a later attempt', () => {
  let database: Database;
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  let claims: PgProcessedEventLog;
  let call: SlackCall;

  beforeAll(async () => {
    database = await openDatabase((await testDatabase()).url, { poolMax: 4 });
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
    claims = new PgProcessedEventLog(database.orm, 'slack');
    call = createSlackCaller(ws.team.botToken, { slackApiUrl: slack.url });
  });
  afterAll(async () => {
    await slack.close();
    await database.close();
  });

  const claim = (context: JobAttemptContext, eventId = 'EvSLOW') =>
    jobAttempts.run(context, () => claims.markProcessed({ eventId, teamId: ws.team.id, type: 'app_mention' }, new Date()));
  const post = (context: JobAttemptContext, threadTs: string, text: string) =>
    jobAttempts.run(context, () => call('chat.postMessage', { channel: ws.channel, thread_ts: threadTs, markdown_text: text }));

  it('takes back what the older attempt posts after the takeover; the new attempt replaces the rest', async () => {
    const question = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'a question' });
    const older: JobAttemptContext = { attempt: 0 };
    const newer: JobAttemptContext = { attempt: 1 };

    expect(await claim(older)).toBe(true);
    await post(older, question.ts, 'the first part of an answer');
    expect(await claim(newer)).toBe(true);
    expect(newer.delivery!.leftovers).toEqual([{ channel: ws.channel, ts: slack.botReplies(ws.channel, question.ts)[0]!.ts }]);

    // The older attempt does not know it lost the job and posts again: refused, and taken back.
    await expect(post(older, question.ts, 'a second part nobody will know of')).rejects.toThrow(/taken over/);
    expect(slack.botReplies(ws.channel, question.ts).map((m) => m.text)).toEqual(['the first part of an answer']);

    await post(newer, question.ts, 'the whole answer');
    expect(slack.botReplies(ws.channel, question.ts).map((m) => m.text)).toEqual(['the whole answer']);
  });

  /**
   * The instant ADR 84 closes: Slack posted a message, and the attempt was killed before the
   * record learnt it. The retry finds it in the thread: a stream never stopped carries no
   * metadata, a posted message names its delivery; another question's answers in the same
   * thread (a stream still being written, a finished one) and the people's messages stay.
   */
  it('a retry takes back what the killed attempt posted but never recorded, and nothing of another answer', async () => {
    const question = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'a question' });
    const stream = (context: JobAttemptContext | undefined, text: string) => {
      const args = { channel: ws.channel, thread_ts: question.ts, markdown_text: text, recipient_user_id: ws.alice, recipient_team_id: ws.team.id };
      const started = async () => (await call('chat.startStream', args)) as { ts?: string };
      return context === undefined ? started() : jobAttempts.run(context, started);
    };

    // Other questions in the same thread: one answer finished (with a picture: an uploaded
    // file's message carries no metadata), one still streaming.
    const finished: JobAttemptContext = { attempt: 0 };
    expect(await claim(finished, 'EvDONE')).toBe(true);
    await jobAttempts.run(finished, () =>
      call('files.uploadV2', { channel_id: ws.channel, thread_ts: question.ts, initial_comment: 'a picture', file_uploads: [{ file: fakePng(1), filename: 'p.png' }] }),
    );
    const done = await stream(finished, 'an earlier, whole answer');
    await jobAttempts.run(finished, () => call('chat.stopStream', { channel: ws.channel, ts: done.ts! }));
    await finished.delivery!.finish();
    const streaming: JobAttemptContext = { attempt: 0 };
    expect(await claim(streaming, 'EvBUSY')).toBe(true);
    await stream(streaming, 'an answer still being written');
    slack.addMessage({ channel: ws.channel, user: ws.alice, threadTs: question.ts, text: 'thanks!' });

    // The killed attempt: its first words and a notice reached Slack, neither reached the record.
    const killed: JobAttemptContext = { attempt: 0 };
    expect(await claim(killed, 'EvKILLED')).toBe(true);
    await stream(undefined, 'The answ');
    await call('chat.postMessage', { channel: ws.channel, thread_ts: question.ts, text: 'a notice', metadata: deliveryMetadata('EvKILLED') });
    expect(killed.delivery!.leftovers).toEqual([]);

    const readsBefore = slack.callsTo('conversations.replies').length;
    const retry: JobAttemptContext = { attempt: 1 };
    expect(await claim(retry, 'EvKILLED')).toBe(true);
    expect(retry.delivery!.leftovers).toEqual([]);
    const whole = await stream(retry, 'The answer, whole');
    // The retry's other Slack clients do not look again (they would find its own words).
    const anotherClient = createSlackCaller(ws.team.botToken, { slackApiUrl: slack.url });
    await jobAttempts.run(retry, () => anotherClient('chat.postMessage', { channel: ws.channel, thread_ts: question.ts, text: 'a footnote' }));
    await jobAttempts.run(retry, () => call('chat.stopStream', { channel: ws.channel, ts: whole.ts! }));

    expect(slack.thread(ws.channel, question.ts).map((m) => m.text)).toEqual([
      'a question',
      'a picture',
      'an earlier, whole answer',
      'an answer still being written',
      'thanks!',
      'The answer, whole',
      'a footnote',
    ]);
    expect(slack.callsTo('conversations.replies')).toHaveLength(readsBefore + 1);
  });

  /**
   * An overloaded Slack: the killed attempt's first words reached the thread unrecorded, and the
   * retry's look at the thread gets no answer. Answering anyway would put the whole answer beside
   * the half one; the retry fails before it says anything, and the next one takes it back.
   */
  it('a retry that cannot read the thread because Slack is limiting it says nothing and fails; the next one cleans up and answers', async () => {
    const question = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'a busy question' });
    const startStream = (text: string) =>
      call('chat.startStream', { channel: ws.channel, thread_ts: question.ts, markdown_text: text, recipient_user_id: ws.alice, recipient_team_id: ws.team.id });
    expect(await claim({ attempt: 0 }, 'EvBUSYSLACK')).toBe(true);
    await startStream('The fir');

    const second: JobAttemptContext = { attempt: 1 };
    expect(await claim(second, 'EvBUSYSLACK')).toBe(true);
    slack.rateLimit('conversations.replies', { retryAfterSeconds: 120 });
    await expect(jobAttempts.run(second, () => startStream('The answer'))).rejects.toMatchObject({ code: 'unavailable', method: 'conversations.replies' });
    expect(slack.botReplies(ws.channel, question.ts).map((m) => m.text)).toEqual(['The fir']);

    const third: JobAttemptContext = { attempt: 2 };
    expect(await claim(third, 'EvBUSYSLACK')).toBe(true);
    await post(third, question.ts, 'The answer, whole');
    expect(slack.botReplies(ws.channel, question.ts).map((m) => m.text)).toEqual(['The answer, whole']);
  });

  it('a thread Tomo may not read has nothing to take back: the retry answers', async () => {
    const question = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'a question in a closed room' });
    expect(await claim({ attempt: 0 }, 'EvNOSCOPE')).toBe(true);
    const retry: JobAttemptContext = { attempt: 1 };
    expect(await claim(retry, 'EvNOSCOPE')).toBe(true);
    slack.failNext('conversations.replies', 'missing_scope');
    await post(retry, question.ts, 'the answer');
    expect(slack.botReplies(ws.channel, question.ts).map((m) => m.text)).toEqual(['the answer']);
  });

  /**
   * A post whose answer is late may still have reached Slack: giving up on it at the timeout
   * of a read would leave a message no record knows. Posts wait longer than reads (60 s by
   * default), so the late answer arrives, and the message is in the record for any retry.
   */
  it('waits for a post that Slack answers late, and records it; a read that late times out', async () => {
    const question = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'a question on a slow day' });
    const impatient = createSlackCaller(ws.team.botToken, { slackApiUrl: slack.url, timeoutMs: 200, postTimeoutMs: 10_000 });
    const first: JobAttemptContext = { attempt: 0 };
    expect(await claim(first, 'EvSLOWSLACK')).toBe(true);

    slack.answerLate('chat.postMessage', 1_000);
    await jobAttempts.run(first, () => impatient('chat.postMessage', { channel: ws.channel, thread_ts: question.ts, text: 'the first part' }));
    slack.answerLate('conversations.replies', 1_000);
    await expect(impatient('conversations.replies', { channel: ws.channel, ts: question.ts })).rejects.toMatchObject({ code: 'unavailable' });

    const retry: JobAttemptContext = { attempt: 1 };
    expect(await claim(retry, 'EvSLOWSLACK')).toBe(true);
    expect(retry.delivery!.leftovers).toEqual([{ channel: ws.channel, ts: slack.botReplies(ws.channel, question.ts)[0]!.ts }]);
  });

  it('a first attempt does not look for anything: only a takeover reads the thread', async () => {
    const question = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'one more question' });
    const first: JobAttemptContext = { attempt: 0 };
    const before = slack.callsTo('conversations.replies').length;
    expect(await claim(first, 'EvFIRST')).toBe(true);
    expect(first.delivery!.takeover).toBeUndefined();
    await post(first, question.ts, 'the answer');
    expect(slack.callsTo('conversations.replies')).toHaveLength(before);
  });
});
