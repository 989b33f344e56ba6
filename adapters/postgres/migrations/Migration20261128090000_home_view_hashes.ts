import { Migration } from '@mikro-orm/migrations';

/**
 * The hash Slack gave each person's Home tab at Tomo's last views.publish, shared by every
 * worker: two home jobs for one person at once (an opened Home tab, a source's progress) pass
 * it, so the one that read older state is refused (`hash_conflict`) and builds the Home again
 * instead of showing its older view last (docs/slack.md, App Home).
 */
export class Migration20261128090000_home_view_hashes extends Migration {

  override name = 'Migration20261128090000_home_view_hashes';

  override up(): void | Promise<void> {
    this.addSql(`create table "home_view_hashes" ("team_id" varchar(32) not null, "user_id" varchar(32) not null, "hash" varchar(128) not null, "updated_at" timestamptz not null, primary key ("team_id", "user_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "home_view_hashes" cascade;`);
  }

}
