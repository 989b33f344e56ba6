import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProcessedWebhookEventDetails, ProcessedWebhookEventLog } from '../../core/billing/apply-stripe-event.use-case';
import type { ProcessedEvent, ProcessedEventLog } from '../../core/shared/processed-event-log.port';
import {
  currentJobAttempt,
  DeliveryTakenOverError,
  type Delivered,
  type DeliveryTakeover,
  type JobAttemptContext,
  type ShownEphemeral,
} from '../queue/job-context';
import { ProcessedSlackEventEntity, ProcessedStripeEventEntity } from './entities/processed-event.entity';
import { dateReader, preparedQueries, type PreparedQuery } from './native-pool';

// Both tables share the columns these queries read (Slack's has the delivery columns too).
const ENTITIES = { slack: ProcessedSlackEventEntity as unknown as typeof ProcessedStripeEventEntity, stripe: ProcessedStripeEventEntity } as const;

/**
 * `new PgProcessedEventLog(orm, 'slack')` or `'stripe'`: one table per sender. Also serves
 * billing's check-then-record log (has / record), used by ApplyStripeEvent.
 */
export class PgProcessedEventLog implements ProcessedEventLog, ProcessedWebhookEventLog {
  // Every event and answer claims a key: named statements, without the ORM (ADR 83).
  private readonly query: PreparedQuery;
  private readonly toDate: (value: string | Date) => Date;

  constructor(
    private readonly orm: MikroORM,
    private readonly sender: keyof typeof ENTITIES,
  ) {
    this.query = preparedQueries(orm);
    this.toDate = dateReader(orm);
  }

  async markProcessed(event: ProcessedEvent, at: Date): Promise<boolean> {
    const job = currentJobAttempt();
    if (this.sender === 'slack' && job && !job.delivery) return this.claimDelivery(job, event, at);
    // insert … on conflict do nothing: of two racing deliveries exactly one inserts.
    const table = this.orm.getMetadata().get(ENTITIES[this.sender]).tableName;
    const inserted = await this.query(
      `processed-event-claim-${table}`,
      `insert into "${table}" (event_id, team_id, type, processed_at) values ($1, $2, $3, $4)
       on conflict (event_id) do nothing returning event_id`,
      [event.eventId, event.teamId, event.type, at],
    );
    return inserted.length === 1;
  }

  async release(eventId: string): Promise<void> {
    const table = this.orm.getMetadata().get(ENTITIES[this.sender]).tableName;
    const forget = () => this.query(`processed-event-release-${table}`, `delete from "${table}" where event_id = $1`, [eventId]);
    // The job's own delivery record stays until the delivery is whole: a retry of an attempt that
    // dies before then takes it over and learns what was shown (an ephemeral is not shown twice).
    const delivery = this.sender === 'slack' ? currentJobAttempt()?.delivery : undefined;
    if (delivery?.key === eventId && delivery.whenFinished !== undefined) delivery.whenFinished(forget);
    else await forget();
  }

  /**
   * The first claim of a job attempt is its delivery record (ADR 33): a new key is taken as
   * before; a key whose delivery never finished is taken over by a later attempt of the job
   * (a retry after a crash or a lapsed heartbeat), which learns the messages every earlier one
   * posted. They stay in the record until it is done: an attempt that dies before it has
   * deleted them hands them on to the next (deleting a message twice is harmless). A finished
   * delivery, one held by an attempt at least as new, or one of another job (two people's same
   * emoji on a message: the second job's retry, attempt 1, found the first job's answer in
   * progress at attempt 0, took it over, deleted what it had posted and asked the model
   * again) is a duplicate. Records without a job id (claimed before it was kept, or outside
   * the dispatcher) are taken over by attempt alone, as before.
   */
  private async claimDelivery(job: JobAttemptContext, event: ProcessedEvent, at: Date): Promise<boolean> {
    // One statement: taking the key over locks the record, so a message an older, still
    // running attempt records at this very moment is either in the messages returned here (it
    // committed first) or finds the key taken over (its update waits, then sees the new attempt).
    // processed_at stays the first claim's time: a takeover's sweep starts there (ADR 84).
    // xmax is 0 on a row this statement inserted, and not on one it took over.
    const rows = await this.query<{ leftovers: (Delivered | ShownEphemeral)[]; since: string; taken_over: boolean }>(
      'processed-event-claim-delivery',
      `insert into processed_slack_events as e (event_id, team_id, type, processed_at, attempt, done, messages, job_id)
       values ($1, $2, $3, $4, $5, false, '[]', $6)
       on conflict (event_id) do update set attempt = excluded.attempt
         where e.done = false and e.attempt < excluded.attempt and (e.job_id is null or e.job_id = excluded.job_id)
       returning e.messages as leftovers, e.processed_at as since, e.xmax <> 0 as taken_over`,
      [event.eventId, event.teamId, event.type, at, job.attempt, job.jobId ?? null],
    );
    if (rows.length !== 1) return false;
    const key = event.eventId;
    const attempt = job.attempt;
    const afterFinish: (() => Promise<unknown>)[] = [];
    const claimed = rows[0]!;
    // Ephemerals cannot be taken back: they are only not shown again.
    const recorded = claimed.leftovers ?? [];
    const isEphemeral = (item: Delivered | ShownEphemeral): item is ShownEphemeral => 'ephemeral' in item;
    job.delivery = {
      key,
      firstClaimedAt: this.toDate(claimed.since),
      leftovers: recorded.filter((item): item is Delivered => !isEphemeral(item)),
      shown: recorded.filter(isEphemeral),
      ...(claimed.taken_over ? { takeover: this.takeover(key, this.toDate(claimed.since)) } : {}),
      forget: async (item) => {
        await this.query(
          'processed-event-forget-delivered',
          `update processed_slack_events
             set messages = (select coalesce(jsonb_agg(m), '[]'::jsonb) from jsonb_array_elements(messages) m where m <> $1::jsonb)
           where event_id = $2 and attempt = $3`,
          [JSON.stringify(item), key, attempt],
        );
      },
      record: async (item) => {
        const updated = await this.query(
          'processed-event-record-delivered',
          `update processed_slack_events set messages = messages || $1::jsonb where event_id = $2 and attempt = $3 returning event_id`,
          [JSON.stringify([item]), key, attempt],
        );
        // A later attempt took the delivery over (this one's heartbeat lapsed while it was still
        // working): that attempt cannot know this message, so this attempt must not keep it.
        if (updated.length === 0) throw new DeliveryTakenOverError(key, attempt);
      },
      finish: async () => {
        await this.query('processed-event-finish-delivery', `update processed_slack_events set done = true where event_id = $1 and attempt = $2`, [
          key,
          attempt,
        ]);
        // Clean-ups only: what fails here is left to its own purge (the delivery is whole either way).
        for (const task of afterFinish.splice(0)) await task().catch(() => undefined);
      },
      whenFinished: (task) => void afterFinish.push(task),
    };
    return true;
  }

  private takeover(key: string, since: Date): DeliveryTakeover {
    return { since, heldElsewhere: (items) => this.heldElsewhere(key, since, items) };
  }

  /**
   * Which of `items` another delivery than `key`'s has recorded (one in progress, or finished:
   * its uploaded files' messages carry no metadata). Only a takeover asks, so the scan is rare.
   */
  private async heldElsewhere(key: string, since: Date, items: Delivered[]): Promise<Delivered[]> {
    if (items.length === 0) return [];
    const rows = await this.query<{ item: Delivered }>(
      'processed-event-held-elsewhere',
      `select distinct m as item from processed_slack_events e cross join lateral jsonb_array_elements(e.messages) m
       where e.event_id <> $1 and e.processed_at > $3 and m = any($2::jsonb[])`,
      // A delivery lives minutes (its job's expiry and retries), never a day: the index on
      // processed_at keeps the scan to the last day's records.
      [key, items.map((item) => JSON.stringify(item)), new Date(since.getTime() - 86_400_000)],
    );
    return rows.map((row) => row.item);
  }

  async has(eventId: string): Promise<boolean> {
    return (await this.orm.em.fork().count(ENTITIES[this.sender], { eventId })) > 0;
  }

  /** Idempotent: recording an id twice keeps the first record. */
  async record(eventId: string, processedAt: Date, details?: ProcessedWebhookEventDetails): Promise<void> {
    await this.markProcessed({ eventId, teamId: details?.teamId ?? null, type: details?.type ?? null }, processedAt);
  }

  async purgeBefore(before: Date): Promise<number> {
    return this.orm.em.fork().nativeDelete(ENTITIES[this.sender], { processedAt: { $lt: before } });
  }
}
