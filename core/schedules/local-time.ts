import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';

const MINUTES_PER_DAY = 1440;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export interface TimeOfDay {
  readonly hours: number;
  readonly minutes: number;
}

/** Strict 24-hour 'HH:mm': hour 00–23, minute 00–59, two digits each (spec 5). */
export function parseLocalTime(value: string): Outcome<TimeOfDay> {
  const match = HH_MM.exec(value);
  if (!match) return fail('SCHEDULE.INVALID_LOCAL_TIME');
  return ok({ hours: Number(match[1]), minutes: Number(match[2]) });
}

export function formatTimeOfDay(totalMinutes: number): string {
  const wrapped = ((totalMinutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(wrapped / 60))}:${pad(wrapped % 60)}`;
}

/**
 * Local 'HH:mm' to UTC 'HH:mm'. `timezoneOffsetMinutes` has the browser's
 * `Date#getTimezoneOffset()` meaning: UTC minus local (Japan: -540, New York in winter: 300).
 */
export function localTimeToUtc(localTime: string, timezoneOffsetMinutes: number): Outcome<string> {
  const parsed = parseLocalTime(localTime);
  if (!parsed.ok) return parsed;
  return ok(formatTimeOfDay(parsed.value.hours * 60 + parsed.value.minutes + timezoneOffsetMinutes));
}

/** UTC 'HH:mm' back to the browser's local 'HH:mm' (same offset convention). */
export function utcTimeToLocal(utcTime: string, timezoneOffsetMinutes: number): Outcome<string> {
  const parsed = parseLocalTime(utcTime);
  if (!parsed.ok) return parsed;
  return ok(formatTimeOfDay(parsed.value.hours * 60 + parsed.value.minutes - timezoneOffsetMinutes));
}
