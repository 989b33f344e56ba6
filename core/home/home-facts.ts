import type { BillingInterval, PlanName } from '../billing/plan';
import type { KnowledgeQuota, KnowledgeSourceRecord, SourceKind } from '../knowledge/knowledge-source';
import { monthlyRequestLimit, PLANS } from '../billing/plan-catalog';
import { lapsedPlans, Subscription, type SubscriptionRecord } from '../billing/subscription';
import type { SeatAssignmentRecord } from '../seats/seat-assignment';
import type { UserId } from '../shared/ids';
import { usageWindow } from '../usage/request-limit';
import type { MemberUsageTally } from '../usage/usage-event';
import type { Locale } from '../workspace/user';

const DAY_MS = 86_400_000;

/** What the workspace has: a running trial, paid plans, or nothing usable (paid plans ended, or trial over). */
export type HomePlan =
  | { readonly kind: 'trial'; readonly endsAt: Date; readonly daysLeft: number }
  | {
      readonly kind: 'paid';
      /** Display names (Entry, Standard, Premium), best first. */
      readonly plans: readonly { readonly name: string; readonly interval: BillingInterval | null; readonly seats: number; readonly payAsYouGo: boolean }[];
    }
  /** Every paid plan the workspace had has ended (and no trial runs). */
  | { readonly kind: 'ended' }
  /** No usable plan, and a paid one is suspended for an unpaid invoice: paying it restores it. */
  | { readonly kind: 'payment_due' }
  /** No usable plan, and a paid one is paused (its trial ended without a payment method): adding one and resuming restores it. */
  | { readonly kind: 'payment_method_needed' }
  /** No usable plan, and a paid one was paused after a renewal payment failed: a working payment method and resuming restore it. */
  | { readonly kind: 'paused_after_failed_payment' }
  /** No usable plan, and a paid one was paused on request (or for a reason not told): resuming restores it. */
  | { readonly kind: 'paused' }
  | { readonly kind: 'none' };

/** The person's seat: held, free for the taking on their next question, the trial's, or none. */
export type HomeSeat =
  | { readonly kind: 'assigned'; readonly planName: string }
  | { readonly kind: 'available'; readonly planName: string }
  | { readonly kind: 'trial' }
  | { readonly kind: 'none' };

/** How many sources of a kind App Home lists (views hold at most 100 blocks). */
export const HOME_SOURCES_PER_KIND = 8;

/** The workspace's uploaded knowledge as the person sees it: the newest sources of each kind, how many each kind has, quota and use. */
export interface HomeKnowledge {
  readonly plan: PlanName;
  readonly quota: KnowledgeQuota;
  readonly usage: { readonly sources: number; readonly chunks: number };
  /** At most HOME_SOURCES_PER_KIND of each kind, newest first. */
  readonly sources: readonly (KnowledgeSourceRecord & { readonly canRemove: boolean })[];
  readonly counts: Readonly<Record<SourceKind, number>>;
  /**
   * Whether the person may add sources (and try a failed one again): a full member of the
   * workspace (`isFullMemberOf`), not a guest nor a person of another organization (Slack Connect).
   */
  readonly canAdd: boolean;
}

/**
 * Why a click in App Home did nothing, shown at the top of the Home it republishes (a Home tab's
 * block action has no response_url and no channel for an ephemeral). The next publish without
 * one (an open, Refresh, a source's progress) clears it.
 * - `button_expired`: Slack's trigger id expired, or Slack did not answer in time (press again).
 * - `button_failed`: Slack refused a call the click needed for another reason, e.g. a rate limit (try again shortly).
 * - `not_allowed`: only whoever added the source or an admin may delete it or try it again.
 * - `source_gone`: the source was deleted meanwhile.
 * - `guest_read_only`: guests and people of other organizations (Slack Connect) may not add
 *   sources to the workspace's knowledge, nor try a failed one again (a Home shown before they
 *   became one still had the buttons).
 */
export const HOME_NOTICES = ['button_expired', 'button_failed', 'not_allowed', 'source_gone', 'guest_read_only'] as const;
export type HomeNotice = (typeof HOME_NOTICES)[number];

/** Everything App Home shows about the workspace and the person looking at it. */
export interface HomeFacts {
  /** What went wrong with the person's last click, shown at the top. */
  readonly notice?: HomeNotice;
  readonly userId: UserId;
  readonly locale: Locale;
  /** The person's IANA time zone from Slack (`tz`): App Home's dates are the days there. */
  readonly timeZone?: string;
  readonly appName: string;
  readonly isAdmin: boolean;
  readonly plan: HomePlan;
  readonly seat: HomeSeat;
  readonly usage: {
    readonly channel: number;
    readonly directMessage: number;
    readonly reaction: number;
    readonly total: number;
    /** This month's request limit of the person's seat; null when unlimited or unknown. */
    readonly limit: number | null;
    readonly resetsAt: Date;
  };
  /** Set when knowledge is wired in (the worker): the uploaders' sections. */
  readonly knowledge?: HomeKnowledge;
}

/** App Home's facts from the records (pure): the same rules as entitlement, shown instead of applied. */
export function homeFacts(input: {
  readonly now: Date;
  readonly userId: UserId;
  readonly locale: Locale;
  readonly timeZone?: string;
  readonly appName: string;
  readonly isAdmin: boolean;
  readonly subscriptions: readonly SubscriptionRecord[];
  readonly assignments: readonly SeatAssignmentRecord[];
  readonly usage: MemberUsageTally | undefined;
  readonly knowledge?: HomeKnowledge;
  readonly notice?: HomeNotice;
}): HomeFacts {
  const { now } = input;
  const usable = input.subscriptions.filter((s) => Subscription.fromRecord(s).isUsableAt(now));
  const paid = usable.filter((s) => s.kind === 'paid').sort((a, b) => PLANS[b.planKey].position - PLANS[a.planKey].position);
  const trial = usable.find((s) => s.kind === 'trial');

  let plan: HomePlan;
  if (paid.length > 0) {
    plan = { kind: 'paid', plans: paid.map((s) => ({ name: PLANS[s.planKey].displayName, interval: s.interval, seats: s.quantity, payAsYouGo: s.billingMode === 'pay_as_you_go' })) };
  } else if (trial) {
    plan = { kind: 'trial', endsAt: trial.currentPeriodEnd, daysLeft: Math.max(0, Math.ceil((trial.currentPeriodEnd.getTime() - now.getTime()) / DAY_MS)) };
  } else {
    const lapsed = lapsedPlans(input.subscriptions, now);
    plan = { kind: lapsed === 'never_paid' ? 'none' : lapsed };
  }

  const held = paid.find((s) => input.assignments.some((a) => a.subscriptionId === s.id && a.memberId === input.userId));
  const open = paid.find((s) => input.assignments.filter((a) => a.subscriptionId === s.id).length < s.quantity);
  let seat: HomeSeat = { kind: 'none' };
  let limit: number | null = null;
  const limitOf = (s: SubscriptionRecord) => (s.billingMode === 'pay_as_you_go' ? null : monthlyRequestLimit(PLANS[s.planKey]));
  if (held) {
    seat = { kind: 'assigned', planName: PLANS[held.planKey].displayName };
    limit = limitOf(held);
  } else if (open) {
    seat = { kind: 'available', planName: PLANS[open.planKey].displayName };
    limit = limitOf(open);
  } else if (trial) {
    seat = { kind: 'trial' };
    limit = limitOf(trial);
  }

  const counts = input.usage ?? { channelMention: 0, directMessage: 0, reaction: 0 };
  return {
    userId: input.userId,
    locale: input.locale,
    ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
    appName: input.appName,
    isAdmin: input.isAdmin,
    plan,
    seat,
    usage: {
      channel: counts.channelMention,
      directMessage: counts.directMessage,
      reaction: counts.reaction,
      total: counts.channelMention + counts.directMessage + counts.reaction,
      limit,
      resetsAt: usageWindow(now).resetsAt,
    },
    ...(input.knowledge ? { knowledge: input.knowledge } : {}),
    ...(input.notice ? { notice: input.notice } : {}),
  };
}
