import type { Locale } from '../workspace/user';

/**
 * Names listed in running text as the person reads them: "a, b, c" in English, "a、b、c" in
 * Japanese (Intl's narrow conjunction: no "and", which a list of file names or services does not need).
 */
export function formatList(items: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(locale === 'ja' ? 'ja' : 'en', { type: 'conjunction', style: 'narrow' }).format(items);
}
