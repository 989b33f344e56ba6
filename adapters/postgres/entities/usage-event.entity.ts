import { defineEntity, p } from '@mikro-orm/core';

// One answered request: who, which seat, which kind. Never any text.
export const UsageEventEntity = defineEntity({
  name: 'UsageEvent',
  tableName: 'usage_events',
  properties: {
    teamId: p.string().length(32).primary(),
    id: p.string().length(64).primary(),
    memberId: p.string().length(32),
    subscriptionId: p.string().length(64).nullable(),
    kind: p.string().length(32),
    occurredAt: p.datetime(),
  },
  indexes: [
    { name: 'usage_events_seat_index', properties: ['teamId', 'subscriptionId', 'memberId', 'occurredAt'] },
    { name: 'usage_events_team_time_index', properties: ['teamId', 'occurredAt'] },
  ],
});
