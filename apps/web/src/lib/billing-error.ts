/**
 * `?billing_error=<code>`: the server sends a refused billing form post (Subscribe, wallet
 * setup, Manage) back to its page with the catalogue code of the reason (docs/billing.md).
 */
export const BILLING_ERROR_PARAM = 'billing_error';

/** A catalogue code ('BILLING.PROVIDER_UNAVAILABLE', 'UNKNOWN'), or undefined for anything else. */
export function parseBillingError(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 64 && /^[A-Z][A-Z0-9_]*(\.[A-Z0-9_]+)*$/.test(value) ? value : undefined;
}
