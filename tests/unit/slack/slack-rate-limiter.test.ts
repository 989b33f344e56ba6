import { describe, expect, it } from 'vitest';
import { SlackRateLimiter } from '../../../adapters/slack/slack-rate-limiter';

/** A clock the limiter's waits move: what a caller would have waited, without waiting. */
function limiterWithClock() {
  const time = { now: 0, waits: [] as number[] };
  const limiter = new SlackRateLimiter({
    now: () => time.now,
    sleep: async (ms) => {
      time.waits.push(ms);
    },
  });
  return { time, limiter };
}

describe('SlackRateLimiter', () => {
  it('lets a minute’s allowance of a Tier 3 method through at once, then paces at 50 per minute', async () => {
    const { time, limiter } = limiterWithClock();
    for (let i = 0; i < 50; i += 1) await limiter.take('T1', 'chat.update');
    expect(time.waits).toEqual([]);
    await limiter.take('T1', 'chat.update');
    await limiter.take('T1', 'chat.update');
    // One more token every 1.2 s; the second caller queues behind the first.
    expect(time.waits).toEqual([1_200, 2_400]);
  });

  it('takes a token for a call worth making only now while one is free, and refuses without queueing once they are spent', async () => {
    const { time, limiter } = limiterWithClock();
    for (let i = 0; i < 100; i += 1) expect(limiter.tryTake('T1', 'chat.appendStream')).toBe(true);
    expect(limiter.tryTake('T1', 'chat.appendStream')).toBe(false);
    expect(limiter.tryTake('T2', 'chat.appendStream')).toBe(true);
    // A refused try leaves nothing owed: 600 ms later (one token at 100 a minute) one goes again.
    time.now += 600;
    expect(limiter.tryTake('T1', 'chat.appendStream')).toBe(true);
    expect(limiter.tryTake('T1', 'chat.appendStream')).toBe(false);
    expect(time.waits).toEqual([]);
  });

  it('ends workflow steps at Tier 3 (50 a minute), as Slack documents functions.completeSuccess', async () => {
    const { time, limiter } = limiterWithClock();
    for (let i = 0; i < 50; i += 1) await limiter.take('T1', 'functions.completeSuccess');
    expect(time.waits).toEqual([]);
    await limiter.take('T1', 'functions.completeSuccess');
    expect(time.waits).toEqual([1_200]);
  });

  it('counts per workspace and per method', async () => {
    const { time, limiter } = limiterWithClock();
    for (let i = 0; i < 50; i += 1) await limiter.take('T1', 'chat.update');
    await limiter.take('T2', 'chat.update');
    await limiter.take('T1', 'reactions.add');
    expect(time.waits).toEqual([]);
  });

  it('paces posts in one channel at one per second after a burst of three, other channels unaffected', async () => {
    const { time, limiter } = limiterWithClock();
    for (let i = 0; i < 5; i += 1) await limiter.take('T1', 'chat.startStream', 'C1');
    await limiter.take('T1', 'chat.startStream', 'C2');
    expect(time.waits).toEqual([1_000, 2_000]);
  });

  it('refills with time: after a quiet minute the whole allowance is back', async () => {
    const { time, limiter } = limiterWithClock();
    for (let i = 0; i < 60; i += 1) await limiter.take('T1', 'users.conversations');
    expect(time.waits).toHaveLength(10);
    time.now += 5 * 60_000;
    time.waits.length = 0;
    for (let i = 0; i < 50; i += 1) await limiter.take('T1', 'users.conversations');
    expect(time.waits).toEqual([]);
  });

  it('treats a method it does not know as Tier 3', async () => {
    const { time, limiter } = limiterWithClock();
    for (let i = 0; i < 51; i += 1) await limiter.take('T1', 'some.newMethod');
    expect(time.waits).toEqual([1_200]);
  });
});
