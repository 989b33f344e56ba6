import type { TeamId } from './ids';

export interface ProcessedEvent {
  /** The sender's delivery id (Slack `event_id`, Stripe `evt_…`). */
  readonly eventId: string;
  /** The workspace it concerns, when known. */
  readonly teamId: TeamId | null;
  /** The sender's event type (e.g. `app_mention`, `invoice.paid`), when known. */
  readonly type: string | null;
}

/**
 * Webhooks are delivered at least once (Slack retries with X-Slack-Retry-Num, Stripe
 * re-sends). The log remembers handled ids so a repeat does nothing. One log per sender.
 */
export interface ProcessedEventLog {
  /** true the first time an id is seen, false for every repeat, also when repeats race. */
  markProcessed(event: ProcessedEvent, at: Date): Promise<boolean>;
  /**
   * Lets a claimed id be claimed again: what it stood for did not happen (a reaction's answer
   * refused to its reactor only, so the next person's same emoji is still answered). Inside a
   * delivering job, once its delivery is whole: a retry of an attempt that died still finds what
   * that attempt showed.
   */
  release(eventId: string): Promise<void>;
  /** Forgets ids recorded before `before` (senders stop retrying after hours); returns how many. */
  purgeBefore(before: Date): Promise<number>;
}
