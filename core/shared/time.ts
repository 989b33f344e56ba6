/** Time helpers. All calendar arithmetic is in UTC so results never depend on the host time zone. */

export const DAY_MS = 86_400_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Adds calendar months, clamping the day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

export function startOfUtcMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

export function startOfNextUtcMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

export const INVALID_DATE_DISPLAY = '---';

/**
 * `YYYY-MM-DD HH:mm` shifted by a UTC offset in minutes (positive east of UTC, e.g. +540
 * for Japan). Anything that is not a valid date (null, garbage string, NaN) shows '---'.
 */
export function formatDateTime(value: Date | string | number | null | undefined, utcOffsetMinutes = 0): string {
  if (value === null || value === undefined || value === '') return INVALID_DATE_DISPLAY;
  const date = value instanceof Date ? value : new Date(value);
  if (!isValidDate(date)) return INVALID_DATE_DISPLAY;
  const shifted = new Date(date.getTime() + utcOffsetMinutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())} ` +
    `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`
  );
}
