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

// One request being answered now, held against its seat's monthly limit until the answer is
// counted (a usage event with the same id) or fails; `expiresAt` frees what a crash left.
export const UsageReservationEntity = defineEntity({
  name: 'UsageReservation',
  tableName: 'usage_reservations',
  properties: {
    teamId: p.string().length(32).primary(),
    id: p.string().length(64).primary(),
    subscriptionId: p.string().length(64),
    memberId: p.string().length(32),
    expiresAt: p.datetime(),
    /** When the request was allowed: it holds a request of that month only. */
    reservedAt: p.datetime(),
  },
  indexes: [{ name: 'usage_reservations_seat_index', properties: ['teamId', 'subscriptionId', 'memberId'] }],
});
