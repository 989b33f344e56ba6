import type { Actor } from '../shared/actor';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import type { SeatAssignmentRepository } from './seat-assignment-repository.port';

/** An admin removes a member's seat; the seat becomes available again. */
export class UnassignSeat {
  constructor(private readonly deps: { readonly seats: SeatAssignmentRepository }) {}

  async execute(input: {
    readonly teamId: TeamId;
    readonly actor: Actor;
    readonly subscriptionId: SubscriptionId | null;
    readonly memberId: UserId;
  }): Promise<Outcome<void>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    if (!input.subscriptionId) return fail('SEATS.NO_SUBSCRIPTION_SELECTED');
    const removed = await this.deps.seats.unassign(input.teamId, input.subscriptionId, input.memberId);
    return removed ? ok(undefined) : fail('SEATS.NOT_ASSIGNED', { memberId: input.memberId });
  }
}
