import type { Locale } from '../workspace/user';

/** The person's IANA time zone as Slack gives it; UTC when missing or unknown. */
export function validTimeZone(zone: string | undefined): string {
  if (zone === undefined || zone === '') return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** "Nov 23, 2026, 2:05 PM" / "2026/11/23 14:05", in the person's time zone (a message, a PDF's dates). */
export function formatTime(at: Date, timeZone: string, locale: Locale): string {
  // ICU puts a narrow no-break space before AM/PM, which Slack and search treat as not a space.
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' })
    .format(at)
    .replace(/\u202f/g, ' ');
}

/** "Mar 15, 2025" / "2025年3月15日": the day a moment falls on in the person's time zone (App Home's dates). */
export function formatDay(at: Date, timeZone: string | undefined, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', { timeZone: validTimeZone(timeZone), dateStyle: locale === 'ja' ? 'long' : 'medium' }).format(at);
}

/** A moment with the zone it is told in: "Nov 30, 2026, 4:00 PM (America/Los_Angeles)" / "2026/12/01 9:00（Asia/Tokyo）". */
export function formatTimeInZone(at: Date, zone: string | undefined, locale: Locale): string {
  const timeZone = validTimeZone(zone);
  const time = formatTime(at, timeZone, locale);
  return locale === 'ja' ? `${time}（${timeZone}）` : `${time} (${timeZone})`;
}
