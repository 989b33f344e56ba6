import type { Locale } from '../../lib/locale';

/**
 * An amount in the currency's minor unit (Stripe's cents; yen have none) as money in the
 * page's language: (1234, 'usd', 'en') → '$12.34'. `signed` adds + for positive amounts.
 */
export function formatMoney(minorUnits: number, currency: string, locale: Locale, options: { signed?: boolean } = {}): string {
  const code = currency.toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      ...(options.signed ? { signDisplay: 'exceptZero' as const } : {}),
    });
  } catch {
    // An unknown currency code: still show the number.
    return `${(minorUnits / 100).toFixed(2)} ${code}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}
