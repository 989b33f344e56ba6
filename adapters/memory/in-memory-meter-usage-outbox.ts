import type { CustomerRepository } from '../../core/billing/customer-repository.port';
import type { MeterUsageOutbox, MeterUsageReport, PendingMeterUsage } from '../../core/billing/meter-usage-outbox.port';
import type { SubscriptionRepository } from '../../core/billing/subscription-repository.port';
import type { UsageEventRecord } from '../../core/usage/usage-event';

/** The outbox over in-memory repositories: `usageEvents` lists every recorded usage event. */
export class InMemoryMeterUsageOutbox implements MeterUsageOutbox {
  private readonly reported = new Map<string, MeterUsageReport & { at: Date }>();

  constructor(
    private readonly sources: {
      readonly usageEvents: () => readonly UsageEventRecord[];
      readonly subscriptions: SubscriptionRepository;
      readonly customers: CustomerRepository;
    },
  ) {}

  async listUnreported(limit: number, since: Date): Promise<PendingMeterUsage[]> {
    const events = this.sources.usageEvents()
      .filter((e) => e.occurredAt.getTime() >= since.getTime() && e.subscriptionId && !this.reported.has(key(e.teamId, e.id)))
      .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.teamId.localeCompare(b.teamId) || a.id.localeCompare(b.id));
    const pending: PendingMeterUsage[] = [];
    for (const event of events) {
      if (pending.length >= limit) break;
      const subscription = await this.sources.subscriptions.findById(event.teamId, event.subscriptionId ?? '');
      const customer = await this.sources.customers.find(event.teamId);
      if (!subscription || !customer || subscription.kind !== 'paid' || subscription.billingMode !== 'pay_as_you_go') continue;
      if (subscription.planKey === 'free') continue;
      pending.push({
        teamId: event.teamId,
        usageEventId: event.id,
        customerId: customer.externalCustomerId,
        planKey: subscription.planKey,
        occurredAt: new Date(event.occurredAt),
      });
    }
    return pending;
  }

  async markReported(reports: readonly MeterUsageReport[], at: Date): Promise<void> {
    for (const report of reports) {
      const k = key(report.teamId, report.usageEventId);
      if (!this.reported.has(k)) this.reported.set(k, { ...report, at });
    }
  }
}

function key(teamId: string, usageEventId: string): string {
  return `${teamId}\u0000${usageEventId}`;
}
