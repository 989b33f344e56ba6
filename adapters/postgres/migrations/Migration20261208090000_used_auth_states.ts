import { Migration } from '@mikro-orm/migrations';

/**
 * The sign-in, install and connect states already taken to a provider's token endpoint, shared
 * by every server: a replayed callback is refused before Tomo calls the provider again
 * (docs/web.md). The hash of flow and state only, until the state would have expired anyway.
 */
export class Migration20261208090000_used_auth_states extends Migration {

  override name = 'Migration20261208090000_used_auth_states';

  override up(): void | Promise<void> {
    this.addSql(`create table "used_auth_states" ("state_hash" varchar(64) not null, "expires_at" timestamptz not null, primary key ("state_hash"));`);
    this.addSql(`create index "used_auth_states_expires_at_index" on "used_auth_states" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "used_auth_states" cascade;`);
  }

}
