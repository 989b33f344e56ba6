import type { Outcome } from '../shared/domain-error';
import { fail } from '../shared/domain-error';
import type { PaymentGateway } from './payment-gateway.port';
import { SubscriptionEndedAtProvider } from './payment-gateway.port';
import type { RecordProviderEnd } from './record-provider-end';
import type { AutoRenewInput, SetAutoRenew } from './set-auto-renew.use-case';
import type { SubscriptionRecord } from './subscription';

/**
 * The auto-renew toggle of a paid subscription: the provider is told first (cancel at period
 * end on or off), then the row follows. A refusal or outage leaves the row as it was; a plan the
 * provider has already ended takes that end now (SUBSCRIPTION.NOT_ACTIVE).
 */
export class SetPaidAutoRenew {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'setCancelAtPeriodEnd'>;
      readonly setAutoRenew: SetAutoRenew;
      readonly recordProviderEnd: RecordProviderEnd;
    },
  ) {}

  async execute(input: AutoRenewInput): Promise<Outcome<SubscriptionRecord>> {
    const check = await this.deps.setAutoRenew.check(input);
    if (!check.ok) return check;
    const record = check.value.toRecord();
    if (record.externalId && record.cancelAtPeriodEnd === input.autoRenew) {
      try {
        await this.deps.gateway.setCancelAtPeriodEnd({ externalId: record.externalId, cancelAtPeriodEnd: !input.autoRenew });
      } catch (error) {
        if (!(error instanceof SubscriptionEndedAtProvider)) throw error;
        await this.deps.recordProviderEnd.execute(input.teamId, error);
        return fail('SUBSCRIPTION.NOT_ACTIVE');
      }
    }
    return this.deps.setAutoRenew.execute(input);
  }
}
