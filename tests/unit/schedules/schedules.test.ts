import { describe, expect, it } from 'vitest';
import { localTimeToUtc, parseLocalTime, utcTimeToLocal } from '../../../core/schedules/local-time';
import {
  DEFAULT_LOCAL_TIME,
  DEFAULT_LOOKBACK_DAYS,
  lookbackWindow,
  nextRunAt,
  scheduleRows,
  searchByChannelName,
} from '../../../core/schedules/schedule-rules';
import { SaveSchedule } from '../../../core/schedules/save-schedule.use-case';
import { TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

const JST = -540; // Date#getTimezoneOffset() in Japan
const NEW_YORK_WINTER = 300;

describe('local time HH:mm (spec 5)', () => {
  it('parses 24-hour HH:mm strictly', () => {
    expect(parseLocalTime('00:00')).toEqual({ ok: true, value: { hours: 0, minutes: 0 } });
    expect(parseLocalTime('23:59')).toEqual({ ok: true, value: { hours: 23, minutes: 59 } });
    for (const bad of ['24:00', '12:60', '1:30', '01:3', '01:30:00', ' 01:30', 'ab:cd', '']) {
      expect(parseLocalTime(bad)).toEqual({ ok: false, error: { code: 'SCHEDULE.INVALID_LOCAL_TIME', params: {} } });
    }
  });

  it('converts from the browser offset to UTC and back, across midnight', () => {
    expect(localTimeToUtc('01:30', JST)).toEqual({ ok: true, value: '16:30' });
    expect(localTimeToUtc('22:15', NEW_YORK_WINTER)).toEqual({ ok: true, value: '03:15' });
    expect(utcTimeToLocal('16:30', JST)).toEqual({ ok: true, value: '01:30' });
    expect(utcTimeToLocal('03:15', NEW_YORK_WINTER)).toEqual({ ok: true, value: '22:15' });
    expect(localTimeToUtc('7:00', JST).ok).toBe(false);
    expect(utcTimeToLocal('99:00', JST).ok).toBe(false);
  });

  it('defaults to 01:30 with 1 lookback day', () => {
    expect([DEFAULT_LOCAL_TIME, DEFAULT_LOOKBACK_DAYS]).toEqual(['01:30', 1]);
  });
});

describe('the Schedules page (spec 2)', () => {
  it('saves a channel summary with its local time stored in UTC', async () => {
    const w = aWorkspaceFixture();
    const save = new SaveSchedule(w);
    const input = {
      teamId: TEAM,
      userId: 'U1',
      channelId: 'C1',
      channelName: 'general',
      isSummaryEnabled: true,
      localTime: '09:00',
      timezoneOffsetMinutes: JST,
      lookbackDays: 3,
    };
    const saved = await save.execute(input);
    expect(saved.ok && saved.value).toMatchObject({ startTimeUtc: '00:00', lookbackDays: 3, updatedBy: 'U1' });
    expect(await save.execute({ ...input, localTime: '9:00' })).toMatchObject({ error: { code: 'SCHEDULE.INVALID_LOCAL_TIME' } });
    expect(await save.execute({ ...input, lookbackDays: 0 })).toMatchObject({
      error: { code: 'SCHEDULE.INVALID_LOOKBACK_DAYS', params: { min: 1, max: 30 } },
    });
    await save.execute({ ...input, isSummaryEnabled: false });
    expect(await w.schedules.findLatest(TEAM, 'C1')).toMatchObject({ isSummaryEnabled: false });
  });

  it('lists every channel with saved settings or defaults, and searches by channel name', () => {
    const at = new Date('2025-01-01T00:00:00Z');
    const rows = scheduleRows(
      [{ id: 'C1', name: 'general' }, { id: 'C2', name: 'Random' }, { id: 'C3' }],
      [
        {
          teamId: TEAM,
          channelId: 'C2',
          channelName: 'Random',
          isSummaryEnabled: true,
          startTimeUtc: '16:30',
          lookbackDays: 2,
          timezoneOffsetMinutes: 0,
          timeZone: null,
          updatedBy: 'U1',
          updatedAt: at,
        },
      ],
    );
    expect(rows).toEqual([
      { channelId: 'C1', channelName: 'general', isSummaryEnabled: false, startTimeUtc: null, lookbackDays: 1, updatedAt: null },
      { channelId: 'C2', channelName: 'Random', isSummaryEnabled: true, startTimeUtc: '16:30', lookbackDays: 2, updatedAt: at },
      { channelId: 'C3', channelName: 'C3: (No Name)', isSummaryEnabled: false, startTimeUtc: null, lookbackDays: 1, updatedAt: null },
    ]);
    expect(searchByChannelName(rows, 'rand').map((r) => r.channelId)).toEqual(['C2']);
    expect(searchByChannelName(rows, ' ')).toHaveLength(3);
  });

  it('knows the next run and the window a summary covers', () => {
    const now = new Date('2025-01-10T12:00:00Z');
    expect(nextRunAt('16:30', now)).toEqual({ ok: true, value: new Date('2025-01-10T16:30:00Z') });
    expect(nextRunAt('01:30', now)).toEqual({ ok: true, value: new Date('2025-01-11T01:30:00Z') });
    expect(nextRunAt('12:00', now)).toEqual({ ok: true, value: now });
    expect(nextRunAt('bad', now).ok).toBe(false);
    expect(lookbackWindow(now, 2)).toEqual({ from: new Date('2025-01-08T12:00:00Z'), to: now });
  });
});
