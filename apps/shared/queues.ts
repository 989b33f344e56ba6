import type { QueueDefinition } from '../../adapters/queue/pg-boss-job-queue';
import { KNOWLEDGE_QUEUES } from './knowledge-jobs';
import { SLACK_QUEUES } from './slack-jobs';

/** Every queue Tomo uses. The server sends to them; the worker works them. */
export const QUEUES = {
  ping: { name: 'ping', retryLimit: 0 },
  /** A verified Stripe webhook event (ids only), applied one at a time so re-reads never race. */
  billingWebhook: { name: 'billing-webhook', retryLimit: 10, retryDelaySeconds: 5, policy: 'singleton', pollingIntervalSeconds: 0.5 },
  /** Pay-as-you-go answers reported to Stripe in batches; every minute, retried while Stripe is down. */
  billingMeterEvents: { name: 'billing-meter-events', retryLimit: 8, retryDelaySeconds: 2, policy: 'stately', cron: '* * * * *', pollingIntervalSeconds: 2 },
  /** Uninstall: every subscription of the workspace canceled at Stripe (payload: teamId). */
  billingCancelWorkspace: { name: 'billing-cancel-workspace', retryLimit: 10, retryDelaySeconds: 10, pollingIntervalSeconds: 5 },
  /** Daily clean-up of expired sessions and old delivery ids (03:17 UTC). */
  housekeeping: { name: 'housekeeping', retryLimit: 2, policy: 'stately', cron: '17 3 * * *' },
  /** Slack: answers to mentions, DMs and thread follow-ups; uninstalls (apps/shared/slack-jobs.ts). */
  ...SLACK_QUEUES,
  /** Knowledge: uploaded pages, PDFs and repositories read, split, embedded and stored (apps/shared/knowledge-jobs.ts). */
  ...KNOWLEDGE_QUEUES,
} satisfies Record<string, QueueDefinition>;

export const ALL_QUEUES: QueueDefinition[] = Object.values(QUEUES);
