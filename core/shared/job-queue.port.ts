/**
 * Background work. Payloads carry ids only, never message or prompt text
 * (Tomo's HIPAA statement): a job names what to load, the worker loads it.
 */
export type JobPayload = Record<string, string | number | boolean | null>;

export interface SendJobOptions {
  /** A key that makes a second send of the same job a no-op (e.g. a Slack event id). */
  dedupeKey?: string;
  /** Seconds to wait before the job becomes available. */
  startAfterSeconds?: number;
  retryLimit?: number;
}

export interface JobQueue {
  /** Resolves to the job id, or null when a job with the same dedupe key exists. */
  send(name: string, payload: JobPayload, options?: SendJobOptions): Promise<string | null>;
  /**
   * Several jobs of one queue in one round trip (one insert, one commit), for high-rate
   * ingress; jobs whose dedupe key exists already are skipped. Dedupe keys must be distinct.
   */
  sendMany(name: string, jobs: readonly { payload: JobPayload; dedupeKey?: string }[]): Promise<void>;
  /**
   * The job sent with this dedupe key gave up (its retries exhausted): run it once more. Resolves
   * to false when there is no such failed job (none, still pending, or completed).
   */
  retryFailed(name: string, dedupeKey: string): Promise<boolean>;
}
