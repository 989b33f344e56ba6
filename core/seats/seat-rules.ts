import type { SeatAssignmentRecord } from './seat-assignment';

/** The Members page summary for one subscription (spec 2 "Members"). */
export interface AssignmentSummary {
  readonly assigned: number;
  readonly manual: number;
  readonly automatic: number;
  /** Seats nobody holds yet. */
  readonly available: number;
  readonly totalSeats: number;
  /**
   * Seats not reserved by an admin: they go to whoever uses Tomo first (usage-based),
   * i.e. total seats minus manual assignments.
   */
  readonly freeUsageBasedSeats: number;
}

export function assignmentSummary(totalSeats: number, assignments: readonly SeatAssignmentRecord[]): AssignmentSummary {
  const manual = assignments.filter((a) => a.assignmentKind === 'manual').length;
  const assigned = assignments.length;
  return {
    assigned,
    manual,
    automatic: assigned - manual,
    available: Math.max(0, totalSeats - assigned),
    totalSeats,
    freeUsageBasedSeats: Math.max(0, totalSeats - manual),
  };
}

export type AssignButtonState = 'disabled' | 'remove' | 'add';

/** Disabled with no subscription selected, remove when already assigned to it, add otherwise (spec 4). */
export function assignButtonState(
  selectedSubscriptionId: string | null | undefined,
  memberAssignments: readonly Pick<SeatAssignmentRecord, 'subscriptionId'>[],
): AssignButtonState {
  if (!selectedSubscriptionId) return 'disabled';
  return memberAssignments.some((a) => a.subscriptionId === selectedSubscriptionId) ? 'remove' : 'add';
}

/**
 * Reducing seats removes the most recently assigned first (spec 4): the members whose
 * seats go when only `newQuantity` remain.
 */
export function seatsToFreeOnReduce(assignments: readonly SeatAssignmentRecord[], newQuantity: number): SeatAssignmentRecord[] {
  const excess = assignments.length - Math.max(0, newQuantity);
  if (excess <= 0) return [];
  return [...assignments]
    .sort((a, b) => b.assignedAt.getTime() - a.assignedAt.getTime() || b.memberId.localeCompare(a.memberId))
    .slice(0, excess);
}
