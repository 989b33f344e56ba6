import { Migration } from '@mikro-orm/migrations';

export class Migration20261123133644_integration_connections extends Migration {

  override name = 'Migration20261123133644_integration_connections';

  override up(): void | Promise<void> {
    this.addSql(`drop view if exists "oauth_tokens_view" cascade;`);
    this.addSql(`alter table "oauth_tokens_history" add "account_name" varchar(255) null, add "status" varchar(32) not null default 'connected', add "details" text null;`);

    this.addSql(`create view "oauth_tokens_view" as select distinct on (h.team_id, h.user_id, h.provider) h.id, h.team_id, h.user_id, h.provider, h.access_token_sealed, h.refresh_token_sealed, h.scopes, h.expires_at, h.account_name, h.status, h.details, h.updated_by, h.updated_at from oauth_tokens_history h order by h.team_id, h.user_id, h.provider, h.id desc;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop view if exists "oauth_tokens_view" cascade;`);
    this.addSql(`alter table "oauth_tokens_history" drop column "account_name", drop column "status", drop column "details";`);

    this.addSql(`create view "oauth_tokens_view" as SELECT DISTINCT ON (h.team_id, h.user_id, h.provider) h.id,
    h.team_id,
    h.user_id,
    h.provider,
    h.access_token_sealed,
    h.refresh_token_sealed,
    h.scopes,
    h.expires_at,
    h.updated_by,
    h.updated_at
   FROM oauth_tokens_history h
  ORDER BY h.team_id, h.user_id, h.provider, h.id DESC;`);
  }

}
