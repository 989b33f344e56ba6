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
  /** Forgets ids recorded before `before` (senders stop retrying after hours); returns how many. */
  purgeBefore(before: Date): Promise<number>;
}
