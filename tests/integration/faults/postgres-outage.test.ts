import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../slack-app/support/slack-app-world';
import { askInChannel, deliver, startFaultWorld, waitForStatus, type FaultWorld, type Question } from './support/fault-world';

/**
 * PostgreSQL away for 10 s (issue 16), seen from the compiled server and worker: a PostgreSQL
 * of this test's own is really stopped (a fast shutdown terminates every session) and started
 * again on the same data. Slack must not lose an event to it: the server says 5xx while it
 * cannot store the job, so Slack delivers it again; both processes come back by themselves;
 * every question is answered exactly once. A worker started during an outage waits for it.
 */
const OUTAGE_MS = 10_000;

describe('PostgreSQL down for 10 seconds', () => {
  let world: FaultWorld;
  let workerReadyz: string;
  let worker: Awaited<ReturnType<FaultWorld['startWorker']>>;

  beforeAll(async () => {
    world = await startFaultWorld({ teams: 1, ownPostgres: true });
    worker = await world.startWorker();
    workerReadyz = `${worker.metricsUrl}/readyz`;
    await waitForStatus(workerReadyz, 200, 60_000, worker.app);
    await eventually(() => expect(worker.app.output()).toContain('worker started'), 30_000);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  /** Every question asked in this file: the fake model answers each with its own words. */
  const questions: Question[] = [];
  const answerTo = (question: Question) => `The answer to ${question.eventId}, given once.`;
  const answeringEach = () => ({
    respond: (prompt: { turns: { text: string }[] }) => {
      const asked = prompt.turns.map((t) => t.text).join(' ');
      const question = questions.find((q) => asked.includes(q.eventId));
      return { text: question ? answerTo(question) : 'unexpected question' };
    },
  });
  const finishedReplies = (question: Question) =>
    world.slack.botReplies(question.ws.channel, question.ts).map((m) => [m.text, m.streamState ?? 'posted']);

  it('is not ready while it is away, refuses events with a 5xx so Slack retries them, and answers each once afterwards', async () => {
    const [ws] = world.workspaces;
    const ask = (label: string) => {
      const question = askInChannel(world, ws!, label);
      questions.push(question);
      return question;
    };
    // The fake model answers each question with its own words (the event id is in the question).
    world.openai.enqueue(...Array.from({ length: 20 }, answeringEach));

    const before = ask('before');
    expect(await deliver(world, before)).toBe(200);
    await eventually(() => expect(finishedReplies(before)).toEqual([[answerTo(before), 'stopped']]), 30_000);

    await world.postgres!.stop();
    const outageStarted = Date.now();
    await eventually(async () => expect((await fetch(`${world.serverUrl}/readyz`)).status).toBe(503), 5_000);
    await eventually(async () => expect((await fetch(workerReadyz)).status).toBe(503), 5_000);

    // Two events while it is away: neither is acknowledged, so Slack will deliver them again.
    const during = [ask('during one'), ask('during two')];
    for (const question of during) {
      const status = await deliver(world, question);
      expect(status, 'an event that cannot be stored is not acknowledged').toBeGreaterThanOrEqual(500);
    }
    // Slack's immediate retry, still within the outage: refused again.
    expect(await deliver(world, during[0]!, 1)).toBeGreaterThanOrEqual(500);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - outageStarted))));
    await world.postgres!.start();

    // Both processes reconnect by themselves: same processes, ready again.
    await waitForStatus(`${world.serverUrl}/readyz`, 200, 30_000, world.server);
    await waitForStatus(workerReadyz, 200, 30_000);

    // Slack's later retries of the refused events, then a new question.
    expect(await deliver(world, during[0]!, 2)).toBe(200);
    expect(await deliver(world, during[1]!, 1)).toBe(200);
    const after = ask('after');
    expect(await deliver(world, after)).toBe(200);
    // A late duplicate of an event already answered adds nothing.
    expect(await deliver(world, before, 1)).toBe(200);

    await eventually(() => {
      for (const question of questions) expect(finishedReplies(question)).toEqual([[answerTo(question), 'stopped']]);
    }, 60_000);
    // Nothing more arrives later: one model call per question, and no second reply.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const question of questions) expect(finishedReplies(question)).toEqual([[answerTo(question), 'stopped']]);
    expect(world.openai.calls).toHaveLength(questions.length);
    // The same two processes throughout: nothing was restarted.
    expect(world.server.child.exitCode).toBeNull();
    expect(worker.app.child.exitCode).toBeNull();
  }, 180_000);

  it('going away just after an answer reached Slack: the answer stands, counted once, and the model is not asked again', async () => {
    const [ws] = world.workspaces;
    const counted = async () => {
      const client = new pg.Client({ connectionString: world.db.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>('select count(*) as n from usage_events where team_id = $1', [ws!.team.id]);
        const { rows: jobs } = await client.query<{ state: string }>("select state from pgboss.job where data->>'eventId' = $1", [question.eventId]);
        return { usage: Number(rows[0]!.n), jobs: jobs.map((job) => job.state) };
      } finally {
        await client.end();
      }
    };
    const question = askInChannel(world, ws!, 'counted once');
    questions.push(question);
    world.openai.enqueue(answeringEach());
    const modelCallsBefore = world.openai.calls.length;
    const usageBefore = (await counted()).usage;
    // The answer's end reaches Slack while PostgreSQL stops: what the worker writes next (the
    // request's count, the audit line) meets the outage.
    const stop = world.slack.holdNext('chat.stopStream');
    expect(await deliver(world, question)).toBe(200);
    await stop.arrived;
    await world.postgres!.stop();
    stop.release();
    await eventually(() => expect(finishedReplies(question)).toEqual([[answerTo(question), 'stopped']]), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await world.postgres!.start();
    await waitForStatus(workerReadyz, 200, 30_000);

    await eventually(async () => expect((await counted()).jobs).toEqual(['completed']), 60_000);
    expect(finishedReplies(question)).toEqual([[answerTo(question), 'stopped']]);
    expect(world.openai.calls.length - modelCallsBefore, 'the model was asked once').toBe(1);
    expect((await counted()).usage - usageBefore, 'the request counted once').toBe(1);
  }, 120_000);

  it('a worker started while it is away (a restart, or a deployment bringing it up first) waits for it instead of exiting', async () => {
    await world.postgres!.stop();
    const late = await world.startWorker();
    try {
      await eventually(() => expect(late.app.output()).toContain('PostgreSQL is not answering yet; trying again'), 15_000);
      expect(late.app.child.exitCode).toBeNull();
    } finally {
      await world.postgres!.start();
    }
    await waitForStatus(`${late.metricsUrl}/readyz`, 200, 60_000, late.app);
    await eventually(() => expect(late.app.output()).toContain('worker started'), 30_000);
    expect(late.app.child.exitCode).toBeNull();
  }, 120_000);
});
