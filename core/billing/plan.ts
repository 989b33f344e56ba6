/** Plan catalog types (spec 3 "Plan", spec 9). */

export const PLAN_KEYS = ['free', 'gpt50_4k_50r', 'gpt50', 'gpt50_8k'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];
export type PaidPlanKey = Exclude<PlanKey, 'free'>;
export const PAID_PLAN_KEYS: readonly PaidPlanKey[] = ['gpt50_4k_50r', 'gpt50', 'gpt50_8k'];

export type PlanName = 'free' | 'entry' | 'standard' | 'premium';
export type BillingInterval = 'monthly' | 'yearly';
export const BILLING_INTERVALS: readonly BillingInterval[] = ['monthly', 'yearly'];

/** Fixed-rate is billed per user (seat); pay-as-you-go per response. */
export type BillingMode = 'fixed_rate' | 'pay_as_you_go';
export type BillingUnit = 'user' | 'response';

export type LlmProviderName = 'openai' | 'anthropic';
export type ModelId = 'gpt-5' | 'claude';

export interface Model {
  readonly id: ModelId;
  readonly displayName: string;
  readonly provider: LlmProviderName;
  readonly contextTokens: number;
}

export interface Product {
  readonly id: string;
  readonly name: string;
  /** Tokens of conversation context an answer may use. */
  readonly tokenLimit: number;
  /** How the token limit is shown on the pricing page ('4K'; Premium is shown as '1M'). */
  readonly tokenLimitInK: string;
}

export interface PlanPrice {
  readonly interval: BillingInterval;
  readonly currency: 'usd';
  /** Whole dollars per seat per interval. */
  readonly price: number;
  readonly unitAmountCents: number;
  /** Stable lookup key; the billing adapter resolves it to the payment provider's price. */
  readonly priceId: string;
  /** Answered requests per seat per interval; null means unlimited. */
  readonly requestLimit: number | null;
  /** Yearly only: twelve monthly payments minus the yearly price. */
  readonly savings?: number;
}

export interface PayAsYouGoPrice {
  readonly unit: 'response';
  readonly currency: 'usd';
  readonly unitAmountCents: number;
  readonly priceId: string;
}

export type SupportChannel = 'email' | 'shared_channel';

/**
 * "URL readers" and "File readers" (spec 9 plan rows): how many linked pages, videos and
 * Slack messages, and how many shared files, one answer reads, and how many tokens of read
 * text it may carry in all.
 */
export interface ReaderAllowance {
  readonly linksPerAnswer: number;
  readonly filesPerAnswer: number;
  readonly tokensPerAnswer: number;
}

export interface Plan {
  readonly key: PlanKey;
  readonly name: PlanName;
  readonly displayName: string;
  /** Order on the pricing page and in the member list sort (free 0, entry 1, standard 2, premium 3). */
  readonly position: number;
  readonly model: Model;
  readonly product: Product;
  readonly prices: { readonly monthly: PlanPrice; readonly yearly: PlanPrice };
  readonly payAsYouGo: PayAsYouGoPrice | null;
  readonly googleResultsPerAnswer: number;
  readonly readers: ReaderAllowance;
  /**
   * Image generations (4 variants each) one seat may make per calendar month; 0: the plan
   * does not include image generation ("Image generation" on /pricing, docs/creations.md).
   */
  readonly imageGenerationsPerMonth: number;
  readonly support: readonly SupportChannel[];
}
