import type { Logger } from '../../../adapters/logging/logger';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import type { PgKnowledgeTermsBackfill } from '../../../adapters/vector/knowledge-terms-backfill';
import type { JobQueue } from '../../../core/shared/job-queue.port';
import { KNOWLEDGE_QUEUES } from '../../shared/knowledge-jobs';

/**
 * Passages hashed per transaction, their rows locked meanwhile (only a removal of their source
 * waits): about 1 s for English and 10 s for Japanese ones on the loaded shared machine (ADR 96).
 */
export const TERMS_BATCH = 200;
/** Batches per run, so that a run stays short and a stopping worker rarely leaves one behind. */
export const TERMS_BATCHES_PER_RUN = 5;

/**
 * One run of the terms backfill (ADR 96, 98): batches of passages without terms, or with terms of
 * an older version (before stemming), hashed until none is left to take or the run's share is
 * done, then the next run queued. Output and log: counts only.
 */
export function knowledgeTermsJob(deps: { backfill: Pick<PgKnowledgeTermsBackfill, 'hashBatch'>; queue: Pick<JobQueue, 'send'>; logger: Logger }): JobHandler {
  return async () => {
    let hashed = 0;
    for (let batch = 0; batch < TERMS_BATCHES_PER_RUN; batch += 1) {
      const done = await deps.backfill.hashBatch(TERMS_BATCH);
      hashed += done;
      // Fewer than asked: none left, or the rest is being hashed by another run (locked rows).
      if (done < TERMS_BATCH) {
        if (hashed > 0) deps.logger.info({ job: 'knowledge-terms', hashed }, 'knowledge passages hashed; none left');
        return { hashed, more: false };
      }
    }
    await deps.queue.send(KNOWLEDGE_QUEUES.knowledgeTerms.name, {});
    deps.logger.info({ job: 'knowledge-terms', hashed }, 'knowledge passages hashed; more queued');
    return { hashed, more: true };
  };
}
