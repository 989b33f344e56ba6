import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import type { SeatAssignmentRepository } from '../seats/seat-assignment-repository.port';
import { trimSeats } from '../seats/trim-seats';
import { seatsToFreeOnReduce } from '../seats/seat-rules';
import { findUsablePaidSubscription } from './find-usable-subscription';
import { PLANS } from './plan-catalog';
import type { Proration } from './proration';
import { prorateSeatChange } from './proration';
import type { Subscription, SubscriptionRecord } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';

export interface ChangeSeatQuantityInput {
  readonly teamId: TeamId;
  readonly actor: Actor;
  readonly subscriptionId: SubscriptionId;
  readonly quantity: number;
}

export interface SeatChangePreview {
  readonly oldQuantity: number;
  readonly newQuantity: number;
  /** Members (and bots) who lose their seat, most recently assigned first. */
  readonly unassignedMemberIds: UserId[];
  /** Fixed-rate only; pay-as-you-go is billed per response, so seat changes cost nothing. */
  readonly proration: Proration | null;
}

export interface SeatChangeResult extends SeatChangePreview {
  readonly subscription: SubscriptionRecord;
}

/**
 * An admin changes the seat count at any time (spec 1, 4): the prorated difference is
 * offset on the next billing date, and reducing seats removes the most recently
 * assigned members first.
 */
export class ChangeSeatQuantity {
  constructor(
    private readonly deps: {
      readonly subscriptions: SubscriptionRepository;
      readonly seats: SeatAssignmentRepository;
      readonly clock: Clock;
    },
  ) {}

  async preview(input: ChangeSeatQuantityInput): Promise<Outcome<SeatChangePreview>> {
    const loaded = await this.load(input);
    return loaded.ok ? ok(loaded.value.preview) : loaded;
  }

  async execute(input: ChangeSeatQuantityInput): Promise<Outcome<SeatChangeResult>> {
    const loaded = await this.load(input);
    if (!loaded.ok) return loaded;
    const { subscription, preview } = loaded.value;
    subscription.changeQuantity(input.quantity, this.deps.clock.now());
    // Saved before the trim, which then runs under the seat lock (core/seats/trim-seats.ts).
    await this.deps.subscriptions.save(input.teamId, subscription.toRecord());
    const unassignedMemberIds = await trimSeats(this.deps.seats, input.teamId, subscription.id, input.quantity);
    return ok({ ...preview, unassignedMemberIds, subscription: subscription.toRecord() });
  }

  private async load(
    input: ChangeSeatQuantityInput,
  ): Promise<Outcome<{ subscription: Subscription; preview: SeatChangePreview }>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    if (!Number.isInteger(input.quantity) || input.quantity < 1) {
      return fail('SEATS.INVALID_QUANTITY', { quantity: String(input.quantity) });
    }
    const now = this.deps.clock.now();
    const found = await findUsablePaidSubscription(this.deps.subscriptions, input.teamId, input.subscriptionId, now);
    if (!found.ok) return found;
    const subscription = found.value;
    const record = subscription.toRecord();
    const assignments = await this.deps.seats.listBySubscription(input.teamId, subscription.id);
    const freed = seatsToFreeOnReduce(assignments, input.quantity);
    const proration =
      record.billingMode === 'fixed_rate' && record.interval
        ? prorateSeatChange({
            unitAmountCents: PLANS[record.planKey].prices[record.interval].unitAmountCents,
            oldQuantity: record.quantity,
            newQuantity: input.quantity,
            periodStart: record.currentPeriodStart,
            periodEnd: record.currentPeriodEnd,
            now,
          })
        : null;
    return ok({
      subscription,
      preview: {
        oldQuantity: record.quantity,
        newQuantity: input.quantity,
        unassignedMemberIds: freed.map((a) => a.memberId),
        proration,
      },
    });
  }
}
