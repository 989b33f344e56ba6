import { Router } from 'express';
import { z } from 'zod';
import { PAID_PLAN_KEYS, type PaidPlanKey } from '../../../../core/billing/plan';
import { PLANS } from '../../../../core/billing/plan-catalog';
import { parseQuery } from '../settings/validation';
import type { BillingHttpDeps } from './billing-deps';
import { sendBillingError } from './billing-http';

const PLAN_BY_NAME = new Map<string, PaidPlanKey>(PAID_PLAN_KEYS.flatMap((key) => [[key, key], [PLANS[key].name, key]] as const));
const productQuery = z.object({
  plan: z.string().refine((value) => PLAN_BY_NAME.has(value), { message: 'SUBSCRIPTION.NOT_FOUND' }),
});

/**
 * GET /api/stripe/get-a-product?plan=gpt50 (or `standard`): the plan's Stripe product and its
 * live prices, beside the catalog's, so the pricing page can check what Stripe will charge.
 * Public. 404 when `stripe:sync` has not created the product yet, 503 with billing off.
 */
export function planProductRoutes(deps: Pick<BillingHttpDeps, 'gateway' | 'isProviderError' | 'logger'>): Router {
  return Router().get('/api/stripe/get-a-product', async (req, res, next) => {
    const query = parseQuery(productQuery, req, res);
    if (!query) return;
    if (!deps.gateway) {
      sendBillingError(req, res, { code: 'BILLING.NOT_CONFIGURED' });
      return;
    }
    const plan = PLANS[PLAN_BY_NAME.get(query.plan)!];
    try {
      const product = await deps.gateway.getPlanProduct(plan.key as PaidPlanKey);
      if (!product) {
        res.status(404).json({ error: { code: 'NOT_FOUND', message: `No Stripe product for ${plan.key} yet: run "npm run stripe:sync".` } });
        return;
      }
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json({
        plan: { key: plan.key, name: plan.name, displayName: plan.displayName },
        product: { ...plan.product, stripeProductId: product.externalId, name: product.name, active: product.active },
        prices: product.prices.map((price) => ({
          priceId: price.lookupKey,
          stripePriceId: price.externalId,
          billingMode: price.billingMode,
          interval: price.interval,
          currency: price.currency,
          unitAmountCents: price.unitAmountCents,
          unit: price.billingMode === 'pay_as_you_go' ? 'response' : 'user',
        })),
      });
    } catch (error) {
      if (!deps.isProviderError(error)) {
        next(error);
        return;
      }
      deps.logger.warn({ err: error }, 'Stripe product lookup failed');
      sendBillingError(req, res, { code: 'BILLING.PROVIDER_UNAVAILABLE' });
    }
  });
}
