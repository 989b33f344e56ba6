import type { Outcome } from '../shared/domain-error';
import type { PaymentGateway } from './payment-gateway.port';
import type { AutoRenewInput, SetAutoRenew } from './set-auto-renew.use-case';
import type { SubscriptionRecord } from './subscription';

/**
 * The auto-renew toggle of a paid subscription: the provider is told first (cancel at period
 * end on or off), then the row follows. A refusal or outage leaves the row as it was.
 */
export class SetPaidAutoRenew {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'setCancelAtPeriodEnd'>;
      readonly setAutoRenew: SetAutoRenew;
    },
  ) {}

  async execute(input: AutoRenewInput): Promise<Outcome<SubscriptionRecord>> {
    const check = await this.deps.setAutoRenew.check(input);
    if (!check.ok) return check;
    const record = check.value.toRecord();
    if (record.externalId && record.cancelAtPeriodEnd === input.autoRenew) {
      await this.deps.gateway.setCancelAtPeriodEnd({ externalId: record.externalId, cancelAtPeriodEnd: !input.autoRenew });
    }
    return this.deps.setAutoRenew.execute(input);
  }
}
