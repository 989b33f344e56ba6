import { formatDateTime } from '../../../../../core/shared/time';

/** The browser's offset east of UTC in minutes (Japan +540), for showing stored UTC times. */
export function browserUtcOffsetMinutes(): number {
  return -new Date().getTimezoneOffset();
}

/** 'YYYY-MM-DD HH:mm' in the browser's time zone; '---' for anything that is not a valid date (spec 5). */
export function showDate(value: string | null | undefined): string {
  return formatDateTime(value ?? null, browserUtcOffsetMinutes());
}
