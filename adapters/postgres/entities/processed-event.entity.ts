import { defineEntity, p } from '@mikro-orm/core';

// Slack retries deliveries (X-Slack-Retry-Num) and Stripe re-sends webhooks; each delivery id
// is recorded once so a repeat is a no-op. Ids and types only.
export const ProcessedSlackEventEntity = defineEntity({
  name: 'ProcessedSlackEvent',
  tableName: 'processed_slack_events',
  properties: {
    eventId: p.string().length(64).primary(),
    teamId: p.string().length(32).nullable(),
    type: p.string().length(128).nullable(),
    processedAt: p.datetime().index(),
    /** Delivery record (ADR 33): the job attempt holding the claim, whether it finished, what it posted. */
    attempt: p.integer().default(0),
    done: p.boolean().default(true),
    messages: p.json<{ channel: string; ts: string }[]>().default('[]'),
    /** The job holding the delivery: only its own later attempts take it over (null: claimed before this was kept). */
    jobId: p.string().length(64).nullable(),
  },
});

export const ProcessedStripeEventEntity = defineEntity({
  name: 'ProcessedStripeEvent',
  tableName: 'processed_stripe_events',
  properties: {
    eventId: p.string().length(255).primary(),
    teamId: p.string().length(32).nullable(),
    type: p.string().length(128).nullable(),
    processedAt: p.datetime().index(),
  },
});
