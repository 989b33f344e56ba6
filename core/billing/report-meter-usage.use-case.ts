import type { Clock } from '../shared/clock.port';
import { addDays } from '../shared/time';
import type { MeterUsageOutbox, MeterUsageReport, PendingMeterUsage } from './meter-usage-outbox.port';
import type { PaymentGateway } from './payment-gateway.port';

/** Stripe accepts meter events up to 35 days old; older usage cannot be billed any more. */
export const METER_EVENT_MAX_AGE_DAYS = 35;
export const METER_BATCH_SIZE = 100;

export interface MeterBatchResult {
  readonly accepted: number;
  readonly rejected: number;
  /** Not sent because the provider could not be reached; they stay pending for a retry. */
  readonly retryable: number;
  /** The batch was full: more may be waiting. */
  readonly more: boolean;
}

/** The meter identifier of an answered request: stable, so a resent event is counted once. */
export function meterIdentifier(usage: Pick<PendingMeterUsage, 'teamId' | 'usageEventId'>): string {
  return `tomo:${usage.teamId}:${usage.usageEventId}`;
}

/**
 * Reports one batch of answered pay-as-you-go requests to the provider (one response each).
 * Accepted and permanently refused events are recorded; events that failed for a passing
 * reason (outage, rate limit) stay pending and are sent again with the same identifier.
 */
export class ReportMeterUsage {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'reportMeterEvents'>;
      readonly outbox: MeterUsageOutbox;
      readonly clock: Clock;
    },
  ) {}

  async execute(batchSize = METER_BATCH_SIZE): Promise<MeterBatchResult> {
    const now = this.deps.clock.now();
    const pending = await this.deps.outbox.listUnreported(batchSize, addDays(now, -(METER_EVENT_MAX_AGE_DAYS - 1)));
    if (pending.length === 0) return { accepted: 0, rejected: 0, retryable: 0, more: false };
    const byIdentifier = new Map(pending.map((usage) => [meterIdentifier(usage), usage]));
    const report = await this.deps.gateway.reportMeterEvents(
      pending.map((usage) => ({
        identifier: meterIdentifier(usage),
        customerId: usage.customerId,
        planKey: usage.planKey,
        value: 1,
        occurredAt: usage.occurredAt,
      })),
    );
    const outcomes: MeterUsageReport[] = [];
    for (const identifier of report.accepted) {
      const usage = byIdentifier.get(identifier);
      if (usage) outcomes.push({ teamId: usage.teamId, usageEventId: usage.usageEventId, outcome: 'accepted', reason: null });
    }
    let retryable = 0;
    for (const failure of report.failed) {
      const usage = byIdentifier.get(failure.identifier);
      if (!usage) continue;
      if (failure.retryable) retryable += 1;
      else outcomes.push({ teamId: usage.teamId, usageEventId: usage.usageEventId, outcome: 'rejected', reason: failure.reason });
    }
    await this.deps.outbox.markReported(outcomes, this.deps.clock.now());
    return {
      accepted: report.accepted.length,
      rejected: outcomes.length - report.accepted.length,
      retryable,
      more: pending.length === batchSize,
    };
  }
}
