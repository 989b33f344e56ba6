import { defineEntity, p } from '@mikro-orm/core';

export const SubscriptionEntity = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  properties: {
    id: p.string().length(64).primary(),
    teamId: p.string().length(32),
    kind: p.string().length(16),
    planKey: p.string().length(32),
    interval: p.string().length(16).nullable(),
    billingMode: p.string().length(32).nullable(),
    status: p.string().length(16),
    quantity: p.integer(),
    currentPeriodStart: p.datetime(),
    currentPeriodEnd: p.datetime(),
    cancelAtPeriodEnd: p.boolean(),
    canceledAt: p.datetime().nullable(),
    /** Why a paused subscription is paused (core PauseReason); null: not known (a trial that ended without a payment method). */
    pauseReason: p.string().length(16).nullable(),
    externalId: p.string().nullable().unique(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'subscriptions_team_created_index', properties: ['teamId', 'createdAt'] }],
});
