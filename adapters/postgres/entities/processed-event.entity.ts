import { defineEntity, p } from '@mikro-orm/core';

// Slack retries deliveries (x-slack-retry-num); the event id is recorded once so a retry is a no-op.
export const ProcessedSlackEventEntity = defineEntity({
  name: 'ProcessedSlackEvent',
  tableName: 'processed_slack_events',
  properties: {
    eventId: p.string().length(64).primary(),
    teamId: p.string().length(32),
    processedAt: p.datetime().index(),
  },
});

// Stripe delivers webhooks at least once; same idea.
export const ProcessedStripeEventEntity = defineEntity({
  name: 'ProcessedStripeEvent',
  tableName: 'processed_stripe_events',
  properties: {
    eventId: p.string().length(255).primary(),
    type: p.string().length(128),
    processedAt: p.datetime().index(),
  },
});
