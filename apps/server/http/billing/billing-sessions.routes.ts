import { Router } from 'express';
import { z } from 'zod';
import { BillingSessions, MAX_SEATS_PER_CHECKOUT } from '../../../../core/billing/billing-sessions.use-case';
import type { PaidPlanKey } from '../../../../core/billing/plan';
import { PAID_PLAN_KEYS } from '../../../../core/billing/plan';
import { PLANS } from '../../../../core/billing/plan-catalog';
import { parseBody } from '../settings/validation';
import type { BillingCaller, BillingHttpDeps } from './billing-deps';
import { localizedPricingPath, returnPath } from './billing-form-errors';
import { billingEndpoint, redirectOrJson, sendBillingError } from './billing-http';

/** A paid plan by key (`gpt50`) or by name (`standard`). */
const PLAN_BY_NAME = new Map<string, PaidPlanKey>(PAID_PLAN_KEYS.flatMap((key) => [[key, key], [PLANS[key].name, key]] as const));

// A missing or unknown plan reads the catalogue's "not found" text; a bad interval or mode its
// billing-option text (docs/billing.md: 400 with the catalogue text for a bad field).
const checkoutBody = z.object({
  plan: z.string({ error: 'SUBSCRIPTION.NOT_FOUND' }).transform((value, ctx) => {
    const key = PLAN_BY_NAME.get(value);
    if (!key) ctx.addIssue({ code: 'custom', message: 'SUBSCRIPTION.NOT_FOUND' });
    return key ?? 'gpt50';
  }),
  interval: z.enum(['monthly', 'yearly'], { error: 'BILLING.INVALID_OPTION' }).default('monthly'),
  mode: z.enum(['fixed_rate', 'pay_as_you_go'], { error: 'BILLING.INVALID_OPTION' }).default('fixed_rate'),
  seats: z.coerce
    .number({ message: 'SEATS.INVALID_QUANTITY' })
    .int('SEATS.INVALID_QUANTITY')
    .min(1, 'SEATS.INVALID_QUANTITY')
    .max(MAX_SEATS_PER_CHECKOUT, 'SEATS.INVALID_QUANTITY')
    .default(1),
});

/**
 * The hosted pages an admin is sent to (spec 2 pricing and menu): checkout for a plan, wallet
 * setup, and the customer portal (the menu's Customer Portal form posts here and gets a 303).
 */
export function billingSessionRoutes(deps: BillingHttpDeps): Router {
  const router = Router();
  const sessions = (gateway: NonNullable<BillingHttpDeps['gateway']>) =>
    new BillingSessions({ gateway, customers: deps.customers, clock: deps.clock });
  const workspace = async (caller: BillingCaller) => {
    const [installation, user] = await Promise.all([deps.installations.find(caller.teamId), deps.users.find(caller.teamId, caller.userId)]);
    return { teamId: caller.teamId, actor: caller, teamName: installation?.teamName ?? null, email: user?.email || null };
  };

  router.post(
    '/api/create-checkout-session',
    billingEndpoint(deps, async (req, res, { gateway, caller }) => {
      const body = parseBody(checkoutBody, req, res);
      if (!body) return;
      const outcome = await sessions(gateway).checkout({
        ...(await workspace(caller)),
        planKey: body.plan,
        interval: body.interval,
        billingMode: body.mode,
        seats: body.seats,
        pricingPath: localizedPricingPath(req),
      });
      if (outcome.ok) redirectOrJson(req, res, outcome.value);
      else sendBillingError(req, res, outcome.error);
    }),
  );

  router.post(
    '/api/create-setup-session',
    billingEndpoint(deps, async (req, res, { gateway, caller }) => {
      const outcome = await sessions(gateway).walletSetup({ ...(await workspace(caller)), pricingPath: localizedPricingPath(req) });
      if (outcome.ok) redirectOrJson(req, res, outcome.value);
      else sendBillingError(req, res, outcome.error);
    }),
  );

  router.post(
    '/api/create-portal-session',
    billingEndpoint(deps, async (req, res, { gateway, caller }) => {
      const outcome = await sessions(gateway).portal({
        ...(await workspace(caller)),
        // Back to the page the form was on (the menu's entry sends the localized /pricing).
        returnUrl: new URL(returnPath(req), deps.publicUrl).href,
      });
      if (outcome.ok) redirectOrJson(req, res, outcome.value);
      else sendBillingError(req, res, outcome.error);
    }),
  );
  return router;
}
