import type { QueueDefinition } from '../../adapters/queue/pg-boss-job-queue';

/** Every queue Tomo uses. The server sends to them; the worker works them. */
export const QUEUES = {
  ping: { name: 'ping', retryLimit: 0 },
} satisfies Record<string, QueueDefinition>;

export const ALL_QUEUES: QueueDefinition[] = Object.values(QUEUES);
