import type { JobPayload } from '../../../core/shared/job-queue.port';

/** A no-op job that proves the queue loop end to end (sent by tests and by operators). */
export async function pingJob(payload: JobPayload): Promise<{ pong: true; echo: JobPayload }> {
  return { pong: true, echo: payload };
}
