import { errorMessage } from '../../../adapters/logging/error-content';
import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import { EmbeddingsError } from '../../../core/knowledge/embeddings.port';
import type { IngestSource } from '../../../core/knowledge/ingest-source.use-case';
import { knowledgeIngestJob } from '../../shared/knowledge-jobs';
import { parseJob } from '../../shared/slack-jobs';

/**
 * One uploaded source read, split, embedded and stored. The payload and the job's output are
 * ids, statuses and counts; no text of the source is ever logged or kept in a job row.
 */
export function knowledgeIngestJobHandler(deps: { ingest: Pick<IngestSource, 'execute' | 'giveUp'>; logger: Logger }): JobHandler {
  return async (payload, job) => {
    const input = parseJob(knowledgeIngestJob, payload);
    if (!input) {
      deps.logger.error({ job: 'knowledge-ingest', teamId: payload.teamId }, 'malformed job dropped');
      return { status: 'malformed' };
    }
    const started = performance.now();
    try {
      const result = await deps.ingest.execute(input);
      deps.logger.info({ job: 'knowledge-ingest', ...input, ...result, ms: Math.round(performance.now() - started) }, 'knowledge source ingested');
      return result;
    } catch (error) {
      // Only the error's class and message (ours or the SDK's: never the source's text).
      const err = error instanceof Error ? { type: error.name, message: errorMessage(error).slice(0, 300) } : { type: typeof error };
      if (job?.retriesLeft === 0) {
        // No retry is left: the source fails with the reason rather than reading forever.
        const result = await deps.ingest.giveUp(input, error instanceof EmbeddingsError ? 'embedding_failed' : 'fetch_failed');
        deps.logger.warn({ job: 'knowledge-ingest', ...input, ...result, err, ms: Math.round(performance.now() - started) }, 'knowledge ingestion failed; no retry left');
        return result;
      }
      deps.logger.warn({ job: 'knowledge-ingest', ...input, err, ms: Math.round(performance.now() - started) }, 'knowledge ingestion failed; retried');
      throw error;
    }
  };
}
