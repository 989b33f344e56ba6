import { showDate } from '../../lib/settings/dates';

/** 'YYYY-MM-DD' in the browser's time zone; '---' for anything that is not a valid date. */
export function showDay(value: string | null | undefined): string {
  const shown = showDate(value);
  return shown === '---' ? shown : shown.slice(0, 10);
}
