import type { BillingInterval, Plan, SupportChannel } from './plan';
import { MODELS, requestLimitDisplay, type RequestLimitDisplay } from './plan-catalog';

/** Rows of the pricing page's plan comparison, in the spec's order (spec 9). */
export const PLAN_DETAIL_ROWS = [
  'tokens_and_models',
  'usage',
  'url_readers',
  'file_readers',
  'instructions',
  'plugins',
  'image_generation',
  'support',
] as const;
export type PlanDetailRowKey = (typeof PLAN_DETAIL_ROWS)[number];

export type PlanDetailRow =
  | { readonly row: 'tokens_and_models'; readonly tokenLimitInK: string; readonly models: readonly string[] }
  | { readonly row: 'usage'; readonly requestLimit: RequestLimitDisplay }
  | { readonly row: 'url_readers'; readonly perAnswer: number }
  | { readonly row: 'file_readers'; readonly perAnswer: number }
  | { readonly row: 'instructions'; readonly included: boolean }
  | { readonly row: 'plugins'; readonly googleResultsPerAnswer: number }
  /** Generations of `variants` images one seat may make per month (issue 15). */
  | { readonly row: 'image_generation'; readonly perMonth: number; readonly variants: number }
  | { readonly row: 'support'; readonly channels: readonly SupportChannel[] };

/** The detail rows of one plan for the chosen billing interval. */
export function planDetailRows(plan: Plan, interval: BillingInterval): PlanDetailRow[] {
  return [
    {
      row: 'tokens_and_models',
      tokenLimitInK: plan.product.tokenLimitInK,
      models: [MODELS['gpt-5'].displayName, MODELS.claude.displayName],
    },
    { row: 'usage', requestLimit: requestLimitDisplay(plan.prices[interval]) },
    { row: 'url_readers', perAnswer: plan.readers.linksPerAnswer },
    { row: 'file_readers', perAnswer: plan.readers.filesPerAnswer },
    { row: 'instructions', included: true },
    { row: 'plugins', googleResultsPerAnswer: plan.googleResultsPerAnswer },
    { row: 'image_generation', perMonth: plan.imageGenerationsPerMonth, variants: 4 },
    { row: 'support', channels: plan.support },
  ];
}
