import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackText } from '../../../apps/shared/messages/slack';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { summaryDueNow } from '../../support/due-summary';
import { spawnBuilt, type SpawnedApp } from '../../support/processes';
import { askTomoFunction } from '../../fakes/slack/ask-tomo-function';
import {
  builtProcessEnv,
  eventually,
  installThroughBrowser,
  mention,
  repositoriesOf,
  sendEvent,
  startSlackAppWorld,
  type SlackAppWorld,
} from '../slack-app/support/slack-app-world';

/**
 * Exactly once beyond plain answers (issue 16, ADR 33 and 38): a worker killed with SIGKILL
 * after it posted generated images, in the middle of a workflow step, and in the middle of a
 * scheduled summary. Another worker process retries each job once the heartbeat lapses; the
 * person sees one set of images, one step completion, one summary, and each counts once.
 */
const SLOW = 'An answer written slowly enough that the worker writing it can be killed before it is done. '.repeat(3).trim();
const slowly = { text: SLOW, chunkDelayMs: 150 };

describe('a worker killed mid-delivery', () => {
  let world: SlackAppWorld;
  const workers: SpawnedApp[] = [];

  beforeAll(async () => {
    world = await startSlackAppWorld({}, { worker: false });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) await worker.stop();
    await world.close();
  });

  /** Only the workers a test starts are running while it runs: the killed one must hold the job. */
  async function stopWorkers(): Promise<void> {
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) await worker.stop();
  }

  async function startWorker(): Promise<SpawnedApp> {
    // pg-boss's shortest heartbeat: the retry comes about 10–15 s after the kill.
    const worker = spawnBuilt('worker', builtProcessEnv(world, { ANSWER_HEARTBEAT_SECONDS: '10' }));
    workers.push(worker);
    await eventually(() => expect(worker.output()).toContain('worker started'), 60_000);
    return worker;
  }

  async function kill(worker: SpawnedApp): Promise<void> {
    worker.child.kill('SIGKILL');
    await worker.exited;
  }

  /** Every job of the queue finished, each after exactly one retry. */
  async function retriedOnceAndDone(queue: string, count: number): Promise<void> {
    await eventually(async () => {
      const jobs = await world.app.queue.boss.findJobs(queue);
      expect(jobs.map((job) => [job.state, job.retryCount])).toEqual(Array.from({ length: count }, () => ['completed', 1]));
    }, 30_000);
  }

  it('images posted before the kill are taken back with the half answer: the thread shows one set, counted once', async () => {
    const draw = { toolCalls: [{ name: 'generate_image', arguments: { prompt: 'A lighthouse at dusk, watercolour' } }] };
    await stopWorkers();
    world.openai.enqueue(draw, slowly, draw, { text: SLOW });
    const first = await startWorker();
    const { ws } = world;
    const question = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> could you make us a picture of a lighthouse for the newsletter?` });
    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: ws.channel }))).status).toBe(200);

    // The four images are in the thread and the words after them are on their way: kill now.
    await eventually(() => {
      const [images, answer] = world.slack.botReplies(ws.channel, question.ts);
      expect(images?.files).toHaveLength(4);
      expect(answer?.streamState).toBe('streaming');
      expect(answer!.text.length).toBeGreaterThan(0);
    }, 60_000);
    await kill(first);
    const [leftImages, halfAnswer] = world.slack.botReplies(ws.channel, question.ts);
    expect(halfAnswer!.text.length).toBeLessThan(SLOW.length);

    await startWorker();
    await eventually(() => {
      const replies = world.slack.botReplies(ws.channel, question.ts);
      expect(replies.map((m) => [m.files?.length ?? 0, m.streamState ?? 'posted'])).toEqual([
        [4, 'posted'],
        [0, 'stopped'],
      ]);
      expect(replies[1]!.text).toBe(SLOW);
    }, 90_000);
    // The dead attempt's images and half answer are gone, files included; the new set is the retry's.
    expect(world.slack.state.deleted.map((d) => d.ts).sort()).toEqual([leftImages!.ts, halfAnswer!.ts].sort());
    expect(world.slack.state.deletedFiles.sort()).toEqual(leftImages!.files!.map((f) => f.id).sort());
    expect(world.openai.imageCalls).toHaveLength(2);
    await retriedOnceAndDone(SLACK_QUEUES.slackAnswer.name, 1);
    // One request and one generation on Alice's seat, though both attempts drew.
    const repositories = repositoriesOf(world);
    expect(await repositories.usageEvents.tallyByMember(ws.team.id, null)).toEqual([
      { memberId: ws.alice, channelMention: 1, directMessage: 0, reaction: 0 },
    ]);
    const [subscription] = await repositories.subscriptions.listByTeam(ws.team.id);
    expect(await repositories.imageGenerations.countForSeat(ws.team.id, subscription!.id, ws.alice, new Date(0))).toBe(1);
  }, 240_000);

  it('a workflow step whose worker was killed mid-answer is completed once, with the whole answer', async () => {
    await stopWorkers();
    const { ws } = world;
    const usageBefore = await channelRequests(ws.alice);
    world.openai.enqueue(slowly, { text: SLOW });
    const first = await startWorker();
    const callsBefore = world.openai.calls.length;
    const execution = world.slack.startFunctionExecution(ws.team.id, askTomoFunction());
    const event = world.slack.functionExecutedEvent(execution, { prompt: 'Write our onboarding checklist.', user_id: ws.alice });
    expect((await sendEvent(world, event)).status).toBe(200);

    // The model is writing the answer (slowly): kill the worker before the step can end.
    await eventually(() => expect(world.openai.calls.length).toBe(callsBefore + 1), 60_000);
    await kill(first);
    expect(execution.state).toBe('running');

    await startWorker();
    await eventually(() => expect(execution.state).toBe('completed'), 90_000);
    expect(execution.outputs).toEqual({ answer: SLOW });
    // The retry read the same prompt (kept sealed until the step ended) and ended the step once.
    expect(world.openai.calls.at(-1)!.prompt.turns.at(-1)!.text).toContain('Write our onboarding checklist.');
    const completions = world.slack.calls.filter((c) => c.method.startsWith('functions.complete') && c.params.function_execution_id === execution.id);
    expect(completions.map((c) => [c.method, c.outcome])).toEqual([['functions.completeSuccess', 'ok']]);
    await retriedOnceAndDone(SLACK_QUEUES.slackWorkflow.name, 1);
    expect(await channelRequests(ws.alice)).toBe(usageBefore + 1);
  }, 240_000);

  it('a scheduled summary whose worker was killed mid-summary is posted once, whole', async () => {
    await stopWorkers();
    const { ws } = world;
    const channel = world.slack.addChannel({ id: 'CKILLSUM', teamId: ws.team.id, name: 'standup' }).id;
    world.slack.addMessage({ channel, user: ws.bob, text: 'Deploy moved to Thursday', at: new Date(Date.now() - 3_600_000) });
    await repositoriesOf(world).scheduleSettings.append(
      ws.team.id,
      summaryDueNow({ teamId: ws.team.id, channelId: channel, channelName: 'standup', owner: ws.alice }),
    );
    const usageBefore = await channelRequests(ws.alice);
    world.openai.enqueue(slowly, { text: SLOW });
    // Counted before the worker starts: its own cron sweep may reach the model before it says it is ready.
    const callsBefore = world.openai.calls.length;
    const first = await startWorker();
    // What the minute's cron does; the worker's own cron may also sweep: the summary is claimed once a day.
    await world.app.queue.send(SLACK_QUEUES.schedulesDue.name, {});

    await eventually(() => expect(world.openai.calls.length).toBe(callsBefore + 1), 60_000);
    await kill(first);
    const summaries = () => world.slack.state.messages.filter((m) => m.channel === channel && m.botId === ws.team.botId);
    expect(summaries()).toEqual([]);

    await startWorker();
    const header = slackText('SLACK.SUMMARY_HEADER', { channel: `<#${channel}>`, days: 1 }, 'en');
    await eventually(() => expect(summaries().map((m) => m.text)).toEqual([`${header}\n\n${SLOW}`]), 90_000);
    await retriedOnceAndDone(SLACK_QUEUES.slackSummary.name, 1);
    expect(summaries()).toHaveLength(1);
    expect(await channelRequests(ws.alice)).toBe(usageBefore + 1);
  }, 240_000);

  it('a greeting whose worker was killed after Slack posted it, before its record learnt it, is shown once', async () => {
    await stopWorkers();
    const { ws } = world;
    const channel = world.slack.addChannel({ id: 'CKILLHELLO', teamId: ws.team.id, name: 'hello' }).id;
    const first = await startWorker();
    // Slack takes the greeting at once but answers late: the worker dies waiting for the reply.
    world.slack.answerLate('chat.postMessage', 30_000);
    const joined = { type: 'member_joined_channel', user: ws.team.botUserId, channel, channel_type: 'C', team: ws.team.id, inviter: ws.alice };
    expect((await sendEvent(world, joined)).status).toBe(200);
    const greetings = () => world.slack.state.messages.filter((m) => m.channel === channel && m.botId === ws.team.botId);
    await eventually(() => expect(greetings()).toHaveLength(1), 60_000);
    const unrecorded = greetings()[0]!;
    await kill(first);

    await startWorker();
    await retriedOnceAndDone(SLACK_QUEUES.slackGreeting.name, 1);
    // The retry found the dead attempt's greeting by its metadata, took it back and greeted once.
    expect(greetings().map((m) => m.text)).toEqual([slackText('SLACK.GREETING', { appName: 'Tomo' }, 'en')]);
    expect(world.slack.state.deleted.map((d) => d.ts)).toContain(unrecorded.ts);
  }, 240_000);

  async function channelRequests(member: string): Promise<number> {
    const tally = await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null);
    return tally.find((t) => t.memberId === member)?.channelMention ?? 0;
  }
});
