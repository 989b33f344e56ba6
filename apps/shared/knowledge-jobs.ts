import { z } from 'zod';
import type { QueueDefinition } from '../../adapters/queue/pg-boss-job-queue';

/**
 * Knowledge ingestion (payload: team and source ids only). Retried with backoff while the
 * embeddings service or the site is down; a rerun starts the source over cleanly. Long sources
 * (a 200-page PDF, a repository) get half an hour before pg-boss hands the job to another worker.
 */
export const KNOWLEDGE_QUEUES = {
  knowledgeIngest: { name: 'knowledge-ingest', retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 1_800, pollingIntervalSeconds: 2 },
} satisfies Record<string, QueueDefinition>;

export const knowledgeIngestJob = z.object({ teamId: z.string().min(1).max(32), sourceId: z.uuid() });
export type KnowledgeIngestJob = z.infer<typeof knowledgeIngestJob>;
