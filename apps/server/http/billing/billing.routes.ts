import { Router } from 'express';
import { rejectForeignTeam } from '../session/signed-in';
import { sameOriginOnly } from '../session/same-origin';
import { readableBodyOnly } from '../input-guard';
import type { BillingHttpDeps } from './billing-deps';
import { formPostErrorsBackToPage } from './billing-form-errors';
import { billingSessionRoutes } from './billing-sessions.routes';
import { planProductRoutes } from './plan-product.routes';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { subscriptionChangeRoutes } from './subscription-changes.routes';

/** Posted as HTML forms by the web pages (and callable with JSON). */
const FORM_PATHS = [
  '/api/create-checkout-session',
  '/api/create-setup-session',
  '/api/create-portal-session',
  '/api/billing/subscriptions/:subscriptionId/pay-invoice',
];
const SIGNED_IN_PATHS = [...FORM_PATHS, '/api/billing'];

/**
 * Billing over HTTP. `webhook` must be mounted before any body parser (the signature covers the
 * raw bytes); `api` after the session is loaded. The signed-in endpoints refuse other sites'
 * posts and any request naming another workspace; a refused browser form post goes back to
 * its page with the reason (`?billing_error=<code>`) instead of a JSON answer.
 */
export function billingRoutes(deps: BillingHttpDeps): { webhook: Router; api: Router } {
  const api = Router();
  api.use(FORM_PATHS, formPostErrorsBackToPage);
  api.use(SIGNED_IN_PATHS, rejectForeignTeam, sameOriginOnly(deps.publicUrl), readableBodyOnly([]));
  api.use(billingSessionRoutes(deps));
  api.use(subscriptionChangeRoutes(deps));
  api.use(planProductRoutes(deps));
  return { webhook: stripeWebhookRoutes(deps), api };
}
