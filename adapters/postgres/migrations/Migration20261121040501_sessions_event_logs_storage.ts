import { Migration } from '@mikro-orm/migrations';

export class Migration20261121040501_sessions_event_logs_storage extends Migration {

  override name = 'Migration20261121040501_sessions_event_logs_storage';

  override up(): void | Promise<void> {
    this.addSql(`alter table "processed_slack_events" add "type" varchar(128) not null;`);
    this.addSql(`alter table "processed_slack_events" alter column "team_id" drop not null;`);

    this.addSql(`alter table "processed_stripe_events" add "team_id" varchar(32) null;`);

    this.addSql(`alter table "sessions" drop column "last_seen_at";`);
    this.addSql(`alter table "sessions" alter column "id_hash" type varchar(64) using ("id_hash"::varchar(64));`);

    this.addSql(`drop index "storage_objects_team_index";`);
    this.addSql(`alter table "storage_objects" drop constraint "storage_objects_pkey";`);
    this.addSql(`alter table "storage_objects" add primary key ("bucket", "team_id", "key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "processed_slack_events" drop column "type";`);
    this.addSql(`alter table "processed_slack_events" alter column "team_id" set not null;`);

    this.addSql(`alter table "processed_stripe_events" drop column "team_id";`);

    this.addSql(`alter table "sessions" add "last_seen_at" timestamptz(6) not null;`);
    this.addSql(`alter table "sessions" alter column "id_hash" type varchar(128) using ("id_hash"::varchar(128));`);

    this.addSql(`alter table "storage_objects" drop constraint "storage_objects_pkey";`);
    this.addSql(`create index "storage_objects_team_index" on "storage_objects" ("team_id", "bucket");`);
    this.addSql(`alter table "storage_objects" add primary key ("bucket", "key");`);
  }

}
