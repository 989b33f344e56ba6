import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { ChangeSeatQuantity, ChangeSeatQuantityInput, SeatChangePreview, SeatChangeResult } from './change-seat-quantity.use-case';
import type { PaymentGateway, ProrationPreview } from './payment-gateway.port';
import { SubscriptionEndedAtProvider } from './payment-gateway.port';
import type { RecordProviderEnd } from './record-provider-end';
import type { SubscriptionRepository } from './subscription-repository.port';

const CLOCK_SKEW_MS = 5 * 60_000;
/**
 * How long a preview's proration date is honoured. The provider prorates as if the change was
 * made then, so an older date would credit seats that were in use since (a reduction dated to
 * the period's start refunds the whole period): only a recent preview's date is taken.
 */
const PREVIEW_MAX_AGE_MS = 30 * 60_000;

export interface PaidSeatChangePreview extends SeatChangePreview {
  /**
   * The provider's own invoice preview (fixed-rate plans bought through checkout): what the
   * next invoice gains or loses. null for pay-as-you-go, whose seats cost nothing.
   */
  readonly invoice: ProrationPreview | null;
  /** Pass back when confirming, so the charge equals the preview. */
  readonly prorationDate: Date;
}

/**
 * Seat changes of a paid subscription (spec 1, 4): the provider's subscription quantity is
 * changed with prorations first (idempotent per subscription, quantity and proration date),
 * then the rows follow, unassigning the most recently assigned members when seats go down.
 * If the provider refuses or cannot be reached, nothing changes locally. A plan the provider has
 * already ended (its webhook not applied yet) takes that end now: SUBSCRIPTION.NOT_ACTIVE.
 */
export class ChangePaidSeats {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'previewProration' | 'updateSeatQuantity'>;
      readonly changeSeatQuantity: ChangeSeatQuantity;
      readonly subscriptions: SubscriptionRepository;
      readonly recordProviderEnd: RecordProviderEnd;
      readonly clock: Clock;
    },
  ) {}

  async preview(input: ChangeSeatQuantityInput): Promise<Outcome<PaidSeatChangePreview>> {
    const rules = await this.deps.changeSeatQuantity.preview(input);
    if (!rules.ok) return rules;
    const prorationDate = this.deps.clock.now();
    const externalId = await this.providerFixedRateId(input);
    let invoice: ProrationPreview | null = null;
    try {
      if (externalId) invoice = await this.deps.gateway.previewProration({ externalId, quantity: input.quantity, prorationDate });
    } catch (error) {
      return this.endedAtProvider(input, error);
    }
    return ok({ ...rules.value, invoice, prorationDate });
  }

  async execute(input: ChangeSeatQuantityInput & { readonly prorationDate?: Date }): Promise<Outcome<SeatChangeResult>> {
    const rules = await this.deps.changeSeatQuantity.preview(input);
    if (!rules.ok) return rules;
    const record = await this.deps.subscriptions.findById(input.teamId, input.subscriptionId);
    if (record?.externalId && rules.value.oldQuantity !== input.quantity) {
      const now = this.deps.clock.now();
      const prorationDate = input.prorationDate ?? now;
      // A preview from an earlier billing period or more than half an hour old cannot be honoured
      // (a little clock skew between servers is tolerated the other way).
      const tooNew = prorationDate.getTime() > now.getTime() + CLOCK_SKEW_MS;
      const tooOld = prorationDate.getTime() < now.getTime() - PREVIEW_MAX_AGE_MS;
      if (prorationDate < record.currentPeriodStart || tooOld || tooNew) return fail('BILLING.PREVIEW_EXPIRED');
      try {
        await this.deps.gateway.updateSeatQuantity({ externalId: record.externalId, quantity: input.quantity, prorationDate });
      } catch (error) {
        return this.endedAtProvider(input, error);
      }
    }
    return this.deps.changeSeatQuantity.execute(input);
  }

  /** The provider had ended it: the row follows, and the admin is told it is no longer active. Other errors propagate. */
  private async endedAtProvider(input: ChangeSeatQuantityInput, error: unknown): Promise<Outcome<never>> {
    if (!(error instanceof SubscriptionEndedAtProvider)) throw error;
    await this.deps.recordProviderEnd.execute(input.teamId, error);
    return fail('SUBSCRIPTION.NOT_ACTIVE');
  }

  private async providerFixedRateId(input: ChangeSeatQuantityInput): Promise<string | null> {
    const record = await this.deps.subscriptions.findById(input.teamId, input.subscriptionId);
    return record?.externalId && record.billingMode === 'fixed_rate' ? record.externalId : null;
  }
}
