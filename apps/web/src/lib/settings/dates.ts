import { INVALID_DATE_DISPLAY, isValidDate } from '../../../../../core/shared/time';
import type { Locale } from '../locale';

const intlLocale = (locale: Locale) => (locale === 'ja' ? 'ja-JP' : 'en-US');
const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

function parse(value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return isValidDate(date) ? date : null;
}

/**
 * A stored moment as the page's language writes it, in the browser's time zone, 24-hour:
 * 'Dec 13, 2026, 02:24' / '2026年12月13日 02:24'; '---' for anything that is not a valid date (spec 5).
 */
export function showDate(value: string | null | undefined, locale: Locale): string {
  const date = parse(value);
  if (!date) return INVALID_DATE_DISPLAY;
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    dateTimeFormats.set(locale, format);
  }
  return format.format(date);
}

/** The day alone: 'Dec 13, 2026' / '2026年12月13日'; '---' for anything that is not a valid date. */
export function showDay(value: string | null | undefined, locale: Locale): string {
  const date = parse(value);
  if (!date) return INVALID_DATE_DISPLAY;
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: locale === 'ja' ? 'long' : 'medium' });
    dayFormats.set(locale, format);
  }
  return format.format(date);
}
