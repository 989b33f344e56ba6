import type { MikroORM } from '@mikro-orm/postgresql';
import type { MeterUsageOutbox, MeterUsageReport, PendingMeterUsage } from '../../core/billing/meter-usage-outbox.port';
import type { PaidPlanKey } from '../../core/billing/plan';

interface PendingRow {
  team_id: string;
  id: string;
  occurred_at: Date | string;
  external_customer_id: string;
  plan_key: string;
}

/**
 * Usage events are the source of pay-as-you-go billing; `meter_usage_reports` remembers which
 * were reported. Listing is an anti-join, so an answer recorded by any process is picked up
 * without the answer pipeline knowing about billing.
 */
export class PgMeterUsageOutbox implements MeterUsageOutbox {
  constructor(private readonly orm: MikroORM) {}

  async listUnreported(limit: number, since: Date): Promise<PendingMeterUsage[]> {
    const rows = await this.orm.em.getConnection().execute<PendingRow[]>(
      `select u.team_id, u.id, u.occurred_at, c.external_customer_id, s.plan_key
         from usage_events u
         join subscriptions s on s.team_id = u.team_id and s.id = u.subscription_id
         join customers c on c.team_id = u.team_id
        where s.kind = 'paid' and s.billing_mode = 'pay_as_you_go' and u.occurred_at >= ?
          and not exists (
            select 1 from meter_usage_reports r where r.team_id = u.team_id and r.usage_event_id = u.id)
        order by u.occurred_at, u.team_id, u.id
        limit ?`,
      [since, limit],
    );
    return rows.map((row) => ({
      teamId: row.team_id,
      usageEventId: row.id,
      customerId: row.external_customer_id,
      planKey: row.plan_key as PaidPlanKey,
      occurredAt: new Date(row.occurred_at),
    }));
  }

  async markReported(reports: readonly MeterUsageReport[], at: Date): Promise<void> {
    if (reports.length === 0) return;
    const values = reports.map(() => '(?, ?, ?, ?, ?)').join(', ');
    await this.orm.em.getConnection().execute(
      `insert into meter_usage_reports (team_id, usage_event_id, outcome, reason, reported_at) values ${values}
       on conflict (team_id, usage_event_id) do nothing`,
      reports.flatMap((r) => [r.teamId, r.usageEventId, r.outcome, r.reason?.slice(0, 255) ?? null, at]),
    );
  }
}
