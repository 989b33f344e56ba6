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
    /** The request the entitlement check held for this answer: counted now, no longer held. */
    readonly reservationId?: string;
    /**
     * When the request was allowed (`EntitlementGrant.allowedAt`): it counts in that month,
     * whose limit it was checked against, though answered later. Default: now.
     */
    readonly askedAt?: Date;
  }): Promise<UsageEventRecord> {
    const { reservationId, askedAt, ...counted } = input;
    const event: UsageEventRecord = { id: this.deps.ids.next(), ...counted, occurredAt: askedAt ?? this.deps.clock.now() };
    await this.deps.usage.record(input.teamId, event, reservationId);
    return event;
  }

  /** Gives back a request held for an answer that was not given (it failed, or nothing was said). */
  async release(teamId: TeamId, reservationId: string): Promise<void> {
    await this.deps.usage.release(teamId, reservationId);
  }
}
