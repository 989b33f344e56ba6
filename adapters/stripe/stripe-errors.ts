import Stripe from 'stripe';

/** Stripe answered that the object does not exist. */
export function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing');
}

/** Refusals of the event itself (4xx other than 409/429) will not succeed on retry. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return true;
  const status = error.statusCode;
  return status === undefined || status === 409 || status === 429 || status >= 500;
}

export function describeStripeError(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) return `${error.type}${error.code ? ` ${error.code}` : ''} (${error.statusCode ?? 'no status'})`;
  return error instanceof Error ? error.name : 'unknown error';
}

/** Any failure reported by Stripe or on the way to it (connection, rate limit, 5xx, refusal). */
export function isStripeError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError;
}
