import { Migration } from '@mikro-orm/migrations';

export class Migration20261123103347_trigger_state extends Migration {

  override name = 'Migration20261123103347_trigger_state';

  override up(): void | Promise<void> {
    this.addSql(`drop view if exists "channel_schedule_settings_view" cascade;`);
    this.addSql(`create table "assistant_threads" ("team_id" varchar(32) not null, "channel_id" varchar(32) not null, "thread_ts" varchar(32) not null, "user_id" varchar(32) not null, "context_channel_id" varchar(32) null, "titled" boolean not null default false, "updated_at" timestamptz not null, primary key ("team_id", "channel_id", "thread_ts"));`);
    this.addSql(`create index "assistant_threads_updated_at_index" on "assistant_threads" ("updated_at");`);

    this.addSql(`create table "auto_reply_counts" ("team_id" varchar(32) not null, "channel_id" varchar(32) not null, "thread_ts" varchar(32) not null, "hour_start" timestamptz not null, "count" int not null, primary key ("team_id", "channel_id", "thread_ts", "hour_start"));`);
    this.addSql(`create index "auto_reply_counts_hour_index" on "auto_reply_counts" ("hour_start");`);

    this.addSql(`create table "channel_schedule_next_runs" ("team_id" varchar(32) not null, "channel_id" varchar(32) not null, "start_time_utc" varchar(5) not null, "timezone_offset_minutes" int not null, "next_run_at" timestamptz null, primary key ("team_id", "channel_id"));`);
    this.addSql(`create index "channel_schedule_next_runs_due_index" on "channel_schedule_next_runs" ("next_run_at") where "next_run_at" is not null;`);

    this.addSql(`create table "trigger_inputs" ("key" varchar(128) not null, "team_id" varchar(32) not null, "sealed" text null, "created_at" timestamptz not null, primary key ("key"));`);
    this.addSql(`create index "trigger_inputs_created_at_index" on "trigger_inputs" ("created_at");`);

    this.addSql(`alter table "channel_schedule_settings_history" add "timezone_offset_minutes" int not null default 0;`);

    // Schedules saved before this migration run next at their next time from now.
    this.addSql(`insert into "channel_schedule_next_runs" ("team_id", "channel_id", "start_time_utc", "timezone_offset_minutes", "next_run_at")
      select v.team_id, v.channel_id, v.start_time_utc, 0,
        case when not v.is_summary_enabled then null
             when t.today < now() then t.today + interval '1 day' else t.today end
      from (select distinct on (team_id, channel_id) * from "channel_schedule_settings_history" order by team_id, channel_id, id desc) v
      cross join lateral (select (date_trunc('day', now() at time zone 'UTC') + v.start_time_utc::time) at time zone 'UTC' as today) t;`);

    this.addSql(`create view "channel_schedule_settings_view" as select distinct on (h.team_id, h.channel_id) h.id, h.team_id, h.channel_id, h.channel_name, h.is_summary_enabled, h.start_time_utc, h.lookback_days, h.timezone_offset_minutes, h.updated_by, h.updated_at from channel_schedule_settings_history h order by h.team_id, h.channel_id, h.id desc;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop view if exists "channel_schedule_settings_view" cascade;`);
    this.addSql(`drop table if exists "assistant_threads" cascade;`);
    this.addSql(`drop table if exists "auto_reply_counts" cascade;`);
    this.addSql(`drop table if exists "channel_schedule_next_runs" cascade;`);
    this.addSql(`drop table if exists "trigger_inputs" cascade;`);

    this.addSql(`alter table "channel_schedule_settings_history" drop column "timezone_offset_minutes";`);

    this.addSql(`create view "channel_schedule_settings_view" as SELECT DISTINCT ON (h.team_id, h.channel_id) h.id,
    h.team_id,
    h.channel_id,
    h.channel_name,
    h.is_summary_enabled,
    h.start_time_utc,
    h.lookback_days,
    h.updated_by,
    h.updated_at
   FROM channel_schedule_settings_history h
  ORDER BY h.team_id, h.channel_id, h.id DESC;`);
  }

}
