import type { ErrorParams } from '../../../core/shared/domain-error';
import type { Locale } from '../../../core/workspace/user';
import { en } from './en';
import { ja } from './ja';
import type { MessageCatalogue, MessageCode } from './message-code';

export const catalogues: Readonly<Record<Locale, MessageCatalogue>> = { en, ja };

function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(en, code);
}

/**
 * The text for a message code in a locale, with `{name}` placeholders filled from params.
 * Unknown codes give the 'unknown error' text; unknown locales fall back to English;
 * placeholders without a param stay as written, so a missing param is visible.
 */
export function translate(code: string, params: ErrorParams = {}, locale: string = 'en'): string {
  const catalogue = locale === 'ja' ? ja : en;
  const template = isMessageCode(code) ? catalogue[code] : catalogue.UNKNOWN;
  return fillTemplate(template, params);
}

const englishPlural = new Intl.PluralRules('en');

/**
 * `{name}` placeholders filled from params; placeholders without a param stay as written.
 * `{name:one|other}` (English catalogues; Japanese has no plural) is the word for the number in
 * `name`: `{days} {days:day|days}` reads "1 day", "2 days".
 */
export function fillTemplate(template: string, params: ErrorParams): string {
  return template.replace(/\{(\w+)(?::([^|{}]*)\|([^{}]*))?\}/g, (placeholder, name: string, one?: string, other?: string) => {
    if (!Object.hasOwn(params, name)) return placeholder;
    if (one === undefined || other === undefined) return String(params[name]);
    return englishPlural.select(Number(params[name])) === 'one' ? one : other;
  });
}

/** Shorthand for a domain error value ({ code, params }). */
export function translateError(error: { readonly code: string; readonly params: ErrorParams }, locale: string = 'en'): string {
  return translate(error.code, error.params, locale);
}
