import type { BillingMode, LlmProviderName, Model, Plan } from '../billing/plan';
import { modelForProvider, PLANS } from '../billing/plan-catalog';
import type { SubscriptionRecord } from '../billing/subscription';
import { lapsedPlans, Subscription, type LapsedPlans } from '../billing/subscription';
import type { SeatAssignmentRecord } from '../seats/seat-assignment';
import type { DomainError, ErrorCode } from '../shared/domain-error';
import { domainError } from '../shared/domain-error';
import type { SubscriptionId, UserId } from '../shared/ids';
import type { RequestLimitCheck } from '../usage/request-limit';
import { checkRequestLimit, usageWindow } from '../usage/request-limit';
import type { InstallationRecord } from '../workspace/installation';

export type EntitlementDenialReason =
  | 'trial_over'
  | 'plan_ended'
  | 'payment_due'
  | 'payment_method_needed'
  | 'paused_after_failed_payment'
  | 'paused'
  | 'no_seat'
  | 'request_limit_reached'
  | 'uninstalled'
  | 'other_workspace';

const DENIAL_CODES: Readonly<Record<EntitlementDenialReason, ErrorCode>> = {
  trial_over: 'ENTITLEMENT.TRIAL_OVER',
  plan_ended: 'ENTITLEMENT.PLAN_ENDED',
  payment_due: 'ENTITLEMENT.PAYMENT_DUE',
  payment_method_needed: 'ENTITLEMENT.PAYMENT_METHOD_NEEDED',
  paused_after_failed_payment: 'ENTITLEMENT.PAUSED_AFTER_FAILED_PAYMENT',
  paused: 'ENTITLEMENT.PLAN_PAUSED',
  no_seat: 'ENTITLEMENT.NO_SEAT',
  other_workspace: 'ENTITLEMENT.OTHER_WORKSPACE',
  request_limit_reached: 'ENTITLEMENT.REQUEST_LIMIT_REACHED',
  uninstalled: 'ENTITLEMENT.UNINSTALLED',
};

export interface EntitlementFacts {
  readonly now: Date;
  readonly installation: InstallationRecord | null;
  /** The member (or bot user) asking. */
  readonly memberId: UserId;
  /**
   * False for a person of another workspace (a Slack Connect partner in a shared channel):
   * seats belong to the workspace's members, so they get none (default true).
   */
  readonly memberOfWorkspace?: boolean;
  /** Every subscription of the workspace. */
  readonly subscriptions: readonly SubscriptionRecord[];
  /** Every seat assignment of the workspace. */
  readonly assignments: readonly SeatAssignmentRecord[];
  /** This member's answered requests this month per subscription (missing: 0). */
  readonly usedThisMonth: Readonly<Record<SubscriptionId, number>>;
  /** The LLM provider configured as default; the plan's model maps to it (default openai). */
  readonly preferredProvider?: LlmProviderName;
}

export interface EntitlementGrant {
  readonly allowed: true;
  readonly subscriptionId: SubscriptionId;
  readonly subscription: SubscriptionRecord;
  readonly plan: Plan;
  readonly model: Model;
  readonly provider: LlmProviderName;
  /** Context tokens the answer may use. */
  readonly tokenLimit: number;
  readonly googleResultsPerAnswer: number;
  readonly billingMode: BillingMode | null;
  /** assigned: holds a seat; auto_assign: gets a free seat now (filled by usage); trial: free trial. */
  readonly seat: 'assigned' | 'auto_assign' | 'trial';
  readonly requestLimit: RequestLimitCheck;
  /**
   * When the request was allowed: it counts in that moment's month (the one whose limit was
   * checked), also when its answer is finished after midnight on the month's last day.
   */
  readonly allowedAt: Date;
}

export interface EntitlementDenial {
  readonly allowed: false;
  readonly reason: EntitlementDenialReason;
  readonly error: DomainError;
}

export type EntitlementDecision = EntitlementGrant | EntitlementDenial;

export function deny(reason: EntitlementDenialReason, params: Record<string, string | number> = {}): EntitlementDenial {
  return { allowed: false, reason, error: domainError(DENIAL_CODES[reason], params) };
}

/** Pay-as-you-go is billed per response, so it has no request limit. */
function limitFor(record: SubscriptionRecord, used: number): RequestLimitCheck {
  if (record.billingMode === 'pay_as_you_go') return { allowed: true, limit: null, used, remaining: null };
  return checkRequestLimit(PLANS[record.planKey], used);
}

function grant(
  facts: EntitlementFacts,
  record: SubscriptionRecord,
  seat: EntitlementGrant['seat'],
  requestLimit: RequestLimitCheck,
): EntitlementGrant {
  const plan = PLANS[record.planKey];
  const model = facts.preferredProvider ? modelForProvider(facts.preferredProvider) : plan.model;
  return {
    allowed: true,
    subscriptionId: record.id,
    subscription: record,
    plan,
    model,
    provider: model.provider,
    tokenLimit: plan.product.tokenLimit,
    googleResultsPerAnswer: plan.googleResultsPerAnswer,
    billingMode: record.billingMode,
    seat,
    requestLimit,
    allowedAt: facts.now,
  };
}

/** Best plan first (Premium before Entry), then the oldest subscription. */
const byBestPlan = (a: SubscriptionRecord, b: SubscriptionRecord) =>
  PLANS[b.planKey].position - PLANS[a.planKey].position || a.createdAt.getTime() - b.createdAt.getTime();

/**
 * May this member get an answer now, on which plan, model and token limit (spec 1, 4, 6, 9)?
 *
 * 1. Not installed → uninstalled.
 * 2. A seat on a usable paid subscription → that plan (best plan whose monthly limit is not reached).
 * 3. No seat, but a usable paid subscription has an unassigned seat → that seat is filled by usage.
 * 4. A running free trial → the free plan's limits, per member.
 * 5. Usable paid subscriptions exist but all seats are taken → no_seat.
 * 6. Otherwise, if a paid plan is suspended (the payment provider stopped collecting an unpaid
 *    invoice; paying it restores the plan) → payment_due.
 * 7. Otherwise, if a paid plan is paused (its trial ended without a payment method; an admin adds
 *    one and resumes it) → payment_method_needed.
 * 8. Otherwise, if the workspace had a paid plan (all ended now) → plan_ended.
 * 9. Otherwise the trial is over and no plan was bought → trial_over.
 * A person of another workspace never gets a seat (the Members page lists, and frees, only the
 * workspace's members): the trial still answers them; paid plans refuse them (other_workspace).
 * A request-limit denial is returned only when no other route grants an answer.
 */
export function decideEntitlement(facts: EntitlementFacts): EntitlementDecision {
  const { now } = facts;
  if (!facts.installation || facts.installation.uninstalledAt !== null) return deny('uninstalled');

  const usable = facts.subscriptions.filter((s) => Subscription.fromRecord(s).isUsableAt(now));
  const paid = usable.filter((s) => s.kind === 'paid').sort(byBestPlan);
  const used = (s: SubscriptionRecord) => facts.usedThisMonth[s.id] ?? 0;
  // The UTC date; `resetsAt` lets the message say the moment in the asker's own time zone.
  const resetsAt = usageWindow(now).resetsAt;
  const reset = { resetDate: resetsAt.toISOString().slice(0, 10), resetsAt: resetsAt.toISOString() };
  let limitReached: number | null = null;

  const held = paid.filter((s) => facts.assignments.some((a) => a.subscriptionId === s.id && a.memberId === facts.memberId));
  for (const record of held) {
    const limit = limitFor(record, used(record));
    if (limit.allowed) return grant(facts, record, 'assigned', limit);
    limitReached ??= limit.limit;
  }

  const outsider = facts.memberOfWorkspace === false;
  if (held.length === 0 && !outsider) {
    const open = paid.filter((s) => facts.assignments.filter((a) => a.subscriptionId === s.id).length < s.quantity);
    for (const record of open) {
      const limit = limitFor(record, used(record));
      if (limit.allowed) return grant(facts, record, 'auto_assign', limit);
      limitReached ??= limit.limit;
    }
  }

  const trial = usable.find((s) => s.kind === 'trial');
  if (trial) {
    const limit = limitFor(trial, used(trial));
    if (limit.allowed) return grant(facts, trial, 'trial', limit);
    limitReached ??= limit.limit;
  }

  if (limitReached !== null) return deny('request_limit_reached', { limit: limitReached, ...reset });
  if (paid.length > 0) return deny(outsider ? 'other_workspace' : 'no_seat');
  return deny(lapsedReason(lapsedPlans(facts.subscriptions, now)));
}

/** What a workspace without a usable plan is told, by why it has none (`lapsedPlans`). */
export function lapsedReason(lapsed: LapsedPlans): EntitlementDenialReason {
  return lapsed === 'ended' ? 'plan_ended' : lapsed === 'never_paid' ? 'trial_over' : lapsed;
}
