import { BILLING_ERROR_PARAM, parseBillingError } from '../../lib/billing-error';

/**
 * Query string of /pricing. Checkout returns to ?checkout=success|cancel, wallet setup to
 * ?setup=success|cancel, a refused Subscribe or wallet post to ?billing_error=<code> (see
 * docs/web.md); anything else is ignored.
 */
export type Outcome = 'success' | 'cancel';

export interface PricingSearch {
  checkout?: Outcome;
  setup?: Outcome;
  billing_error?: string;
}

function outcome(value: unknown): Outcome | undefined {
  return value === 'success' || value === 'cancel' ? value : undefined;
}

export function parsePricingSearch(search: Record<string, unknown>): PricingSearch {
  const result: PricingSearch = {};
  const checkout = outcome(search.checkout);
  const setup = outcome(search.setup);
  const billingError = parseBillingError(search[BILLING_ERROR_PARAM]);
  if (checkout) result.checkout = checkout;
  if (setup) result.setup = setup;
  if (billingError) result.billing_error = billingError;
  return result;
}

export type PricingAlertKey = 'checkoutSuccess' | 'checkoutCancel' | 'setupSuccess' | 'setupCancel';

export function pricingAlerts(search: PricingSearch): PricingAlertKey[] {
  const alerts: PricingAlertKey[] = [];
  if (search.checkout) alerts.push(search.checkout === 'success' ? 'checkoutSuccess' : 'checkoutCancel');
  if (search.setup) alerts.push(search.setup === 'success' ? 'setupSuccess' : 'setupCancel');
  return alerts;
}
