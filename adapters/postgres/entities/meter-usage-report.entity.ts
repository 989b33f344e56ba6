import { defineEntity, p } from '@mikro-orm/core';

// Which answered pay-as-you-go requests (usage events) were reported to the payment provider as
// meter events, and how it answered. Ids and outcome only.
export const MeterUsageReportEntity = defineEntity({
  name: 'MeterUsageReport',
  tableName: 'meter_usage_reports',
  properties: {
    teamId: p.string().length(32).primary(),
    usageEventId: p.string().length(64).primary(),
    outcome: p.string().length(16),
    reason: p.string().length(255).nullable(),
    reportedAt: p.datetime().index(),
  },
});
