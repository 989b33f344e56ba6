import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import type { UsageEventRecord, UsageKind } from './usage-event';
import type { UsageEventRepository } from './usage-event-repository.port';

/** One count per answered request per seat, by kind; no text is kept. */
export class RecordUsage {
  constructor(
    private readonly deps: { readonly usage: UsageEventRepository; readonly clock: Clock; readonly ids: IdGenerator },
  ) {}

  async execute(input: {
    readonly teamId: TeamId;
    readonly memberId: UserId;
    readonly subscriptionId: SubscriptionId | null;
    readonly kind: UsageKind;
  }): Promise<UsageEventRecord> {
    const event: UsageEventRecord = { id: this.deps.ids.next(), ...input, occurredAt: this.deps.clock.now() };
    await this.deps.usage.record(input.teamId, event);
    return event;
  }
}
