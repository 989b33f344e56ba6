import { Migration } from '@mikro-orm/migrations';

/**
 * Exactly-once delivery (issue 16, ADR 33): a Slack trigger's claim becomes a delivery record.
 * `attempt` is the job attempt holding it, `done` says the delivery is whole, `messages` lists
 * the messages posted so far (channel and ts only), so a retry after a crash can remove a
 * partial answer before it answers again. Rows from before were finished deliveries.
 */
export class Migration20261123141000_delivery_records extends Migration {
  override name = 'Migration20261123141000_delivery_records';

  override up(): void | Promise<void> {
    this.addSql(`alter table "processed_slack_events" add "attempt" int not null default 0, add "done" boolean not null default true, add "messages" jsonb not null default '[]';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "processed_slack_events" drop column "attempt", drop column "done", drop column "messages";`);
  }
}
