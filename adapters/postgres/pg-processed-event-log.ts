import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProcessedWebhookEventLog } from '../../core/billing/apply-stripe-event.use-case';
import type { ProcessedEvent, ProcessedEventLog } from '../../core/shared/processed-event-log.port';
import { ProcessedSlackEventEntity, ProcessedStripeEventEntity } from './entities/processed-event.entity';

const ENTITIES = { slack: ProcessedSlackEventEntity, stripe: ProcessedStripeEventEntity } as const;

/**
 * `new PgProcessedEventLog(orm, 'slack')` or `'stripe'`: one table per sender. Also serves
 * billing's check-then-record log (has / record), used by ApplyStripeEvent.
 */
export class PgProcessedEventLog implements ProcessedEventLog, ProcessedWebhookEventLog {
  constructor(
    private readonly orm: MikroORM,
    private readonly sender: keyof typeof ENTITIES,
  ) {}

  async markProcessed(event: ProcessedEvent, at: Date): Promise<boolean> {
    // insert … on conflict do nothing: of two racing deliveries exactly one inserts.
    const table = this.orm.getMetadata().get(ENTITIES[this.sender]).tableName;
    const inserted = await this.orm.em.getConnection().execute<{ event_id: string }[]>(
      `insert into "${table}" (event_id, team_id, type, processed_at) values (?, ?, ?, ?)
       on conflict (event_id) do nothing returning event_id`,
      [event.eventId, event.teamId, event.type, at],
    );
    return inserted.length === 1;
  }

  async has(eventId: string): Promise<boolean> {
    return (await this.orm.em.fork().count(ENTITIES[this.sender], { eventId })) > 0;
  }

  /** Idempotent: recording an id twice keeps the first record. */
  async record(eventId: string, processedAt: Date): Promise<void> {
    await this.markProcessed({ eventId, teamId: null, type: null }, processedAt);
  }

  async purgeBefore(before: Date): Promise<number> {
    return this.orm.em.fork().nativeDelete(ENTITIES[this.sender], { processedAt: { $lt: before } });
  }
}
