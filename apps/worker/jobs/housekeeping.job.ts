import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { Housekeeping } from '../../../core/workspace/housekeeping.use-case';

/** The daily clean-up job: logs how many rows it removed (counts only). */
export function housekeepingJob(deps: { housekeeping: Housekeeping; logger: Logger }): JobHandler {
  return async () => {
    const result = await deps.housekeeping.run();
    deps.logger.info(result, 'housekeeping done');
    return result;
  };
}
