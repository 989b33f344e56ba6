import { Migration } from '@mikro-orm/migrations';

export class Migration20261121050100_processed_event_type_optional extends Migration {

  override name = 'Migration20261121050100_processed_event_type_optional';

  override up(): void | Promise<void> {
    this.addSql(`alter table "processed_slack_events" alter column "type" drop not null;`);

    this.addSql(`alter table "processed_stripe_events" alter column "type" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "processed_slack_events" alter column "type" set not null;`);

    this.addSql(`alter table "processed_stripe_events" alter column "type" set not null;`);
  }

}
