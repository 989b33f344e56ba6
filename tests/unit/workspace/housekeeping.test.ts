import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { InMemoryProcessedEventLog } from '../../../adapters/memory/in-memory-processed-event-log';
import { InMemorySessionStore } from '../../../adapters/memory/in-memory-session-store';
import {
  InMemoryAssistantThreadRepository,
  InMemoryAutoReplyCounter,
  InMemoryTriggerInputStash,
} from '../../../adapters/memory/in-memory-trigger-state';
import { Housekeeping } from '../../../core/workspace/housekeeping.use-case';

describe('daily housekeeping', () => {
  it('removes expired sessions and delivery ids older than a week, and keeps the rest', async () => {
    const clock = new FakeClock('2026-03-10T00:00:00Z');
    const sessions = new InMemorySessionStore();
    const slackEvents = new InMemoryProcessedEventLog();
    const stripeEvents = new InMemoryProcessedEventLog();
    const day = 86_400_000;
    const at = (offsetDays: number) => new Date(clock.now().getTime() + offsetDays * day);
    await sessions.create({ id: 'old', teamId: 'T1', userId: 'U1', createdAt: at(-40), expiresAt: at(-1) });
    await sessions.create({ id: 'live', teamId: 'T1', userId: 'U2', createdAt: at(-1), expiresAt: at(29) });
    await slackEvents.markProcessed({ eventId: 'Ev-old', teamId: 'T1', type: 'app_mention' }, at(-8));
    await slackEvents.markProcessed({ eventId: 'Ev-new', teamId: 'T1', type: 'app_mention' }, at(-2));
    await stripeEvents.record('evt_old', at(-10));

    const result = await new Housekeeping({ clock, sessions, eventLogs: [slackEvents, stripeEvents] }).run();

    expect(result).toEqual({ expiredSessions: 1, processedEvents: 2 });
    expect(await sessions.find('live', clock.now())).not.toBeNull();
    expect(await slackEvents.has('Ev-new')).toBe(true);
    expect(await slackEvents.has('Ev-old')).toBe(false);
    expect(await stripeEvents.has('evt_old')).toBe(false);
  });

  it('clears the triggers’ short-lived state: untaken workflow inputs, old loop-guard counts, forgotten AI-app threads', async () => {
    const clock = new FakeClock('2026-03-10T12:00:00Z');
    const stash = new InMemoryTriggerInputStash();
    const autoReplyCounts = new InMemoryAutoReplyCounter();
    const assistantThreads = new InMemoryAssistantThreadRepository();
    const minutesAgo = (m: number) => new Date(clock.now().getTime() - m * 60_000);
    await stash.put('T1', 'function:old', { prompt: 'x' }, minutesAgo(20));
    await stash.put('T1', 'function:new', { prompt: 'y' }, minutesAgo(1));
    await autoReplyCounts.increment('T1', 'C1', '1.1', minutesAgo(3 * 24 * 60));
    await autoReplyCounts.increment('T1', 'C1', '1.1', minutesAgo(30));
    await assistantThreads.save('T1', { teamId: 'T1', channelId: 'D1', threadTs: '1.1', userId: 'U1', contextChannelId: null, updatedAt: minutesAgo(100 * 24 * 60) });

    const result = await new Housekeeping({
      clock,
      sessions: new InMemorySessionStore(),
      eventLogs: [],
      triggerState: { stash, autoReplyCounts, assistantThreads },
    }).run();

    expect(result).toEqual({ expiredSessions: 0, processedEvents: 0, triggerState: 3 });
    expect(await stash.take('T1', 'function:new')).toEqual({ prompt: 'y' });
  });
});
