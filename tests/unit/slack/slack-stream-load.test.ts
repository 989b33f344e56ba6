import { describe, expect, it } from 'vitest';
import { SlackStreamLoad } from '../../../adapters/slack/slack-stream-load';

const normal = { bufferChars: 256, flushIntervalMs: 1_000 };

describe("a worker's streaming answers (SlackStreamLoad)", () => {
  it('keeps 256 characters or 1 s until enough answers stream, then 512 or 2 s; finished answers stop counting', () => {
    const load = new SlackStreamLoad({ busyAnswers: 2 });
    const [a, b] = [{}, {}];
    load.wrote(a, 0);
    expect(load.batch(normal, 10)).toEqual(normal);
    load.wrote(b, 10);
    expect(load.batch(normal, 20)).toEqual({ bufferChars: 512, flushIntervalMs: 2_000 });
    load.finished(b);
    expect(load.batch(normal, 30)).toEqual(normal);
  });

  it('forgets an answer that has not written for 30 s (one that failed without finishing)', () => {
    const load = new SlackStreamLoad({ busyAnswers: 2 });
    const [quiet, busy] = [{}, {}];
    load.wrote(quiet, 0);
    load.wrote(busy, 25_000);
    expect(load.batch(normal, 29_000)).not.toEqual(normal);
    load.wrote(busy, 31_000);
    expect(load.batch(normal, 31_000)).toEqual(normal);
    expect(load.streaming).toBe(1);
  });

  it('never gathers more with 0, and never less than the platform asks for', () => {
    const off = new SlackStreamLoad({ busyAnswers: 0 });
    off.wrote({}, 0);
    expect(off.batch(normal, 0)).toEqual(normal);
    const on = new SlackStreamLoad({ busyAnswers: 1 });
    on.wrote({}, 0);
    expect(on.batch({ bufferChars: 1_000, flushIntervalMs: 500 }, 0)).toEqual({ bufferChars: 1_000, flushIntervalMs: 2_000 });
  });
});
