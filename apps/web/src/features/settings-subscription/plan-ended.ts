import type { ApiError } from '../../lib/settings/api-client';

/**
 * The server refused a plan action because the plan is no longer what the page shows: Stripe
 * ended it before its webhook arrived (`SUBSCRIPTION.NOT_ACTIVE`, the server has just recorded the
 * end) or it is no longer paused (`SUBSCRIPTION.NOT_PAUSED`). The page reloads at once, so the
 * card shows the plan's current state without a page reload.
 */
export function planStateChanged(failure: ApiError): boolean {
  return failure.status === 409 && (failure.code === 'SUBSCRIPTION.NOT_ACTIVE' || failure.code === 'SUBSCRIPTION.NOT_PAUSED');
}
