import { describe, expect, it } from 'vitest';
import { prorateSeatChange } from '../../../core/billing/proration';

const period = {
  periodStart: new Date('2025-04-01T00:00:00Z'),
  periodEnd: new Date('2025-05-01T00:00:00Z'),
};

describe('prorated seat changes (spec 1, 4)', () => {
  it('adding seats halfway through the period charges half the price per seat on the next billing date', () => {
    const proration = prorateSeatChange({
      ...period,
      unitAmountCents: 2000,
      oldQuantity: 5,
      newQuantity: 8,
      now: new Date('2025-04-16T00:00:00Z'),
    });
    expect(proration).toEqual({
      amountCents: 3000,
      settlement: 'charge',
      settledOn: period.periodEnd,
      remainingFraction: 0.5,
    });
  });

  it('removing seats is a credit offset on the next invoice, not a refund', () => {
    const proration = prorateSeatChange({
      ...period,
      unitAmountCents: 800,
      oldQuantity: 4,
      newQuantity: 3,
      now: new Date('2025-04-01T00:00:00Z'),
    });
    expect(proration).toMatchObject({ amountCents: -800, settlement: 'credit' });
  });

  it('costs nothing when the count is unchanged or the period is over', () => {
    const same = prorateSeatChange({ ...period, unitAmountCents: 800, oldQuantity: 4, newQuantity: 4, now: period.periodStart });
    expect(same).toMatchObject({ amountCents: 0, settlement: 'none' });
    const late = prorateSeatChange({
      ...period,
      unitAmountCents: 800,
      oldQuantity: 4,
      newQuantity: 9,
      now: new Date('2025-06-01T00:00:00Z'),
    });
    expect(late).toMatchObject({ amountCents: 0, remainingFraction: 0 });
    const empty = prorateSeatChange({
      periodStart: period.periodEnd,
      periodEnd: period.periodEnd,
      unitAmountCents: 800,
      oldQuantity: 4,
      newQuantity: 9,
      now: period.periodEnd,
    });
    expect(empty.amountCents).toBe(0);
  });
});
