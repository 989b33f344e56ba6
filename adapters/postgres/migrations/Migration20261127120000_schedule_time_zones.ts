import { Migration } from '@mikro-orm/migrations';

/**
 * Scheduled summaries keep the IANA time zone they were saved in, so their local time and day
 * follow daylight saving (docs/slack.md, Scheduled summaries). Rows saved before keep null and
 * the fixed offset they were saved with: they run as before until saved again.
 */
export class Migration20261127120000_schedule_time_zones extends Migration {

  override name = 'Migration20261127120000_schedule_time_zones';

  override up(): void | Promise<void> {
    this.addSql(`drop view if exists "channel_schedule_settings_view" cascade;`);
    this.addSql(`alter table "channel_schedule_settings_history" add "time_zone" varchar(64) null;`);
    this.addSql(`alter table "channel_schedule_next_runs" add "time_zone" varchar(64) null;`);
    this.addSql(`create view "channel_schedule_settings_view" as select distinct on (h.team_id, h.channel_id) h.id, h.team_id, h.channel_id, h.channel_name, h.is_summary_enabled, h.start_time_utc, h.lookback_days, h.timezone_offset_minutes, h.time_zone, h.updated_by, h.updated_at from channel_schedule_settings_history h order by h.team_id, h.channel_id, h.id desc;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop view if exists "channel_schedule_settings_view" cascade;`);
    this.addSql(`alter table "channel_schedule_next_runs" drop column "time_zone";`);
    this.addSql(`alter table "channel_schedule_settings_history" drop column "time_zone";`);
    this.addSql(`create view "channel_schedule_settings_view" as select distinct on (h.team_id, h.channel_id) h.id, h.team_id, h.channel_id, h.channel_name, h.is_summary_enabled, h.start_time_utc, h.lookback_days, h.timezone_offset_minutes, h.updated_by, h.updated_at from channel_schedule_settings_history h order by h.team_id, h.channel_id, h.id desc;`);
  }

}
