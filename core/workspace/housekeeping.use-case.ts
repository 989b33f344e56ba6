import type { AssistantThreadRepository } from '../assistant/assistant-thread';
import type { AutoReplyCounter } from '../auto-replies/auto-reply-loop-guard';
import type { Clock } from '../shared/clock.port';
import type { TriggerInputStash } from '../triggers/trigger-input-stash.port';
import type { ProcessedEventLog } from '../shared/processed-event-log.port';
import type { SessionStore } from './session-store.port';

/** Slack retries for minutes and Stripe for up to three days; a week covers both. */
export const PROCESSED_EVENT_RETENTION_DAYS = 7;

/** Sealed workflow inputs nobody took within this long are deleted (a worker takes them in seconds). */
export const TRIGGER_INPUT_RETENTION_MS = 15 * 60_000;
/** The auto-reply loop guard counts by hour; two days of hours is plenty. */
const AUTO_REPLY_COUNT_RETENTION_DAYS = 2;
/** An AI-app thread untouched this long forgets which channel it was looking at. */
const ASSISTANT_THREAD_RETENTION_DAYS = 90;

export interface HousekeepingResult {
  expiredSessions: number;
  processedEvents: number;
  /** Rows of trigger state removed: stale workflow inputs, old loop-guard counts, forgotten AI-app threads. */
  triggerState?: number;
}

/** The triggers' short-lived state. */
export interface TriggerStateStores {
  readonly stash: TriggerInputStash;
  readonly autoReplyCounts: AutoReplyCounter;
  readonly assistantThreads: Pick<AssistantThreadRepository, 'purgeBefore'>;
}



/**
 * Daily clean-up: sessions past their expiry (already refused at sign-in checks) and
 * delivery ids older than any provider would still retry.
 */
export class Housekeeping {
  constructor(
    private readonly deps: { clock: Clock; sessions: SessionStore; eventLogs: ProcessedEventLog[]; triggerState?: TriggerStateStores },
  ) {}

  async run(): Promise<HousekeepingResult> {
    const now = this.deps.clock.now();
    const cutoff = new Date(now.getTime() - PROCESSED_EVENT_RETENTION_DAYS * 86_400_000);
    const expiredSessions = await this.deps.sessions.purgeExpired(now);
    let processedEvents = 0;
    for (const log of this.deps.eventLogs) processedEvents += await log.purgeBefore(cutoff);
    const state = this.deps.triggerState;
    if (!state) return { expiredSessions, processedEvents };
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const triggerState =
      (await state.stash.purgeBefore(new Date(now.getTime() - TRIGGER_INPUT_RETENTION_MS))) +
      (await state.autoReplyCounts.purgeBefore(daysAgo(AUTO_REPLY_COUNT_RETENTION_DAYS))) +
      (await state.assistantThreads.purgeBefore(daysAgo(ASSISTANT_THREAD_RETENTION_DAYS)));
    return { expiredSessions, processedEvents, triggerState };
  }
}
