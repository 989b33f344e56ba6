export interface ProrationInput {
  /** Price of one seat for one full period, in cents. */
  readonly unitAmountCents: number;
  readonly oldQuantity: number;
  readonly newQuantity: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly now: Date;
}

export interface Proration {
  /** Signed cost difference for the rest of the period, in cents (negative: credit). */
  readonly amountCents: number;
  /**
   * charge: added to the next invoice; credit: deducted from the next invoice (fixed-rate
   * plans never refund mid-term); none: nothing changes.
   */
  readonly settlement: 'charge' | 'credit' | 'none';
  /** The next billing date, where the difference is offset. */
  readonly settledOn: Date;
  /** Share of the period still to run, 0..1. */
  readonly remainingFraction: number;
}

/**
 * The prorated cost difference of changing the seat count now, offset on the next billing
 * date (spec 1, 4). Rounded to whole cents; the payment provider's own preview is what an
 * invoice finally shows.
 */
export function prorateSeatChange(input: ProrationInput): Proration {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = input.periodEnd.getTime() - input.now.getTime();
  const remainingFraction = total <= 0 ? 0 : Math.min(1, Math.max(0, left / total));
  const raw = (input.newQuantity - input.oldQuantity) * input.unitAmountCents * remainingFraction;
  const amountCents = Math.round(raw) + 0; // + 0 turns -0 into 0
  const settlement = amountCents > 0 ? 'charge' : amountCents < 0 ? 'credit' : 'none';
  return { amountCents, settlement, settledOn: input.periodEnd, remainingFraction };
}
