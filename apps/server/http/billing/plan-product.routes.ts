import { Router } from 'express';
import { z } from 'zod';
import { PAID_PLAN_KEYS, type PaidPlanKey } from '../../../../core/billing/plan';
import { PLANS } from '../../../../core/billing/plan-catalog';
import type { GatewayProduct, PaymentGateway } from '../../../../core/billing/payment-gateway.port';
import type { Clock } from '../../../../core/shared/clock.port';
import { parseQuery } from '../settings/validation';
import type { BillingHttpDeps } from './billing-deps';
import { sendBillingError } from './billing-http';

const PLAN_BY_NAME = new Map<string, PaidPlanKey>(PAID_PLAN_KEYS.flatMap((key) => [[key, key], [PLANS[key].name, key]] as const));
const productQuery = z.object({
  plan: z.string().refine((value) => PLAN_BY_NAME.has(value), { message: 'SUBSCRIPTION.NOT_FOUND' }),
});

/** How long a plan's product, as Stripe last answered, is served without asking again (the answer's own max-age). */
export const PLAN_PRODUCT_TTL_MS = 300_000;
/** A plan `stripe:sync` has not created yet is asked about again sooner, so a sync shows within a minute. */
const MISSING_PRODUCT_TTL_MS = 60_000;

/**
 * The plan's product as Stripe last answered, read at most once per plan per TTL, and once for
 * however many requests arrive while it is being read. The route is public: without this every
 * request was two Stripe API reads (product, prices), so anyone sending a few hundred requests a
 * minute from a few addresses spent the account's Stripe rate limit (shared with checkout, the
 * portal, seat changes and the webhook jobs), and Stripe answered those with 429. A failed read
 * is not kept: the next request asks again.
 */
function cachedPlanProducts(gateway: Pick<PaymentGateway, 'getPlanProduct'>, clock: Clock) {
  const kept = new Map<PaidPlanKey, { until: number; product: Promise<GatewayProduct | null> }>();
  return (planKey: PaidPlanKey): Promise<GatewayProduct | null> => {
    const now = clock.now().getTime();
    const hit = kept.get(planKey);
    if (hit && hit.until > now) return hit.product;
    const product = gateway.getPlanProduct(planKey);
    // While the read runs, requests share it; once it answers, the answer is kept for its TTL.
    const entry = { until: Number.POSITIVE_INFINITY, product };
    kept.set(planKey, entry);
    product.then(
      (found) => {
        if (kept.get(planKey) === entry) entry.until = clock.now().getTime() + (found ? PLAN_PRODUCT_TTL_MS : MISSING_PRODUCT_TTL_MS);
      },
      () => {
        if (kept.get(planKey) === entry) kept.delete(planKey);
      },
    );
    return product;
  };
}

/**
 * GET /api/stripe/get-a-product?plan=gpt50 (or `standard`): the plan's Stripe product and its
 * live prices, beside the catalog's, so the pricing page can check what Stripe will charge.
 * Public, so Stripe is asked at most once per plan per 5 minutes (`cachedPlanProducts`).
 * 404 when `stripe:sync` has not created the product yet, 503 with billing off.
 */
export function planProductRoutes(deps: Pick<BillingHttpDeps, 'gateway' | 'isProviderError' | 'logger' | 'clock'>): Router {
  const planProduct = deps.gateway ? cachedPlanProducts(deps.gateway, deps.clock) : undefined;
  return Router().get('/api/stripe/get-a-product', async (req, res, next) => {
    const query = parseQuery(productQuery, req, res);
    if (!query) return;
    if (!planProduct) {
      sendBillingError(req, res, { code: 'BILLING.NOT_CONFIGURED' });
      return;
    }
    const plan = PLANS[PLAN_BY_NAME.get(query.plan)!];
    try {
      const product = await planProduct(plan.key as PaidPlanKey);
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
