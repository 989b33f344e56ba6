import { Migration } from '@mikro-orm/migrations';

export class Migration20261121050200_meter_usage_reports extends Migration {

  override name = 'Migration20261121050200_meter_usage_reports';

  override up(): void | Promise<void> {
    this.addSql(`create table "meter_usage_reports" ("team_id" varchar(32) not null, "usage_event_id" varchar(64) not null, "outcome" varchar(16) not null, "reason" varchar(255) null, "reported_at" timestamptz not null, primary key ("team_id", "usage_event_id"));`);
    this.addSql(`create index "meter_usage_reports_reported_at_index" on "meter_usage_reports" ("reported_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "meter_usage_reports" cascade;`);
  }

}
