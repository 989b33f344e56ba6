/**
 * A language's name in another language, from its BCP 47 code (`zh-Hans` → "Simplified Chinese"
 * in English, "簡体中国語" in Japanese), as the runtime's ICU data words it; the code itself
 * when ICU has no name for it.
 */
export function languageName(code: string, locale: string): string {
  return new Intl.DisplayNames(locale, { type: 'language', fallback: 'code' }).of(code) ?? code;
}
