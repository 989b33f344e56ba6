import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { TeamId, UserId } from '../shared/ids';
import type { SeatAssignmentRepository } from '../seats/seat-assignment-repository.port';
import { trimSeats } from '../seats/trim-seats';
import type { BillingInterval, BillingMode, PaidPlanKey } from './plan';
import type { PauseReason, SubscriptionRecord } from './subscription';
import { Subscription } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';

/** The payment provider's current view of one subscription, already mapped to core terms. */
export interface PaidSubscriptionSnapshot {
  readonly externalId: string;
  readonly planKey: PaidPlanKey;
  readonly interval: BillingInterval;
  readonly billingMode: BillingMode;
  readonly quantity: number;
  readonly status: 'active' | 'past_due' | 'suspended' | 'paused' | 'canceled';
  /** Why it is paused (status paused); null when the provider does not say. */
  readonly pauseReason?: PauseReason | null;
  readonly currentPeriodStart: Date;
  readonly currentPeriodEnd: Date;
  readonly cancelAtPeriodEnd: boolean;
  /** When the provider ended it (status canceled: its `ended_at`); replays keep this instant, not "now". */
  readonly canceledAt: Date | null;
}

export interface SyncPaidSubscriptionResult {
  readonly subscription: SubscriptionRecord;
  readonly created: boolean;
  /** Seats removed because the quantity went down (most recently assigned first). */
  readonly unassignedMemberIds: UserId[];
}

/**
 * Applies the payment provider's current state of a subscription (checkout completed,
 * subscription updated or deleted, invoice paid or failed). Idempotent and independent of
 * delivery order as long as the snapshot was re-read from the provider.
 */
export class SyncPaidSubscription {
  constructor(
    private readonly deps: {
      readonly subscriptions: SubscriptionRepository;
      readonly seats: SeatAssignmentRepository;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(teamId: TeamId, snapshot: PaidSubscriptionSnapshot): Promise<SyncPaidSubscriptionResult> {
    const now = this.deps.clock.now();
    const existing = await this.deps.subscriptions.findByExternalId(teamId, snapshot.externalId);
    const subscription = existing
      ? Subscription.fromRecord(existing)
      : Subscription.subscribe({ ...snapshot, id: this.deps.ids.next(), teamId }, now);
    subscription.changePlan(snapshot.planKey, snapshot.interval, snapshot.billingMode, now);
    subscription.renew(snapshot.currentPeriodStart, snapshot.currentPeriodEnd, now);
    subscription.changeQuantity(snapshot.quantity, now);
    if (snapshot.cancelAtPeriodEnd) subscription.cancelAtPeriodEnd(now);
    else subscription.resumeAutoRenew(now);
    if (snapshot.status === 'past_due') subscription.markPastDue(now);
    if (snapshot.status === 'suspended') subscription.suspend(now);
    if (snapshot.status === 'paused') subscription.pause(now, snapshot.pauseReason ?? null);
    if (snapshot.status === 'canceled') {
      subscription.cancelNow(now, snapshot.canceledAt ?? existing?.canceledAt ?? now);
    }

    // Saved before the trim, which then runs under the seat lock (core/seats/trim-seats.ts).
    await this.deps.subscriptions.save(teamId, subscription.toRecord());
    const freed = await trimSeats(this.deps.seats, teamId, subscription.id, snapshot.quantity);
    return { subscription: subscription.toRecord(), created: existing === null, unassignedMemberIds: freed };
  }
}
