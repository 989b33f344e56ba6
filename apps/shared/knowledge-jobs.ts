import { z } from 'zod';
import type { QueueDefinition } from '../../adapters/queue/pg-boss-job-queue';
import { DEFAULT_ANSWER_HEARTBEAT_SECONDS } from './slack-jobs';

/**
 * Knowledge ingestion (payload: team and source ids only). Retried with backoff while the
 * embeddings service or the site is down; a rerun starts the source over cleanly. Long sources
 * (a 200-page PDF, a repository) get half an hour; a worker that dies meanwhile (killed, out of
 * memory) stops its job's heartbeat, and pg-boss hands the job to another worker after
 * its heartbeat (ANSWER_HEARTBEAT_SECONDS, 30 s by default, like the answer queues) and
 * the retry delay, not after the half hour.
 */
export const KNOWLEDGE_QUEUES = {
  knowledgeIngest: { name: 'knowledge-ingest', retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 1_800, heartbeatSeconds: DEFAULT_ANSWER_HEARTBEAT_SECONDS, pollingIntervalSeconds: 2 },
  /**
   * The terms of passages stored before the keyword side, hashed (ADR 96; empty payload): sent at
   * each worker start, one run at a time and one waiting (`stately`), each run a few short batches
   * that then sends the next run while passages remain. Resumes from the table (terms null), so a
   * run killed (its heartbeat lapses) or stopped loses nothing; a run finding nothing to hash ends at once.
   */
  knowledgeTerms: { name: 'knowledge-terms', retryLimit: 10, retryDelaySeconds: 60, expireInSeconds: 600, heartbeatSeconds: DEFAULT_ANSWER_HEARTBEAT_SECONDS, policy: 'stately', atStart: true },
} satisfies Record<string, QueueDefinition>;

export const knowledgeIngestJob = z.object({ teamId: z.string().min(1).max(32), sourceId: z.uuid() });
export type KnowledgeIngestJob = z.infer<typeof knowledgeIngestJob>;
