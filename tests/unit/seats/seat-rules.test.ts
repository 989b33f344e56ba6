import { describe, expect, it } from 'vitest';
import { assignButtonState, assignmentSummary, seatsToFreeOnReduce } from '../../../core/seats/seat-rules';
import { aSubscription, anAssignment } from '../support/builders';

const sub = aSubscription('s').withSeats(5).build();

describe('assignment summary (spec 2 Members)', () => {
  it('counts assigned, manual, automatic, available, total and free usage-based seats', () => {
    const assignments = [
      anAssignment(sub, 'U1'),
      anAssignment(sub, 'U2'),
      anAssignment(sub, 'U3', { assignmentKind: 'automatic', assignedBy: null }),
    ];
    expect(assignmentSummary(5, assignments)).toEqual({
      assigned: 3,
      manual: 2,
      automatic: 1,
      available: 2,
      totalSeats: 5,
      freeUsageBasedSeats: 3,
    });
  });

  it('never shows negative availability after a seat reduction', () => {
    expect(assignmentSummary(1, [anAssignment(sub, 'U1'), anAssignment(sub, 'U2')])).toMatchObject({ available: 0 });
  });
});

describe('assign button (spec 4)', () => {
  it('is disabled with no subscription selected, remove when assigned, add otherwise', () => {
    expect(assignButtonState(null, [])).toBe('disabled');
    expect(assignButtonState('s', [{ subscriptionId: 's' }])).toBe('remove');
    expect(assignButtonState('s', [{ subscriptionId: 'other' }])).toBe('add');
  });
});

describe('reducing seats (spec 4)', () => {
  it('frees the most recently assigned first', () => {
    const assignments = [
      anAssignment(sub, 'UOLD', { assignedAt: new Date('2025-01-01') }),
      anAssignment(sub, 'UNEW', { assignedAt: new Date('2025-01-09') }),
      anAssignment(sub, 'UMID', { assignedAt: new Date('2025-01-05') }),
    ];
    expect(seatsToFreeOnReduce(assignments, 1).map((a) => a.memberId)).toEqual(['UNEW', 'UMID']);
    expect(seatsToFreeOnReduce(assignments, 3)).toEqual([]);
    expect(seatsToFreeOnReduce(assignments, -1)).toHaveLength(3);
  });

  it('breaks ties of equal assignment time by member id, deterministically', () => {
    const at = new Date('2025-01-01');
    const assignments = [anAssignment(sub, 'UA', { assignedAt: at }), anAssignment(sub, 'UB', { assignedAt: at })];
    expect(seatsToFreeOnReduce(assignments, 1).map((a) => a.memberId)).toEqual(['UB']);
  });
});
