import { defineEntity, p } from '@mikro-orm/core';

export const SubscriptionEntity = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  properties: {
    id: p.string().length(64).primary(),
    teamId: p.string().length(32).index(),
    customerId: p.string().length(64).nullable(),
    stripeSubscriptionId: p.string().length(255).nullable().unique(),
    plan: p.string().length(32),
    billingPeriod: p.string().length(16).nullable(),
    modelId: p.string().length(64),
    status: p.string().length(32),
    seats: p.integer(),
    trialEndsAt: p.datetime().nullable(),
    currentPeriodStart: p.datetime().nullable(),
    currentPeriodEnd: p.datetime().nullable(),
    cancelAtPeriodEnd: p.boolean().default(false),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
