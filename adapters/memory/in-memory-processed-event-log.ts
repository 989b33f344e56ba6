import type { ProcessedWebhookEventLog } from '../../core/billing/apply-stripe-event.use-case';
import type { ProcessedEvent, ProcessedEventLog } from '../../core/shared/processed-event-log.port';

export class InMemoryProcessedEventLog implements ProcessedEventLog, ProcessedWebhookEventLog {
  private readonly seen = new Map<string, Date>();

  async markProcessed(event: ProcessedEvent, at: Date): Promise<boolean> {
    if (this.seen.has(event.eventId)) return false;
    this.seen.set(event.eventId, at);
    return true;
  }

  async release(eventId: string): Promise<void> {
    this.seen.delete(eventId);
  }

  async has(eventId: string): Promise<boolean> {
    return this.seen.has(eventId);
  }

  async record(eventId: string, processedAt: Date): Promise<void> {
    if (!this.seen.has(eventId)) this.seen.set(eventId, processedAt);
  }

  async purgeBefore(before: Date): Promise<number> {
    let purged = 0;
    for (const [id, at] of this.seen) {
      if (at.getTime() < before.getTime()) {
        this.seen.delete(id);
        purged += 1;
      }
    }
    return purged;
  }
}
