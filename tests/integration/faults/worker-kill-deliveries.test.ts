import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { envWithout, spawnBuilt, type SpawnedApp } from '../../support/processes';
import {
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

  async function startWorker(): Promise<SpawnedApp> {
    const { config } = world.app;
    const worker = spawnBuilt('worker', {
      ...envWithout('DATABASE_URL', 'TEST_DATABASE_URL'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: world.app.db.url,
      ENCRYPTION_KEY: config.ENCRYPTION_KEY!,
      PUBLIC_URL: config.PUBLIC_URL,
      SLACK_API_URL: config.SLACK_API_URL,
      SLACK_SIGNING_SECRET: config.SLACK_SIGNING_SECRET!,
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: world.openai.url,
      // pg-boss's shortest heartbeat: the retry comes about 10–15 s after the kill.
      ANSWER_HEARTBEAT_SECONDS: '10',
    });
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
});
