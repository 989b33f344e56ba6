/**
 * The attempt of a background job a use case runs in, as far as its retries go: a use case whose
 * failure cannot be taken back (a workflow step's completion) lets a passing failure fail the job,
 * to be retried, and says something final only when no retry follows.
 */
export interface JobAttempt {
  /** This attempt, or null outside a job (nothing will retry it). */
  current(): JobAttemptInfo | null;
}

export interface JobAttemptInfo {
  /** Retries the queue still makes if this attempt fails (0: the last attempt). */
  readonly retriesLeft: number;
  /** When the job's first attempt claimed its delivery (a retry keeps that time); null when not known. */
  readonly firstClaimedAt: Date | null;
}
