import { describe, expect, it } from 'vitest';
import { summaryWindow, type ScheduleTime } from '../../../core/schedules/schedule-runs';
import { canonicalTimeZone, instantOn, localDayIn, utcOffsetAt } from '../../../core/schedules/time-zone';

const newYork = { timeZone: 'America/New_York', timezoneOffsetMinutes: 300 };

describe('schedule time zones', () => {
  it('accepts IANA names Intl knows (canonical spelling), refuses the rest and bare offsets', () => {
    expect(canonicalTimeZone('Asia/Tokyo')).toEqual({ ok: true, value: 'Asia/Tokyo' });
    expect(canonicalTimeZone('america/new_york')).toEqual({ ok: true, value: 'America/New_York' });
    expect(canonicalTimeZone('UTC').ok).toBe(true);
    for (const bad of ['', 'Mars/Olympus_Mons', '+09:00', 'Asia/Tokyo; drop table', 'x'.repeat(65)]) {
      expect(canonicalTimeZone(bad)).toMatchObject({ ok: false, error: { code: 'SCHEDULE.INVALID_TIME_ZONE' } });
    }
  });

  it('follows daylight saving: offsets, local days, and one instant for every local time', () => {
    expect(utcOffsetAt(newYork, new Date('2026-03-08T06:59:00Z'))).toBe(-300);
    expect(utcOffsetAt(newYork, new Date('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(localDayIn(new Date('2026-03-08T04:59:00Z'), newYork)).toBe('2026-03-07');
    expect(localDayIn(new Date('2026-03-08T05:00:00Z'), newYork)).toBe('2026-03-08');
    // Skipped (spring forward): the gap's length later. Repeated (autumn): the first occurrence.
    expect(instantOn('2026-03-08', { hours: 2, minutes: 30 }, newYork)).toEqual(new Date('2026-03-08T07:30:00Z'));
    expect(instantOn('2026-11-01', { hours: 1, minutes: 30 }, newYork)).toEqual(new Date('2026-11-01T05:30:00Z'));
    expect(instantOn('2026-11-01', { hours: 3, minutes: 0 }, newYork)).toEqual(new Date('2026-11-01T08:00:00Z'));
    // A fixed offset (schedules saved before zones were kept) never moves.
    expect(instantOn('2026-07-01', { hours: 2, minutes: 30 }, { timeZone: null, timezoneOffsetMinutes: 300 })).toEqual(new Date('2026-07-01T07:30:00Z'));
  });

  it("a summary's window starts at the previous run's local time, so days neither overlap nor leave a gap across a change", () => {
    const schedule: ScheduleTime = { ...newYork, startTimeUtc: '14:00' }; // 09:00 local
    // The day after spring forward is 23 hours long.
    expect(summaryWindow({ runAt: new Date('2026-03-08T13:00:00Z'), day: '2026-03-08' }, 1, schedule)).toEqual({
      from: new Date('2026-03-07T14:00:00Z'),
      to: new Date('2026-03-08T13:00:00Z'),
    });
    // The autumn one 25, and two days look back to the same local time.
    expect(summaryWindow({ runAt: new Date('2026-11-02T14:00:00Z'), day: '2026-11-02' }, 2, schedule)).toEqual({
      from: new Date('2026-10-31T13:00:00Z'),
      to: new Date('2026-11-02T14:00:00Z'),
    });
    // Not at its scheduled time ("Run now"): whole 24-hour days.
    expect(summaryWindow({ runAt: new Date('2026-03-08T20:00:00Z'), day: '2026-03-08' }, 1, schedule).from).toEqual(new Date('2026-03-07T20:00:00Z'));
  });
});
