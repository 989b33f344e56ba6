import type { ProcessedEvent, ProcessedEventLog } from '../../core/shared/processed-event-log.port';

export class InMemoryProcessedEventLog implements ProcessedEventLog {
  private readonly seen = new Map<string, Date>();

  async markProcessed(event: ProcessedEvent, at: Date): Promise<boolean> {
    if (this.seen.has(event.eventId)) return false;
    this.seen.set(event.eventId, at);
    return true;
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
