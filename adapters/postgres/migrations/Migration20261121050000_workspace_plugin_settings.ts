import { Migration } from '@mikro-orm/migrations';

export class Migration20261121050000_workspace_plugin_settings extends Migration {

  override name = 'Migration20261121050000_workspace_plugin_settings';

  override up(): void | Promise<void> {
    this.addSql(`create table "workspace_plugin_settings" ("team_id" varchar(32) not null, "plugin_id" varchar(32) not null, "enabled" boolean not null, "updated_by" varchar(32) not null, "updated_at" timestamptz not null, primary key ("team_id", "plugin_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "workspace_plugin_settings" cascade;`);
  }

}
