import type { Plan } from '../billing/plan';
import { monthlyRequestLimit } from '../billing/plan-catalog';
import { startOfNextUtcMonth, startOfUtcMonth } from '../shared/time';

/** Usage counts reset monthly (spec 1, 9): the window is the current calendar month in UTC. */
export function usageWindow(now: Date): { readonly start: Date; readonly resetsAt: Date } {
  return { start: startOfUtcMonth(now), resetsAt: startOfNextUtcMonth(now) };
}

/** Whether one more answer fits; a denial always names a finite limit. */
export type RequestLimitCheck =
  | {
      readonly allowed: true;
      /** null: unlimited. */
      readonly limit: number | null;
      readonly used: number;
      readonly remaining: number | null;
    }
  | { readonly allowed: false; readonly limit: number; readonly used: number; readonly remaining: 0 };

/** Whether one more answer fits the plan's monthly request limit for a seat. */
export function checkRequestLimit(plan: Plan, usedThisMonth: number): RequestLimitCheck {
  const limit = monthlyRequestLimit(plan);
  if (limit === null) return { allowed: true, limit, used: usedThisMonth, remaining: null };
  if (usedThisMonth >= limit) return { allowed: false, limit, used: usedThisMonth, remaining: 0 };
  return { allowed: true, limit, used: usedThisMonth, remaining: limit - usedThisMonth };
}
