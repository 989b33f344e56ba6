import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { ReportMeterUsage } from '../../../core/billing/report-meter-usage.use-case';

/** Batches per run; a larger backlog continues on the next run (every minute). */
const MAX_BATCHES_PER_RUN = 20;

/**
 * Reports answered pay-as-you-go requests to Stripe as meter events, batch by batch. When Stripe
 * could not take some (outage, rate limit) the job fails after recording what went through, so
 * the queue retries it; identifiers are stable, so nothing is counted twice or lost.
 */
export function billingMeterEventsJob(deps: { report: ReportMeterUsage | null; logger: Logger }): JobHandler {
  return async () => {
    if (!deps.report) return { status: 'billing_off' };
    let accepted = 0;
    let rejected = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const result = await deps.report.execute();
      accepted += result.accepted;
      rejected += result.rejected;
      if (result.rejected > 0) deps.logger.error({ rejected: result.rejected }, 'Stripe refused meter events; they will not be billed');
      if (result.retryable > 0) {
        throw new Error(`${result.retryable} meter events not accepted by Stripe yet (${accepted} sent); retrying`);
      }
      if (!result.more) break;
    }
    return { status: 'done', accepted, rejected };
  };
}
