import { Migration } from '@mikro-orm/migrations';

/**
 * Knowledge crawls keep each site's robots.txt per origin (RFC 9309 §2.4, ADR 87), shared by
 * every worker process: used while fresh (up to 24 h) and when the site's robots.txt has become
 * unreachable (up to 30 days).
 */
export class Migration20261128100000_robots_txt_cache extends Migration {

  override name = 'Migration20261128100000_robots_txt_cache';

  override up(): void | Promise<void> {
    this.addSql(`create table "robots_txt_cache" ("origin" text not null, "kind" varchar(8) not null, "url" text not null, "body" text not null, "fetched_at" timestamptz not null, "fresh_until" timestamptz not null, primary key ("origin"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "robots_txt_cache" cascade;`);
  }

}
