import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobAttempts, type DeliveredMessage, type JobAttemptContext } from '../../../adapters/queue/job-context';
import { createSlackCaller } from '../../../adapters/slack/slack-api-caller';
import { deliveryMetadata } from '../../../adapters/slack/unrecorded-messages';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { askTomoFunction } from '../../fakes/slack/ask-tomo-function';

/**
 * The Slack caller inside a delivering job's attempt (ADR 33), against the Slack fake: each
 * message posted is recorded before the answer goes on, and one that cannot be recorded (the
 * database is away) is taken back at once, since a retry could not know it was there; every
 * message carries metadata naming what it belongs to (ADR 84).
 */
describe('Slack caller: messages of a job attempt and its delivery record', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;

  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
  });
  afterAll(() => slack.close());

  function attempt(record: (message: DeliveredMessage) => Promise<void>, finish: () => Promise<void> = async () => undefined): JobAttemptContext {
    return { attempt: 0, delivery: { key: 'event:Ev1', leftovers: [], record, finish } };
  }

  it('records the channel and ts of each message it posts', async () => {
    const parent = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'a question' });
    const recorded: DeliveredMessage[] = [];
    const call = createSlackCaller(ws.team.botToken, { slackApiUrl: slack.url });

    await jobAttempts.run(attempt(async (m) => void recorded.push(m)), () =>
      call('chat.postMessage', { channel: ws.channel, thread_ts: parent.ts, text: 'the answer' }),
    );

    const replies = slack.botReplies(ws.channel, parent.ts);
    expect(replies.map((m) => m.text)).toEqual(['the answer']);
    expect(recorded).toEqual([{ channel: ws.channel, ts: replies[0]!.ts }]);
  });

  it('takes back a message it could not record, and fails the call', async () => {
    const parent = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'another question' });
    const call = createSlackCaller(ws.team.botToken, { slackApiUrl: slack.url });
    const databaseAway = attempt(async () => {
      throw new Error('connect ECONNREFUSED');
    });

    await expect(
      jobAttempts.run(databaseAway, () => call('chat.postMessage', { channel: ws.channel, thread_ts: parent.ts, text: 'half an answer' })),
    ).rejects.toThrow('ECONNREFUSED');

    expect(slack.botReplies(ws.channel, parent.ts)).toEqual([]);
    expect(slack.callsTo('chat.delete').map((c) => c.outcome)).toEqual(['ok']);
  });

  it('marks every message with what it belongs to: its delivery inside a job (a stream when it stops), Tomo otherwise', async () => {
    const parent = slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'a third question' });
    const call = createSlackCaller(ws.team.botToken, { slackApiUrl: slack.url });
    const inThread = { channel: ws.channel, thread_ts: parent.ts };

    await jobAttempts.run(attempt(async () => undefined), async () => {
      await call('chat.postMessage', { ...inThread, text: 'posted in a delivery' });
      const stream = (await call('chat.startStream', { ...inThread, markdown_text: 'streamed', recipient_user_id: ws.alice, recipient_team_id: ws.team.id })) as { ts?: string };
      expect(slack.state.message(ws.channel, stream.ts!)!.metadata).toBeUndefined();
      await call('chat.stopStream', { channel: ws.channel, ts: stream.ts! });
    });
    await call('chat.postMessage', { ...inThread, text: 'posted outside any job' });

    const marks = slack.botReplies(ws.channel, parent.ts).map((m) => [m.text, m.metadata]);
    expect(marks).toEqual([
      ['posted in a delivery', deliveryMetadata('event:Ev1')],
      ['streamed', deliveryMetadata('event:Ev1')],
      ['posted outside any job', { event_type: 'tomo_message', event_payload: { app: 'tomo' } }],
    ]);
    expect(deliveryMetadata('event:Ev1')).toEqual({ event_type: 'tomo_delivery', event_payload: { delivery: expect.stringMatching(/^[\w-]{22}$/) } });
  });

  it('finishes a workflow step Slack says has ended already (an earlier attempt ended it, then was killed) instead of failing again and again', async () => {
    const call = createSlackCaller(ws.team.botToken, { slackApiUrl: slack.url });
    const execution = slack.startFunctionExecution(ws.team.id, askTomoFunction());
    // The killed attempt's end reached Slack; its delivery record never heard of it.
    await call('functions.completeSuccess', { function_execution_id: execution.id, outputs: { answer: 'the first answer' } });
    let finished = 0;
    const retry = attempt(async () => undefined, async () => void (finished += 1));

    await jobAttempts.run(retry, () => call('functions.completeSuccess', { function_execution_id: execution.id, outputs: { answer: 'the answer again' } }));

    expect(finished).toBe(1);
    expect([execution.state, execution.outputs]).toEqual(['completed', { answer: 'the first answer' }]);
    // Any other refusal still fails the attempt.
    const another = slack.startFunctionExecution(ws.team.id, askTomoFunction());
    await expect(jobAttempts.run(retry, () => call('functions.completeSuccess', { function_execution_id: another.id, outputs: '[]' }))).rejects.toThrow('invalid_arguments');
    expect([finished, another.state]).toEqual([1, 'running']);
  });
});
