import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { PgProcessedEventLog } from '../../../adapters/postgres/pg-processed-event-log';
import { jobAttempts, type JobAttemptContext } from '../../../adapters/queue/job-context';
import { createSlackCaller, type SlackCall } from '../../../adapters/slack/slack-api-caller';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { testDatabase } from '../../support/database';

/**
 * An attempt that is still working when a later attempt of its job takes the delivery over
 * (its heartbeats did not reach the database in time, e.g. on an overloaded machine): what
 * it posts after the takeover cannot be known to the new attempt, so it is taken back at
 * once and the old attempt stops. The thread ends with the new attempt's answer only.
 */
describe('a delivery taken over while its older attempt still runs', () => {
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

  const claim = (context: JobAttemptContext) =>
    jobAttempts.run(context, () => claims.markProcessed({ eventId: 'EvSLOW', teamId: ws.team.id, type: 'app_mention' }, new Date()));
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
});
