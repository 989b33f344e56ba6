import type { SubscriptionId, TeamId } from '../shared/ids';
import { addDays } from '../shared/time';
import type { BillingInterval, BillingMode, PlanKey } from './plan';

/**
 * Stored status. `trialing` and `active` may still end by the passage of time, so ask
 * `Subscription.statusAt(now)` for the effective status. `suspended`: still open at the payment
 * provider but granting nothing (it stopped collecting after its retries, or reports a status
 * Tomo does not know); paying the open invoice makes it `active` again. `paused`: open at the
 * provider, granting nothing and billing nothing (`pauseReason` says why); resuming it makes it
 * `active` again.
 */
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'suspended' | 'paused' | 'canceled' | 'expired';

/**
 * Why the provider paused a subscription (Stripe's `status_details.paused.subscription.type`):
 * its trial ended without a payment method; a renewal payment failed (pause on payment failure);
 * someone paused it (the pause endpoint, the Dashboard); or a reason this version does not know.
 */
export type PauseReason = 'trial_ended' | 'payment_failed' | 'requested' | 'other';
export type SubscriptionKind = 'trial' | 'paid';

/** What persistence stores for one subscription (table `subscriptions`). */
export interface SubscriptionRecord {
  readonly id: SubscriptionId;
  readonly teamId: TeamId;
  readonly kind: SubscriptionKind;
  readonly planKey: PlanKey;
  /** null for trials. */
  readonly interval: BillingInterval | null;
  /** null for trials. */
  readonly billingMode: BillingMode | null;
  readonly status: SubscriptionStatus;
  /** Seats bought; 0 for trials (a trial has no seats, every member may use it). */
  readonly quantity: number;
  readonly currentPeriodStart: Date;
  readonly currentPeriodEnd: Date;
  /** Auto-renew is on when this is false (the default). */
  readonly cancelAtPeriodEnd: boolean;
  /** When it ended (canceled, by the provider's `ended_at`); null while it is open. */
  readonly canceledAt: Date | null;
  /** Why it is paused (status `paused`); null or absent: not known, read as a trial ended without a payment method (the only pause before Stripe told reasons). */
  readonly pauseReason?: PauseReason | null;
  /** The payment provider's subscription id; null for trials. */
  readonly externalId: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const FIRST_INSTALL_TRIAL_DAYS = 14;
export const REINSTALL_TRIAL_DAYS = 7;

export interface PaidSubscriptionInput {
  readonly id: SubscriptionId;
  readonly teamId: TeamId;
  readonly planKey: PlanKey;
  readonly interval: BillingInterval;
  readonly billingMode: BillingMode;
  readonly quantity: number;
  readonly currentPeriodStart: Date;
  readonly currentPeriodEnd: Date;
  readonly externalId: string | null;
}

/** Subscription aggregate: state changes only through the intent-named methods below. */
export class Subscription {
  private constructor(private state: SubscriptionRecord) {}

  static fromRecord(record: SubscriptionRecord): Subscription {
    return new Subscription({ ...record });
  }

  /** A free trial: no card, no seats, the free plan's limits, ends after `days`. */
  static startTrial(id: SubscriptionId, teamId: TeamId, now: Date, days: number): Subscription {
    return new Subscription({
      id,
      teamId,
      kind: 'trial',
      planKey: 'free',
      interval: null,
      billingMode: null,
      status: 'trialing',
      quantity: 0,
      currentPeriodStart: now,
      currentPeriodEnd: addDays(now, days),
      cancelAtPeriodEnd: true,
      canceledAt: null,
      externalId: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** A paid plan bought through checkout; auto-renew on by default. */
  static subscribe(input: PaidSubscriptionInput, now: Date): Subscription {
    return new Subscription({
      ...input,
      kind: 'paid',
      status: 'active',
      cancelAtPeriodEnd: false,
      canceledAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  get id(): SubscriptionId {
    return this.state.id;
  }
  get teamId(): TeamId {
    return this.state.teamId;
  }
  get planKey(): PlanKey {
    return this.state.planKey;
  }
  get quantity(): number {
    return this.state.quantity;
  }
  get isTrial(): boolean {
    return this.state.kind === 'trial';
  }
  get autoRenew(): boolean {
    return !this.isTrial && !this.state.cancelAtPeriodEnd;
  }
  get currentPeriodEnd(): Date {
    return this.state.currentPeriodEnd;
  }

  /**
   * Effective status: a trial past its end is `expired`; a paid subscription set to cancel
   * at period end stays `active` until then and is `canceled` afterwards. A paid
   * subscription with auto-renew stays `active`: renewal is reported by the payment provider.
   */
  statusAt(now: Date): SubscriptionStatus {
    const { status, currentPeriodEnd } = this.state;
    const ended = now.getTime() >= currentPeriodEnd.getTime();
    if (status === 'trialing' && ended) return 'expired';
    if (status === 'active' && this.state.cancelAtPeriodEnd && ended) return 'canceled';
    return status;
  }

  /** Whether the subscription grants answers now. `past_due` keeps working while payment is retried; `suspended` and `paused` do not. */
  isUsableAt(now: Date): boolean {
    const status = this.statusAt(now);
    return status === 'trialing' || status === 'active' || status === 'past_due';
  }

  /** Turning auto-renew off: stays active until the period end. */
  cancelAtPeriodEnd(now: Date): void {
    this.state = { ...this.state, cancelAtPeriodEnd: true, updatedAt: now };
  }

  resumeAutoRenew(now: Date): void {
    this.state = { ...this.state, cancelAtPeriodEnd: false, updatedAt: now };
  }

  /**
   * Immediate cancellation (uninstall, or the provider deleted it). No refund. `canceledAt`
   * is when it ended, if that is known (the provider's own time), else now.
   */
  cancelNow(now: Date, canceledAt: Date = now): void {
    if (this.state.status === 'canceled' || this.state.status === 'expired') return;
    this.state = { ...this.state, status: 'canceled', canceledAt, updatedAt: now };
  }

  /**
   * A new billing period began (the payment provider renewed it, or resumed it): open again, so
   * no end is kept (a row stored as ended before, e.g. a pause once read as a cancellation).
   */
  renew(periodStart: Date, periodEnd: Date, now: Date): void {
    this.state = {
      ...this.state,
      status: 'active',
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      canceledAt: null,
      updatedAt: now,
    };
  }

  markPastDue(now: Date): void {
    this.state = { ...this.state, status: 'past_due', updatedAt: now };
  }

  /** The provider gave up collecting (or reports a status Tomo does not know): no answers until it is paid. */
  suspend(now: Date): void {
    this.state = { ...this.state, status: 'suspended', updatedAt: now };
  }

  /** The provider paused it (for `reason`): nothing billed, no answers, until resumed. */
  pause(now: Date, reason: PauseReason | null): void {
    this.state = { ...this.state, status: 'paused', pauseReason: reason, updatedAt: now };
  }

  changePlan(planKey: PlanKey, interval: BillingInterval, billingMode: BillingMode, now: Date): void {
    this.state = { ...this.state, planKey, interval, billingMode, updatedAt: now };
  }

  changeQuantity(quantity: number, now: Date): void {
    this.state = { ...this.state, quantity, updatedAt: now };
  }

  toRecord(): SubscriptionRecord {
    return { ...this.state };
  }
}

/**
 * Why a workspace with no usable plan has none, in the order people are told: a paid plan
 * suspended for an unpaid invoice (paying restores it), else one paused because its trial ended
 * without a payment method (adding one and resuming restores it), else one paused after a failed
 * renewal payment (a working payment method and resuming), else one paused on request (resuming
 * is enough), else paid plans that ended, else none was ever bought. Entitlement's refusal and
 * App Home's plan line both read this.
 */
export type LapsedPlans = 'payment_due' | 'payment_method_needed' | 'paused_after_failed_payment' | 'paused' | 'ended' | 'never_paid';

export function lapsedPlans(subscriptions: readonly SubscriptionRecord[], now: Date): LapsedPlans {
  const paid = subscriptions.filter((s) => s.kind === 'paid').map((s) => ({ status: Subscription.fromRecord(s).statusAt(now), reason: s.pauseReason ?? 'trial_ended' }));
  if (paid.some((s) => s.status === 'suspended')) return 'payment_due';
  const paused = paid.filter((s) => s.status === 'paused').map((s) => s.reason);
  if (paused.includes('trial_ended')) return 'payment_method_needed';
  if (paused.includes('payment_failed')) return 'paused_after_failed_payment';
  if (paused.length > 0) return 'paused';
  return paid.length > 0 ? 'ended' : 'never_paid';
}
