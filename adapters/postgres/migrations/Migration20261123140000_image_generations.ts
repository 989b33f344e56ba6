import { Migration } from '@mikro-orm/migrations';

export class Migration20261123140000_image_generations extends Migration {

  override name = 'Migration20261123140000_image_generations';

  override up(): void | Promise<void> {
    this.addSql(`create table "image_generations" ("team_id" varchar(32) not null, "id" varchar(64) not null, "member_id" varchar(32) not null, "subscription_id" varchar(64) null, "images" int not null, "occurred_at" timestamptz not null, primary key ("team_id", "id"));`);
    this.addSql(`create index "image_generations_seat_index" on "image_generations" ("team_id", "subscription_id", "member_id", "occurred_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "image_generations" cascade;`);
  }

}
