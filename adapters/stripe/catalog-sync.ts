import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { Plan } from '../../core/billing/plan';
import { PAID_PLANS } from '../../core/billing/plan-catalog';
import { allLookupKeys, meterEventName } from './stripe-catalog-keys';
import { isMissing } from './stripe-errors';
import { META } from './stripe-subscription-mapper';

export type SyncAction = 'created' | 'updated' | 'replaced' | 'unchanged';

export interface CatalogSyncEntry {
  readonly kind: 'product' | 'meter' | 'price';
  /** Product id, meter event name or price lookup key. */
  readonly key: string;
  readonly action: SyncAction;
  readonly id: string;
}

/** One price the catalog wants in Stripe. */
interface DesiredPrice {
  readonly lookupKey: string;
  readonly product: string;
  readonly unitAmountCents: number;
  readonly interval: 'month' | 'year';
  readonly usageType: 'licensed' | 'metered';
  readonly meter: string | null;
  readonly nickname: string;
  readonly metadata: Record<string, string>;
}

/**
 * Makes Stripe hold the core plan catalog: one product per paid plan, one billing meter per
 * plan for pay-as-you-go, and prices addressed by lookup key (monthly and yearly per seat,
 * metered per response). Running it again changes nothing; a changed amount creates a new
 * price that takes over the lookup key (`transfer_lookup_key`) and archives the old one,
 * because Stripe prices are immutable and existing subscriptions keep theirs.
 */
export async function syncStripeCatalog(stripe: Stripe, plans: readonly Plan[] = PAID_PLANS): Promise<CatalogSyncEntry[]> {
  const run = randomUUID();
  const report: CatalogSyncEntry[] = [];
  const existingPrices = await listPrices(stripe, allLookupKeys(plans));
  const meters = await listActiveMeters(stripe);
  for (const plan of plans) {
    report.push(await syncProduct(stripe, plan));
    const meter = await syncMeter(stripe, plan, meters, run);
    report.push(meter);
    for (const desired of desiredPrices(plan, meter.id)) {
      report.push(await syncPrice(stripe, desired, existingPrices.get(desired.lookupKey), run));
    }
  }
  return report;
}

function desiredPrices(plan: Plan, meterId: string): DesiredPrice[] {
  const base = { [META.planKey]: plan.key };
  const fixed = (['monthly', 'yearly'] as const).map((interval) => ({
    lookupKey: plan.prices[interval].priceId,
    product: plan.product.id,
    unitAmountCents: plan.prices[interval].unitAmountCents,
    interval: interval === 'monthly' ? ('month' as const) : ('year' as const),
    usageType: 'licensed' as const,
    meter: null,
    nickname: `${plan.displayName} ${interval} per user`,
    metadata: { ...base, [META.billingMode]: 'fixed_rate', [META.interval]: interval },
  }));
  if (!plan.payAsYouGo) return fixed;
  return [
    ...fixed,
    {
      lookupKey: plan.payAsYouGo.priceId,
      product: plan.product.id,
      unitAmountCents: plan.payAsYouGo.unitAmountCents,
      interval: 'month',
      usageType: 'metered',
      meter: meterId,
      nickname: `${plan.displayName} pay-as-you-go per response`,
      metadata: { ...base, [META.billingMode]: 'pay_as_you_go', [META.interval]: 'monthly' },
    },
  ];
}

async function syncProduct(stripe: Stripe, plan: Plan): Promise<CatalogSyncEntry> {
  const wanted = { name: plan.product.name, metadata: { [META.planKey]: plan.key } };
  let product: Stripe.Product | null = null;
  try {
    product = await stripe.products.retrieve(plan.product.id);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  if (!product) {
    const created = await stripe.products.create({ id: plan.product.id, ...wanted }, { idempotencyKey: `catalog:product:${plan.product.id}` });
    return { kind: 'product', key: plan.product.id, action: 'created', id: created.id };
  }
  if (product.name === wanted.name && product.active && product.metadata[META.planKey] === plan.key) {
    return { kind: 'product', key: plan.product.id, action: 'unchanged', id: product.id };
  }
  await stripe.products.update(product.id, { ...wanted, active: true });
  return { kind: 'product', key: plan.product.id, action: 'updated', id: product.id };
}

async function syncMeter(stripe: Stripe, plan: Plan, meters: Map<string, Stripe.Billing.Meter>, run: string): Promise<CatalogSyncEntry> {
  const eventName = meterEventName(plan.key as Exclude<Plan['key'], 'free'>);
  const existing = meters.get(eventName);
  if (existing) return { kind: 'meter', key: eventName, action: 'unchanged', id: existing.id };
  const meter = await stripe.billing.meters.create(
    {
      display_name: `Tomo ${plan.displayName} responses`,
      event_name: eventName,
      default_aggregation: { formula: 'sum' },
      customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
      value_settings: { event_payload_key: 'value' },
    },
    { idempotencyKey: `catalog:meter:${eventName}:${run}` },
  );
  meters.set(eventName, meter);
  return { kind: 'meter', key: eventName, action: 'created', id: meter.id };
}

async function syncPrice(stripe: Stripe, desired: DesiredPrice, existing: Stripe.Price | undefined, run: string): Promise<CatalogSyncEntry> {
  const entry = (action: SyncAction, id: string): CatalogSyncEntry => ({ kind: 'price', key: desired.lookupKey, action, id });
  if (existing && sameTerms(existing, desired)) {
    const metadataSame = Object.entries(desired.metadata).every(([k, v]) => existing.metadata[k] === v);
    if (existing.active && existing.nickname === desired.nickname && metadataSame) return entry('unchanged', existing.id);
    await stripe.prices.update(existing.id, { active: true, nickname: desired.nickname, metadata: desired.metadata });
    return entry('updated', existing.id);
  }
  const created = await stripe.prices.create(
    {
      product: desired.product,
      currency: 'usd',
      ...(Number.isInteger(desired.unitAmountCents)
        ? { unit_amount: desired.unitAmountCents }
        : { unit_amount_decimal: Stripe.Decimal.from(String(desired.unitAmountCents)) }),
      recurring: {
        interval: desired.interval,
        usage_type: desired.usageType,
        ...(desired.meter ? { meter: desired.meter } : {}),
      },
      lookup_key: desired.lookupKey,
      transfer_lookup_key: existing !== undefined,
      nickname: desired.nickname,
      metadata: desired.metadata,
    },
    { idempotencyKey: `catalog:price:${desired.lookupKey}:${run}` },
  );
  if (!existing) return entry('created', created.id);
  if (existing.active) await stripe.prices.update(existing.id, { active: false });
  return entry('replaced', created.id);
}

/** Whether the immutable terms of a Stripe price are what the catalog asks for. */
function sameTerms(price: Stripe.Price, desired: DesiredPrice): boolean {
  const product = typeof price.product === 'string' ? price.product : price.product.id;
  const amount = price.unit_amount_decimal === null ? price.unit_amount : Number(price.unit_amount_decimal.toString());
  return (
    product === desired.product &&
    price.currency === 'usd' &&
    amount === desired.unitAmountCents &&
    price.recurring?.interval === desired.interval &&
    (price.recurring?.interval_count ?? 1) === 1 &&
    price.recurring?.usage_type === desired.usageType &&
    (price.recurring?.meter ?? null) === desired.meter
  );
}

async function listPrices(stripe: Stripe, lookupKeys: string[]): Promise<Map<string, Stripe.Price>> {
  const found = new Map<string, Stripe.Price>();
  // Stripe accepts a limited number of lookup keys per request.
  for (let i = 0; i < lookupKeys.length; i += 10) {
    const page = await stripe.prices.list({ lookup_keys: lookupKeys.slice(i, i + 10), limit: 100 });
    for (const price of page.data) if (price.lookup_key) found.set(price.lookup_key, price);
  }
  return found;
}

async function listActiveMeters(stripe: Stripe): Promise<Map<string, Stripe.Billing.Meter>> {
  const meters = new Map<string, Stripe.Billing.Meter>();
  for await (const meter of stripe.billing.meters.list({ status: 'active', limit: 100 })) meters.set(meter.event_name, meter);
  return meters;
}
