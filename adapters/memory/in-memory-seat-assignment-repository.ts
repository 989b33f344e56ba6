import type { SubscriptionRepository } from '../../core/billing/subscription-repository.port';
import type { SeatAssignmentRepository } from '../../core/seats/seat-assignment-repository.port';
import type { AssignIfSeatAvailableResult, SeatAssignmentRecord } from '../../core/seats/seat-assignment';
import { assertSameTeam, clone } from './clone';

export class InMemorySeatAssignmentRepository implements SeatAssignmentRepository {
  private rows: SeatAssignmentRecord[] = [];

  /** `subscriptions`: where the stored quantity that caps an assignment's limit is read. */
  constructor(private readonly subscriptions?: Pick<SubscriptionRepository, 'findById'>) {}

  async listByTeam(teamId: string): Promise<SeatAssignmentRecord[]> {
    return this.rows.filter((r) => r.teamId === teamId).map(clone);
  }

  async listBySubscription(teamId: string, subscriptionId: string): Promise<SeatAssignmentRecord[]> {
    return this.rows.filter((r) => r.teamId === teamId && r.subscriptionId === subscriptionId).map(clone);
  }

  async listByMember(teamId: string, memberId: string): Promise<SeatAssignmentRecord[]> {
    return this.rows.filter((r) => r.teamId === teamId && r.memberId === memberId).map(clone);
  }

  // Check and insert run in one synchronous step, so concurrent calls cannot interleave.
  async assignIfSeatAvailable(
    teamId: string,
    assignment: SeatAssignmentRecord,
    seatLimit: number,
  ): Promise<AssignIfSeatAvailableResult> {
    assertSameTeam(teamId, assignment);
    // The stored quantity caps the limit (as in PostgreSQL); from here on the check and insert are one synchronous step.
    const stored = await this.subscriptions?.findById(teamId, assignment.subscriptionId);
    const limit = Math.min(seatLimit, stored?.quantity ?? seatLimit);
    const taken = this.rows.filter((r) => r.teamId === teamId && r.subscriptionId === assignment.subscriptionId);
    if (taken.some((r) => r.memberId === assignment.memberId)) return 'already_assigned';
    if (taken.length >= limit) return 'no_seat_available';
    this.rows.push(clone(assignment));
    return 'assigned';
  }

  async freeSeats(
    teamId: string,
    subscriptionId: string,
    choose: (assignments: readonly SeatAssignmentRecord[]) => readonly SeatAssignmentRecord[],
  ): Promise<string[]> {
    const freed = choose(await this.listBySubscription(teamId, subscriptionId)).map((a) => a.memberId);
    await this.unassignMany(teamId, subscriptionId, freed);
    return freed;
  }

  async unassign(teamId: string, subscriptionId: string, memberId: string): Promise<boolean> {
    return (await this.unassignMany(teamId, subscriptionId, [memberId])) > 0;
  }

  async unassignMany(teamId: string, subscriptionId: string, memberIds: readonly string[]): Promise<number> {
    const before = this.rows.length;
    this.rows = this.rows.filter(
      (r) => !(r.teamId === teamId && r.subscriptionId === subscriptionId && memberIds.includes(r.memberId)),
    );
    return before - this.rows.length;
  }
}
