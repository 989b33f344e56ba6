import type { Clock } from '../shared/clock.port';
import type { ProcessedEventLog } from '../shared/processed-event-log.port';
import type { SessionStore } from './session-store.port';

/** Slack retries for minutes and Stripe for up to three days; a week covers both. */
export const PROCESSED_EVENT_RETENTION_DAYS = 7;

export interface HousekeepingResult {
  expiredSessions: number;
  processedEvents: number;
}

/**
 * Daily clean-up: sessions past their expiry (already refused at sign-in checks) and
 * delivery ids older than any provider would still retry.
 */
export class Housekeeping {
  constructor(
    private readonly deps: { clock: Clock; sessions: SessionStore; eventLogs: ProcessedEventLog[] },
  ) {}

  async run(): Promise<HousekeepingResult> {
    const now = this.deps.clock.now();
    const cutoff = new Date(now.getTime() - PROCESSED_EVENT_RETENTION_DAYS * 86_400_000);
    const expiredSessions = await this.deps.sessions.purgeExpired(now);
    let processedEvents = 0;
    for (const log of this.deps.eventLogs) processedEvents += await log.purgeBefore(cutoff);
    return { expiredSessions, processedEvents };
  }
}
