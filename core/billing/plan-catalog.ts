import type {
  BillingInterval,
  BillingMode,
  BillingUnit,
  LlmProviderName,
  Model,
  ModelId,
  PaidPlanKey,
  Plan,
  PlanKey,
  PlanPrice,
} from './plan';
import { PAID_PLAN_KEYS } from './plan';

/** Models (spec 9: default model gpt-5; display names GPT-5 and Claude, 200K context). */
export const MODELS: Readonly<Record<ModelId, Model>> = {
  'gpt-5': { id: 'gpt-5', displayName: 'GPT-5', provider: 'openai', contextTokens: 100_000 },
  claude: { id: 'claude', displayName: 'Claude', provider: 'anthropic', contextTokens: 200_000 },
};
export const DEFAULT_MODEL: Model = MODELS['gpt-5'];

export function modelForProvider(provider: LlmProviderName): Model {
  return provider === 'anthropic' ? MODELS.claude : MODELS['gpt-5'];
}

export const BILLING_MODE_UNITS: Readonly<Record<BillingMode, BillingUnit>> = {
  fixed_rate: 'user',
  pay_as_you_go: 'response',
};

/**
 * Pay-as-you-go price per response. The spec names the unit but no amount; assumption
 * (docs/domain.md): one response costs 1/50 of the plan's monthly per-user price.
 */
const RESPONSES_PER_MONTHLY_PRICE = 50;

function prices(key: PlanKey, monthly: number, yearly: number, monthlyLimit: number | null, yearlyLimit: number | null) {
  const m: PlanPrice = {
    interval: 'monthly',
    currency: 'usd',
    price: monthly,
    unitAmountCents: monthly * 100,
    priceId: `${key}_monthly`,
    requestLimit: monthlyLimit,
  };
  const y: PlanPrice = {
    interval: 'yearly',
    currency: 'usd',
    price: yearly,
    unitAmountCents: yearly * 100,
    priceId: `${key}_yearly`,
    requestLimit: yearlyLimit,
    savings: monthly * 12 - yearly,
  };
  return { monthly: m, yearly: y };
}

function paid(key: PaidPlanKey, monthly: number) {
  return {
    unit: 'response' as const,
    currency: 'usd' as const,
    unitAmountCents: (monthly * 100) / RESPONSES_PER_MONTHLY_PRICE,
    priceId: `${key}_per_response`,
  };
}

const TOKENS_4K = 4096;
const TOKENS_8K = 8192;

export const PLANS: Readonly<Record<PlanKey, Plan>> = {
  free: {
    key: 'free',
    name: 'free',
    displayName: 'Free',
    position: 0,
    model: DEFAULT_MODEL,
    product: { id: 'tomo_free', name: 'Tomo Free', tokenLimit: TOKENS_4K, tokenLimitInK: '4K' },
    prices: prices('free', 0, 0, 20, 240),
    payAsYouGo: null,
    googleResultsPerAnswer: 1,
    readers: { linksPerAnswer: 1, filesPerAnswer: 1, tokensPerAnswer: 4_000 },
    imageGenerationsPerMonth: 2,
    support: ['email'],
  },
  gpt50_4k_50r: {
    key: 'gpt50_4k_50r',
    name: 'entry',
    displayName: 'Entry',
    position: 1,
    model: DEFAULT_MODEL,
    product: { id: 'tomo_gpt50_4k_50r', name: 'Tomo Entry', tokenLimit: TOKENS_4K, tokenLimitInK: '4K' },
    prices: prices('gpt50_4k_50r', 8, 80, 50, 600),
    payAsYouGo: paid('gpt50_4k_50r', 8),
    googleResultsPerAnswer: 3,
    readers: { linksPerAnswer: 3, filesPerAnswer: 3, tokensPerAnswer: 8_000 },
    imageGenerationsPerMonth: 10,
    support: ['email'],
  },
  gpt50: {
    key: 'gpt50',
    name: 'standard',
    displayName: 'Standard',
    position: 2,
    model: DEFAULT_MODEL,
    product: { id: 'tomo_gpt50', name: 'Tomo Standard', tokenLimit: TOKENS_4K, tokenLimitInK: '4K' },
    prices: prices('gpt50', 20, 200, null, null),
    payAsYouGo: paid('gpt50', 20),
    googleResultsPerAnswer: 5,
    readers: { linksPerAnswer: 5, filesPerAnswer: 5, tokensPerAnswer: 16_000 },
    imageGenerationsPerMonth: 30,
    support: ['email', 'shared_channel'],
  },
  gpt50_8k: {
    key: 'gpt50_8k',
    name: 'premium',
    displayName: 'Premium',
    position: 3,
    model: DEFAULT_MODEL,
    // Spec 9: the token limit is 8192, the pricing page displays it as 1M.
    product: { id: 'tomo_gpt50_8k', name: 'Tomo Premium', tokenLimit: TOKENS_8K, tokenLimitInK: '1M' },
    prices: prices('gpt50_8k', 32, 320, null, null),
    payAsYouGo: paid('gpt50_8k', 32),
    googleResultsPerAnswer: 10,
    readers: { linksPerAnswer: 10, filesPerAnswer: 10, tokensPerAnswer: 32_000 },
    imageGenerationsPerMonth: 60,
    support: ['email', 'shared_channel'],
  },
};

/** Plans offered for purchase, in pricing-page order: Entry, Standard, Premium. */
export const PAID_PLANS: readonly Plan[] = PAID_PLAN_KEYS.map((key) => PLANS[key]);

export function findPlan(key: string): Plan | undefined {
  return Object.hasOwn(PLANS, key) ? PLANS[key as PlanKey] : undefined;
}

export function planPrice(plan: Plan, interval: BillingInterval): PlanPrice {
  return plan.prices[interval];
}

/** Finds the plan and interval (or pay-as-you-go) behind a price lookup key. */
export function findPriceById(
  priceId: string,
): { plan: Plan; mode: BillingMode; interval: BillingInterval | null } | undefined {
  for (const plan of Object.values(PLANS)) {
    for (const price of [plan.prices.monthly, plan.prices.yearly]) {
      if (price.priceId === priceId) return { plan, mode: 'fixed_rate', interval: price.interval };
    }
    if (plan.payAsYouGo?.priceId === priceId) return { plan, mode: 'pay_as_you_go', interval: null };
  }
  return undefined;
}

export type RequestLimitDisplay =
  | { readonly kind: 'unlimited' }
  | { readonly kind: 'limited'; readonly count: number; readonly per: 'month' | 'year' };

/** 'Unlimited' or "about N times per month/year" (spec 9). */
export function requestLimitDisplay(price: PlanPrice): RequestLimitDisplay {
  if (price.requestLimit === null) return { kind: 'unlimited' };
  return { kind: 'limited', count: price.requestLimit, per: price.interval === 'monthly' ? 'month' : 'year' };
}

/**
 * Requests one seat may make in one calendar month. Counts reset monthly (spec 1, 9), so a
 * yearly price's limit is spread over twelve months (600/year = 50/month, 240/year = 20/month).
 */
export function monthlyRequestLimit(plan: Plan): number | null {
  return plan.prices.monthly.requestLimit;
}
