import { beforeEach, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../adapters/crypto';
import {
  InMemoryAssistantThreadRepository,
  InMemoryAutoReplyCounter,
  InMemoryTriggerInputStash,
} from '../../adapters/memory/in-memory-trigger-state';
import { PgAssistantThreadRepository, PgAutoReplyCounter, PgTriggerInputStash } from '../../adapters/postgres/pg-trigger-state';
import type { AssistantThreadRecord, AssistantThreadRepository } from '../../core/assistant/assistant-thread';
import type { AutoReplyCounter } from '../../core/auto-replies/auto-reply-loop-guard';
import type { TriggerInputStash } from '../../core/triggers/trigger-input-stash.port';
import { implementations } from './support/implementations';
import { at, TEAM_A, TEAM_B } from './support/records';

const secrets = AesGcmSecretBox.fromEnv(Buffer.alloc(32, 3).toString('base64'));

describe.each(
  implementations<AssistantThreadRepository>({
    memory: () => new InMemoryAssistantThreadRepository(),
    postgres: (orm) => new PgAssistantThreadRepository(orm),
  }),
)('AssistantThreadRepository ($name)', ({ create }) => {
  let threads: AssistantThreadRepository;
  beforeEach(async () => {
    threads = await create();
  });
  const thread = (overrides: Partial<AssistantThreadRecord> = {}): AssistantThreadRecord => ({
    teamId: TEAM_A,
    channelId: 'D001',
    threadTs: '1.0001',
    userId: 'U001',
    contextChannelId: 'C001',
    updatedAt: at(1),
    ...overrides,
  });

  it('keeps the newest context: an older event arriving late does not replace it', async () => {
    await threads.save(TEAM_A, thread({ contextChannelId: 'C002', updatedAt: at(3) }));
    await threads.save(TEAM_A, thread({ contextChannelId: 'C001', updatedAt: at(2) }));
    expect(await threads.find(TEAM_A, 'D001', '1.0001')).toEqual(thread({ contextChannelId: 'C002', updatedAt: at(3) }));
    await threads.save(TEAM_A, thread({ contextChannelId: null, updatedAt: at(4) }));
    expect((await threads.find(TEAM_A, 'D001', '1.0001'))?.contextChannelId).toBeNull();
    expect(await threads.find(TEAM_B, 'D001', '1.0001')).toBeNull();
  });

  it('titles a thread once, and forgets old threads', async () => {
    await threads.save(TEAM_A, thread());
    expect(await threads.markTitled(TEAM_A, 'D001', '1.0001')).toBe(true);
    expect(await threads.markTitled(TEAM_A, 'D001', '1.0001')).toBe(false);
    await threads.save(TEAM_A, thread({ contextChannelId: 'C009', updatedAt: at(5) }));
    expect(await threads.markTitled(TEAM_A, 'D001', '1.0001')).toBe(false);
    expect(await threads.markTitled(TEAM_A, 'D404', '1.0001')).toBe(false);
    expect(await threads.purgeBefore(at(6))).toBe(1);
    expect(await threads.find(TEAM_A, 'D001', '1.0001')).toBeNull();
  });
});

describe.each(
  implementations<AutoReplyCounter>({
    memory: () => new InMemoryAutoReplyCounter(),
    postgres: (orm) => new PgAutoReplyCounter(orm),
  }),
)('AutoReplyCounter ($name)', ({ create }) => {
  it('counts per thread and hour, each of many concurrent calls getting its own number', async () => {
    const counter = await create();
    const hour = new Date('2025-03-01T10:00:00Z');
    const counts = await Promise.all(Array.from({ length: 12 }, () => counter.increment(TEAM_A, 'C1', '1.1', hour)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await counter.increment(TEAM_A, 'C1', '2.2', hour)).toBe(1);
    expect(await counter.increment(TEAM_A, 'C1', '1.1', new Date('2025-03-01T11:00:00Z'))).toBe(1);
    expect(await counter.increment(TEAM_B, 'C1', '1.1', hour)).toBe(1);
    expect(await counter.purgeBefore(new Date('2025-03-01T11:00:00Z'))).toBe(3);
  });
});

describe.each(
  implementations<TriggerInputStash>({
    memory: () => new InMemoryTriggerInputStash(),
    postgres: (orm) => new PgTriggerInputStash(orm, secrets),
  }),
)('TriggerInputStash ($name)', ({ create }) => {
  it('hands the values over once, to the right workspace only, and purges what nobody took', async () => {
    const stash = await create();
    await stash.put(TEAM_A, 'function:Fx1', { prompt: 'What is our refund policy?' }, at(1));
    await stash.put(TEAM_A, 'function:Fx1', { prompt: 'a second delivery' }, at(2));
    expect(await stash.take(TEAM_B, 'function:Fx1')).toBeNull();
    expect(await stash.take(TEAM_A, 'function:Fx1')).toEqual({ prompt: 'What is our refund policy?' });
    expect(await stash.take(TEAM_A, 'function:Fx1')).toBeNull();
    // Slack retrying the event after the worker took it stores nothing again.
    await stash.put(TEAM_A, 'function:Fx1', { prompt: 'a late retry' }, at(3));
    expect(await stash.take(TEAM_A, 'function:Fx1')).toBeNull();
    await stash.put(TEAM_A, 'function:Fx2', { prompt: 'left behind' }, at(1));
    expect(await stash.purgeBefore(at(2))).toBe(2);
    expect(await stash.take(TEAM_A, 'function:Fx2')).toBeNull();
  });
});
