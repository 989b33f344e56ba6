import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import type { SeatAssignmentRepository } from './seat-assignment-repository.port';
import { seatsToFreeOnReduce } from './seat-rules';

/*
 * Lowering a subscription's seats while one is being filled: the new quantity is saved first
 * and the excess freed under the seat lock after it, while an assignment reads the stored
 * quantity under that same lock (`assignIfSeatAvailable`). Whichever takes the lock first, the
 * other sees its result, so no seat stays held beyond the quantity.
 */

/** Frees the most recently assigned seats beyond `quantity` (call after saving it); returns who lost them. */
export function trimSeats(seats: SeatAssignmentRepository, teamId: TeamId, subscriptionId: SubscriptionId, quantity: number): Promise<UserId[]> {
  return seats.freeSeats(teamId, subscriptionId, (assignments) => seatsToFreeOnReduce(assignments, quantity));
}
