import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { JobPayload } from '../../../core/shared/job-queue.port';

/**
 * A trigger's job: its ids-only payload parsed, its use case run, and one log line with ids,
 * outcome and counts. What the handler returns is stored by pg-boss as the job's output, so
 * use cases return ids, statuses and counts only, never text.
 */
export function triggerJob<T>(deps: {
  readonly name: string;
  readonly logger: Logger;
  parse(payload: JobPayload): T | null;
  run(input: T): Promise<object>;
  /** What identifies the job in the log (ids, no text). */
  ids(input: T): Record<string, unknown>;
}): JobHandler {
  return async (payload) => {
    const input = deps.parse(payload);
    if (input === null) {
      deps.logger.error({ job: deps.name, eventId: payload.eventId, teamId: payload.teamId }, 'malformed job dropped');
      return { status: 'malformed' };
    }
    const ids = { job: deps.name, ...deps.ids(input) };
    const started = performance.now();
    try {
      const result = await deps.run(input);
      deps.logger.info({ ...ids, ...result, ms: Math.round(performance.now() - started) }, `${deps.name} job done`);
      return result;
    } catch (error) {
      // Delivering queues retry; the delivery record (ADR 33) keeps a retry from answering twice.
      deps.logger.error({ ...ids, err: error, ms: Math.round(performance.now() - started) }, `${deps.name} job failed`);
      throw error;
    }
  };
}
