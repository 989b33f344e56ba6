import type { JobAttempt, JobAttemptInfo } from '../../core/shared/job-attempt.port';
import { currentJobAttempt } from './job-context';

/**
 * The attempt pg-boss is running, read from its context (job-context.ts): the dispatcher knows the
 * job's retry limit and count, the delivery record when its first attempt claimed it.
 */
export class PgBossJobAttempt implements JobAttempt {
  current(): JobAttemptInfo | null {
    const attempt = currentJobAttempt();
    if (attempt?.retriesLeft === undefined) return null;
    return { retriesLeft: attempt.retriesLeft, firstClaimedAt: attempt.delivery?.firstClaimedAt ?? null };
  }
}
