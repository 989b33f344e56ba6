import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { ApplyStripeEvent } from '../../../core/billing/apply-stripe-event.use-case';
import { webhookEventFromJob } from '../../shared/billing-jobs';

/**
 * Applies one verified Stripe event: the subscription is re-read from Stripe and written to the
 * rows (ApplyStripeEvent, deduplicated by event id). A thrown error (Stripe or the database
 * down) fails the job and the queue retries it.
 */
export function billingWebhookJob(deps: { apply: ApplyStripeEvent | null; logger: Logger }): JobHandler {
  return async (payload) => {
    const event = webhookEventFromJob(payload);
    if (!event) {
      deps.logger.error({ eventId: payload.eventId }, 'malformed billing webhook job dropped');
      return { status: 'malformed' };
    }
    if (!deps.apply) {
      deps.logger.warn({ eventId: event.id }, 'billing webhook job skipped: STRIPE_SECRET_KEY is not set');
      return { status: 'billing_off' };
    }
    const result = await deps.apply.execute(event);
    const canceledAfterUninstall = result.status === 'applied' && result.canceledAfterUninstall === true;
    deps.logger.info(
      { eventId: event.id, type: event.type, status: result.status, ...('reason' in result ? { reason: result.reason } : {}), ...(canceledAfterUninstall ? { canceledAfterUninstall } : {}) },
      canceledAfterUninstall ? 'billing webhook applied: subscription canceled, the workspace had uninstalled Tomo' : 'billing webhook applied',
    );
    return { status: result.status, ...('reason' in result ? { reason: result.reason } : {}) };
  };
}
