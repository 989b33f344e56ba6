import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import { findUsablePaidSubscription } from '../billing/find-usable-subscription';
import type { SubscriptionRepository } from '../billing/subscription-repository.port';
import type { Member } from '../workspace/member';
import { isBotMember, isSlackbot } from '../workspace/member';
import type { SeatAssignmentRecord } from './seat-assignment';
import type { SeatAssignmentRepository } from './seat-assignment-repository.port';

export interface AssignSeatInput {
  readonly teamId: TeamId;
  readonly actor: Actor;
  readonly subscriptionId: SubscriptionId | null;
  /** The member or bot from the workspace's member list. */
  readonly member: Member;
  readonly tomoBotUserId: UserId;
}

/** An admin assigns a member or a bot to a seat of a subscription (spec 1, 4, 6). */
export class AssignSeat {
  constructor(
    private readonly deps: {
      readonly subscriptions: SubscriptionRepository;
      readonly seats: SeatAssignmentRepository;
      readonly clock: Clock;
    },
  ) {}

  async execute(input: AssignSeatInput): Promise<Outcome<SeatAssignmentRecord>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    if (!input.subscriptionId) return fail('SEATS.NO_SUBSCRIPTION_SELECTED');
    const { member } = input;
    if (member.isWorkflowBot || member.deleted || member.id === input.tomoBotUserId || isSlackbot(member.id)) {
      return fail('SEATS.NOT_ASSIGNABLE', { memberId: member.id });
    }
    const now = this.deps.clock.now();
    const found = await findUsablePaidSubscription(this.deps.subscriptions, input.teamId, input.subscriptionId, now);
    if (!found.ok) return found;
    const subscription = found.value;
    const assignment: SeatAssignmentRecord = {
      teamId: input.teamId,
      subscriptionId: subscription.id,
      memberId: member.id,
      memberKind: isBotMember(member) ? 'bot' : 'user',
      planKey: subscription.planKey,
      assignmentKind: 'manual',
      assignedBy: input.actor.userId,
      assignedAt: now,
    };
    const result = await this.deps.seats.assignIfSeatAvailable(input.teamId, assignment, subscription.quantity);
    if (result === 'already_assigned') return fail('SEATS.ALREADY_ASSIGNED', { memberId: member.id });
    if (result === 'no_seat_available') return fail('SEATS.LIMIT_REACHED', { seats: subscription.quantity });
    return ok(assignment);
  }
}
