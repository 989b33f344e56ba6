import express from 'express';
import { listen } from '../apps/shared/http-server';
import type { FakeSlackCall } from '../adapters/slack-emulator/fake-slack';
import { installWorkspace, quantile, signedEvent, startSlackBench } from './slack-bench-world';

// `npm run bench slack`: the Slack ingress against a bare express endpoint in the same run.
// 1. Ack latency of POST /slack/events (signature check, one ids-only job insert, 200) at a
//    steady RATE of signed app_mention events, server only, beside a bare express route that
//    reads the raw body and answers 200 at the same rate.
// 2. Event → first words: a mention posted to /slack/events until the answer's first words
//    reach Slack (chat.startStream with text), with a zero-latency fake LLM, one at a time,
//    each in a channel of its own.
// Numbers are printed in ms and as ratios against the bare endpoint (what the machine costs).
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 60);
const WARMUP = 200;
const PER_WORKSPACE = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => value.toFixed(2).padStart(8);

/** Sends `count` requests at `rate` per second whatever the responses do (open loop); returns latencies. */
async function openLoop(url: string, count: number, rate: number, body: (i: number) => string): Promise<number[]> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let failures = 0;
  const start = performance.now();
  for (let i = 0; i < count; i += 1) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const request = signedEvent(body(i));
    const sentAt = performance.now();
    pending.push(
      fetch(url, { method: 'POST', headers: request.headers, body: request.body }).then(async (response) => {
        await response.arrayBuffer();
        latencies.push(performance.now() - sentAt);
        if (response.status !== 200) failures += 1;
      }),
    );
  }
  await Promise.all(pending);
  if (failures > 0) throw new Error(`${failures} of ${count} requests were not acknowledged with 200`);
  return latencies;
}

const bench = await startSlackBench();
const bare = express();
bare.post('/bare', express.raw({ type: () => true, limit: '1mb' }), (_req, res) => {
  res.sendStatus(200);
});
const bareServer = await listen(bare, 0, '127.0.0.1');
const bareUrl = `http://127.0.0.1:${bareServer.port}/bare`;

try {
  // ---- 1. ack latency ----------------------------------------------------------------
  // Mentions from a workspace that is not installed: the ack path is identical, and the
  // backlog they leave costs the worker almost nothing later.
  let serial = 0;
  const envelope = (i: number, prefix: string) =>
    JSON.stringify({
      type: 'event_callback',
      team_id: 'T0LOAD',
      api_app_id: 'A0TOMO',
      event_id: `Ev${prefix}${i}`,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [{ team_id: 'T0LOAD', user_id: 'UBOTLOAD', is_bot: true }],
      event: { type: 'app_mention', user: 'ULOAD', channel: 'CLOAD', ts: `1700000000.${String((serial += 1)).padStart(6, '0')}`, text: '<@UBOTLOAD> hi' },
    });
  const count = RATE * SECONDS;
  const eventsUrl = `${bench.baseUrl}/slack/events`;
  await openLoop(bareUrl, WARMUP, RATE, (i) => envelope(i, 'WB'));
  await openLoop(eventsUrl, WARMUP, RATE, (i) => envelope(i, 'WT'));
  const bareAcks = await openLoop(bareUrl, count, RATE, (i) => envelope(i, 'B'));
  const tomoAcks = await openLoop(eventsUrl, count, RATE, (i) => envelope(i, 'T'));
  const p = (values: number[], q: number) => quantile(values, q);
  console.log(`ack latency, ${count} signed app_mention events at ${RATE}/s (server only, open loop):`);
  console.log('endpoint'.padEnd(28), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'p50/bare'.padStart(9), 'p99/bare'.padStart(9));
  console.log('bare express (raw body, 200)'.padEnd(28), ms(p(bareAcks, 0.5)), ms(p(bareAcks, 0.99)), '1.00'.padStart(9), '1.00'.padStart(9));
  console.log(
    'POST /slack/events'.padEnd(28),
    ms(p(tomoAcks, 0.5)),
    ms(p(tomoAcks, 0.99)),
    (p(tomoAcks, 0.5) / p(bareAcks, 0.5)).toFixed(2).padStart(9),
    (p(tomoAcks, 0.99) / p(bareAcks, 0.99)).toFixed(2).padStart(9),
  );
  console.log(`Slack's limit is 3000 ms: p99 uses ${((p(tomoAcks, 0.99) / 3000) * 100).toFixed(2)} % of it.`);

  // ---- 2. event → first words --------------------------------------------------------
  await bench.startWorker();
  // A workspace per 20 questions: a trial allows each member 20 requests a month, and Slack
  // lets an app read about 50 threads a minute per workspace (Tier 3), a pace the worker keeps;
  // this measures Tomo, not those limits.
  const workspaces = [];
  for (let n = 0; n * PER_WORKSPACE < ANSWERS + 10; n += 1) workspaces.push(await installWorkspace(bench, `T0BENCH${n}`));
  // Let the worker drain the ack phase's backlog first, so it is idle as in normal traffic.
  for (;;) {
    const waiting = await bench.queue.boss.findJobs('slack-answer', { queued: true });
    if (waiting.length === 0) break;
    await sleep(200);
  }

  const firstWords = new Map<string, (at: number) => void>();
  const calls = bench.slack.calls;
  const record = calls.push.bind(calls);
  calls.push = (...items: FakeSlackCall[]) => {
    for (const call of items) {
      // The answer's stream (a refusal, e.g. past the trial's monthly limit, is a plain message).
      if (call.method === 'chat.startStream' && call.params.markdown_text) {
        firstWords.get(`${call.params.channel}/${call.params.thread_ts}`)?.(performance.now());
      }
    }
    return record(...items);
  };
  const firstWordTimes: number[] = [];
  const bareRoundTrips: number[] = [];
  for (let i = 0; i < ANSWERS + 10; i += 1) {
    // A channel per question: Slack's pace of about one new message a second per channel (which
    // the worker keeps) would otherwise be what this measures.
    const ws = workspaces[Math.floor(i / PER_WORKSPACE)]!;
    const channel = bench.slack.addChannel({ id: `CFIRST${i}`, teamId: ws.team.id, name: `first-${i}` }).id;
    const question = bench.slack.addMessage({ channel, user: ws.alice, text: `<@${ws.team.botUserId}> question ${i}` });
    const answered = new Promise<number>((resolve) => firstWords.set(`${channel}/${question.ts}`, resolve));
    const body = JSON.stringify({
      type: 'event_callback',
      team_id: ws.team.id,
      api_app_id: ws.team.appId,
      event_id: `EvAnswer${i}`,
      authorizations: [{ team_id: ws.team.id, user_id: ws.team.botUserId, is_bot: true }],
      event: { type: 'app_mention', user: ws.alice, channel, ts: question.ts, text: `<@${ws.team.botUserId}> question ${i}` },
    });
    const request = signedEvent(body);
    const sentAt = performance.now();
    const response = await fetch(`${bench.baseUrl}/slack/events`, { method: 'POST', headers: request.headers, body: request.body });
    await response.arrayBuffer();
    const at = await answered;
    const bareAt = performance.now();
    await (await fetch(bareUrl, { method: 'POST', headers: request.headers, body: request.body })).arrayBuffer();
    if (i >= 10) {
      firstWordTimes.push(at - sentAt);
      bareRoundTrips.push(performance.now() - bareAt);
    }
  }
  const bareP50 = quantile(bareRoundTrips, 0.5);
  console.log(`\nevent → first words, ${ANSWERS} mentions one at a time, zero-latency fake LLM (server + worker in one process):`);
  console.log('measure'.padEnd(28), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'p50/bare'.padStart(9), 'p99/bare'.padStart(9));
  console.log('bare express round trip'.padEnd(28), ms(bareP50), ms(quantile(bareRoundTrips, 0.99)), '1.00'.padStart(9), '1.00'.padStart(9));
  console.log(
    'event → first words'.padEnd(28),
    ms(quantile(firstWordTimes, 0.5)),
    ms(quantile(firstWordTimes, 0.99)),
    (quantile(firstWordTimes, 0.5) / bareP50).toFixed(1).padStart(9),
    (quantile(firstWordTimes, 0.99) / quantile(bareRoundTrips, 0.99)).toFixed(1).padStart(9),
  );
} finally {
  await bareServer.close(1000);
  await bench.close();
}
