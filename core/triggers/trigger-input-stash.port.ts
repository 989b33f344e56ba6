import type { TeamId } from '../shared/ids';

/**
 * Text Slack delivers only once, inside the event (a workflow step's prompt), handed from the
 * server that received it to the worker that answers: sealed at rest, taken (and deleted) by
 * the worker, purged after a short time if no worker took it. Job payloads stay ids only.
 */
export interface TriggerInputStash {
  /** Stores the values once per key: a second put (Slack retrying the event) changes nothing, also after a take. */
  put(teamId: TeamId, key: string, values: Readonly<Record<string, string>>, at: Date): Promise<void>;
  /**
   * The values, erased in the same step (inside a delivering job: once its delivery is whole,
   * so a retry of a dead attempt reads them again); null when already taken or never stored.
   */
  take(teamId: TeamId, key: string): Promise<Record<string, string> | null>;
  /** Forgets keys (taken or not) stored before `before`. */
  purgeBefore(before: Date): Promise<number>;
}
