import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { JobPayload } from '../../../core/shared/job-queue.port';
import { isTokenDead } from '../../../core/assistant/chat-platform-error';

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
      if (isTokenDead(error)) {
        // The workspace removed Tomo (or its token was revoked) and Slack's app_uninstalled is
        // not handled yet: every retry would call Slack with the dead token again. The job ends
        // here; the uninstall event does the rest (token forgotten, subscriptions canceled).
        const { platformCode, method } = error;
        deps.logger.warn({ ...ids, platformCode, method, ms: Math.round(performance.now() - started) }, `${deps.name} job stopped: Slack token no longer valid`);
        return { status: 'failed', reason: 'token_revoked', ...(platformCode === undefined ? {} : { errorCode: platformCode }) };
      }
      // Delivering queues retry; the delivery record (ADR 33) keeps a retry from answering twice.
      deps.logger.error({ ...ids, err: error, ms: Math.round(performance.now() - started) }, `${deps.name} job failed`);
      throw error;
    }
  };
}
