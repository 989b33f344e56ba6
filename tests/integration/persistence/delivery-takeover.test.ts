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
