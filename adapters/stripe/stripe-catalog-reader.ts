import type Stripe from 'stripe';
import type { GatewayPlanPrice, GatewayProduct } from '../../core/billing/payment-gateway.port';
import type { PaidPlanKey } from '../../core/billing/plan';
import { PLANS } from '../../core/billing/plan-catalog';
import { allLookupKeys, planForLookupKey } from './stripe-catalog-keys';
import { isMissing } from './stripe-errors';

/** A plan's Stripe product and its active catalog prices (by lookup key), or null before `stripe:sync`. */
export async function readPlanProduct(stripe: Stripe, planKey: PaidPlanKey): Promise<GatewayProduct | null> {
  const plan = PLANS[planKey];
  let product: Stripe.Product;
  try {
    product = await stripe.products.retrieve(plan.product.id);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const listed = await stripe.prices.list({ lookup_keys: allLookupKeys([plan]), active: true, limit: 10 });
  const prices: GatewayPlanPrice[] = [];
  for (const price of listed.data) {
    const terms = planForLookupKey(price.lookup_key);
    if (!terms || !price.lookup_key) continue;
    prices.push({
      lookupKey: price.lookup_key,
      externalId: price.id,
      billingMode: terms.mode,
      interval: price.recurring?.interval === 'year' ? 'yearly' : 'monthly',
      currency: price.currency,
      unitAmountCents: price.unit_amount ?? Number(price.unit_amount_decimal ?? '0'),
    });
  }
  prices.sort((a, b) => a.lookupKey.localeCompare(b.lookupKey));
  return { externalId: product.id, name: product.name, active: product.active, prices };
}
