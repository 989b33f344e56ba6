import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { TimeOfDay } from './local-time';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Longer than any IANA name in use ('America/Argentina/ComodRivadavia' is 32). */
export const MAX_TIME_ZONE_LENGTH = 64;

/**
 * Where a schedule's days and times are counted: an IANA time zone (its offset follows
 * daylight saving), or, for schedules saved before zones were stored, the fixed offset the
 * browser had then (`Date#getTimezoneOffset()` meaning: UTC minus local, Japan -540).
 */
export interface ScheduleZone {
  readonly timeZone: string | null;
  readonly timezoneOffsetMinutes: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The zone's canonical name when Intl (the ICU time zone data Node ships) knows it; offsets
 * such as '+09:00' are refused: a schedule's zone is a place, so daylight saving follows it.
 */
export function canonicalTimeZone(name: string): Outcome<string> {
  if (name.length === 0 || name.length > MAX_TIME_ZONE_LENGTH || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) {
    return fail('SCHEDULE.INVALID_TIME_ZONE');
  }
  try {
    return ok(new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return fail('SCHEDULE.INVALID_TIME_ZONE');
  }
}

/** Local minus UTC, in minutes, at an instant (Tokyo +540, New York -300 in winter, -240 in summer). */
export function utcOffsetAt(zone: ScheduleZone, at: Date): number {
  if (zone.timeZone === null) return -zone.timezoneOffsetMinutes;
  const parts = partsIn(zone.timeZone, at);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / MINUTE_MS);
}

function partsIn(timeZone: string, at: Date) {
  const values: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(at)) if (part.type !== 'literal') values[part.type] = Number(part.value);
  return { year: values.year!, month: values.month!, day: values.day!, hour: values.hour! % 24, minute: values.minute!, second: values.second! };
}

/** The calendar day ('YYYY-MM-DD') of an instant in the zone. */
export function localDayIn(at: Date, zone: ScheduleZone): string {
  return new Date(at.getTime() + utcOffsetAt(zone, at) * MINUTE_MS).toISOString().slice(0, 10);
}

/** The wall-clock time of an instant in the zone. */
export function localTimeIn(at: Date, zone: ScheduleZone): TimeOfDay {
  const shifted = new Date(at.getTime() + utcOffsetAt(zone, at) * MINUTE_MS);
  return { hours: shifted.getUTCHours(), minutes: shifted.getUTCMinutes() };
}

/** 'YYYY-MM-DD' plus whole calendar days. */
export function addLocalDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock time has on a local day. Daylight saving makes some times happen
 * twice and others never: a repeated time is its first occurrence; a skipped one (02:30 on
 * the spring-forward day) is read with the offset before the change, so it lands the length
 * of the gap later (03:30) — each local day has exactly one instant, like Temporal's 'compatible'.
 */
export function instantOn(day: string, time: TimeOfDay, zone: ScheduleZone): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + (time.hours * 60 + time.minutes) * MINUTE_MS;
  // The offsets a day either side: any change near this time lies between them.
  const before = utcOffsetAt(zone, new Date(wall - DAY_MS));
  const after = utcOffsetAt(zone, new Date(wall + DAY_MS));
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((at) => localWall(at, zone) === wall)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - before * MINUTE_MS);
}

function localWall(at: number, zone: ScheduleZone): number {
  return at + utcOffsetAt(zone, new Date(at)) * MINUTE_MS;
}
