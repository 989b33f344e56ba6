import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { InMemoryProcessedEventLog } from '../../../adapters/memory/in-memory-processed-event-log';
import { InMemorySessionStore } from '../../../adapters/memory/in-memory-session-store';
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
});
