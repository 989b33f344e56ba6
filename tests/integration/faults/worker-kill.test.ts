import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../adapters/embedded-postgres/embedded-postgres-server';
import { spawnBuilt, type SpawnedApp } from '../../support/processes';
import {
  builtProcessEnv,
  eventually,
  installThroughBrowser,
  mention,
  sendEvent,
  startSlackAppWorld,
  type SlackAppWorld,
} from '../slack-app/support/slack-app-world';

/**
 * A worker killed with SIGKILL mid-answer (issue 16): another worker process retries the job
 * once its heartbeat lapses, deletes the half answer the dead one left in the thread, and
 * answers again. Every question ends with exactly one whole answer.
 */
const ANSWER = 'A slow and careful answer, written a few words at a time so the worker can be killed halfway. '.repeat(3).trim();

describe('a worker killed mid-answer', () => {
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

  function startWorker(extra: Record<string, string> = {}): SpawnedApp {
    const worker = spawnBuilt(
      'worker',
      builtProcessEnv(world, {
        // pg-boss's shortest heartbeat: the retry comes about 10–15 s after the kill.
        ANSWER_HEARTBEAT_SECONDS: '10',
        ...extra,
      }),
    );
    workers.push(worker);
    return worker;
  }

  it('answers every question exactly once, replacing the half answer the killed worker left', async () => {
    // Slow streams: 8 characters every 150 ms, so the kill lands mid-answer.
    world.openai.answer(ANSWER);
    world.openai.enqueue(...Array.from({ length: 3 }, () => ({ text: ANSWER, chunkDelayMs: 150 })));
    const first = startWorker();
    await eventually(() => expect(first.output()).toContain('worker started'), 60_000);

    const questions = Array.from({ length: 3 }, (_, i) =>
      world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> question ${i}` }),
    );
    for (const question of questions) {
      expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);
    }
    // Every thread shows the start of an answer, none is finished: kill the worker now.
    await eventually(() => {
      for (const question of questions) {
        const [reply] = world.slack.botReplies(world.ws.channel, question.ts);
        expect(reply?.streamState).toBe('streaming');
        expect(reply!.text.length).toBeGreaterThan(0);
      }
    }, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const halves = questions.map((q) => world.slack.botReplies(world.ws.channel, q.ts)[0]!);
    expect(halves.every((m) => m.text.length < ANSWER.length)).toBe(true);

    const second = startWorker();
    await eventually(() => {
      for (const question of questions) {
        const replies = world.slack.botReplies(world.ws.channel, question.ts);
        expect(replies.map((m) => [m.text, m.streamState])).toEqual([[ANSWER, 'stopped']]);
      }
    }, 90_000);
    // The half answers were taken away, not left beside the whole ones.
    expect(world.slack.state.deleted.map((d) => d.ts).sort()).toEqual(halves.map((m) => m.ts).sort());
    // Log lines reach the pipe a little after the work they describe.
    await eventually(() => expect(second.output()).toContain('answer job done'), 20_000);

    // The retried jobs completed; nothing is left to run again.
    await eventually(async () => {
      const jobs = await world.app.queue.boss.findJobs('slack-answer');
      expect(jobs.map((job) => job.state)).toEqual(['completed', 'completed', 'completed']);
      expect(jobs.every((job) => job.retryCount === 1)).toBe(true);
    }, 20_000);
  }, 150_000);

  it('on SIGTERM lets answers finish within SHUTDOWN_TIMEOUT_MS, and hands back the rest at once for another worker', async () => {
    const slow = 'An answer far too slow to finish within the grace period of a worker being stopped. '.repeat(4).trim();
    world.openai.answer(slow);
    world.openai.enqueue(...Array.from({ length: 2 }, () => ({ text: slow, chunkDelayMs: 150 })));
    const stopping = startWorker({ SHUTDOWN_TIMEOUT_MS: '500' });
    await eventually(() => expect(stopping.output()).toContain('worker started'), 60_000);
    const questions = Array.from({ length: 2 }, (_, i) =>
      world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> slow ${i}` }),
    );
    for (const question of questions) await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }));
    await eventually(() => {
      for (const question of questions) expect(world.slack.botReplies(world.ws.channel, question.ts)[0]?.streamState).toBe('streaming');
    }, 30_000);

    // The exit code is not the point (closing pools under load may time out); what it left undone is.
    await stopping.stop();
    const heir = startWorker();
    await eventually(() => {
      for (const question of questions) {
        expect(world.slack.botReplies(world.ws.channel, question.ts).map((m) => [m.text, m.streamState])).toEqual([[slow, 'stopped']]);
      }
    }, 60_000);
    // Who finished them depends on the machine's pace (a slow stop may drain them); either way, once each.
    expect(heir.child.exitCode).toBeNull();
  }, 150_000);

  it('on SIGTERM says not ready on its /readyz while it drains, finishes the answer and exits 0', async () => {
    // This worker alone takes the question: the earlier tests' workers stop first.
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) await worker.stop();
    const answer = 'An answer that takes a few seconds to stream, so a readiness probe sees the drain. '.repeat(3).trim();
    world.openai.enqueue({ text: answer, chunkDelayMs: 150 });
    const metricsPort = await freePort();
    const draining = startWorker({ SHUTDOWN_TIMEOUT_MS: '60000', METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' });
    const readyz = `http://127.0.0.1:${metricsPort}/readyz`;
    await eventually(async () => expect((await fetch(readyz)).status).toBe(200), 60_000);
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> drain` });
    await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }));
    await eventually(() => expect(world.slack.botReplies(world.ws.channel, question.ts)[0]?.streamState).toBe('streaming'), 30_000);

    draining.child.kill('SIGTERM');
    // An orchestrator's probe sees the drain at once, while the answer is still being written.
    await eventually(async () => {
      const res = await fetch(readyz);
      expect([res.status, await res.json()]).toEqual([503, { status: 'unavailable', reason: 'shutting down' }]);
    }, 10_000);
    expect(world.slack.botReplies(world.ws.channel, question.ts)[0]?.streamState).toBe('streaming');
    expect(await draining.exited).toBe(0);
    expect(world.slack.botReplies(world.ws.channel, question.ts).map((m) => [m.text, m.streamState])).toEqual([[answer, 'stopped']]);
  }, 150_000);
});
