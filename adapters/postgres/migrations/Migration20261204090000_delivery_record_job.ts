import { Migration } from '@mikro-orm/migrations';

/**
 * A delivery record names the job holding it (ADR 33): only a later attempt of that job takes
 * an unfinished delivery over. Before, any job's retry did, so the retry of a second person's
 * same emoji on a message took the first one's answer over while it was being written (deleted
 * it and asked the model again). Existing rows keep null and are taken over as before.
 */
export class Migration20261204090000_delivery_record_job extends Migration {
  override name = 'Migration20261204090000_delivery_record_job';

  override up(): void | Promise<void> {
    this.addSql(`alter table "processed_slack_events" add "job_id" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "processed_slack_events" drop column "job_id";`);
  }
}
