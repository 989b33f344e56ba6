import { Migration } from '@mikro-orm/migrations';

export class Migration20261121035646_initial_schema extends Migration {

  override name = 'Migration20261121035646_initial_schema';

  override up(): void | Promise<void> {
    this.addSql(`create table "customers" ("id" varchar(64) not null, "team_id" varchar(32) not null, "stripe_customer_id" varchar(255) null, "email" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "customers_team_id_index" on "customers" ("team_id");`);
    this.addSql(`alter table "customers" add constraint "customers_stripe_customer_id_unique" unique ("stripe_customer_id");`);

    this.addSql(`create table "installations" ("team_id" varchar(32) not null, "team_name" varchar(255) null, "enterprise_id" varchar(32) null, "app_id" varchar(32) null, "bot_user_id" varchar(32) not null, "bot_id" varchar(32) null, "bot_token_sealed" text not null, "bot_scopes" text null, "user_id" varchar(32) null, "user_token_sealed" text null, "user_scopes" text null, "installed_at" timestamptz not null, "updated_at" timestamptz not null, "uninstalled_at" timestamptz null, primary key ("team_id"));`);

    this.addSql(`create table "member_subscription_assignments" ("id" varchar(64) not null, "team_id" varchar(32) not null, "subscription_id" varchar(64) not null, "member_id" varchar(32) not null, "model_id" varchar(64) not null, "kind" varchar(16) not null, "assigned_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by" varchar(32) null, primary key ("id"));`);
    this.addSql(`create index "member_subscription_assignments_subscription_index" on "member_subscription_assignments" ("team_id", "subscription_id");`);
    this.addSql(`alter table "member_subscription_assignments" add constraint "member_subscription_assignments_team_member_unique" unique ("team_id", "subscription_id", "member_id");`);

    this.addSql(`create table "processed_slack_events" ("event_id" varchar(64) not null, "team_id" varchar(32) not null, "processed_at" timestamptz not null, primary key ("event_id"));`);
    this.addSql(`create index "processed_slack_events_processed_at_index" on "processed_slack_events" ("processed_at");`);

    this.addSql(`create table "processed_stripe_events" ("event_id" varchar(255) not null, "type" varchar(128) not null, "processed_at" timestamptz not null, primary key ("event_id"));`);
    this.addSql(`create index "processed_stripe_events_processed_at_index" on "processed_stripe_events" ("processed_at");`);

    this.addSql(`create table "sessions" ("id_hash" varchar(128) not null, "team_id" varchar(32) not null, "user_id" varchar(32) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "last_seen_at" timestamptz not null, primary key ("id_hash"));`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);
    this.addSql(`create index "sessions_team_user_index" on "sessions" ("team_id", "user_id");`);

    this.addSql(`create table "subscriptions" ("id" varchar(64) not null, "team_id" varchar(32) not null, "customer_id" varchar(64) null, "stripe_subscription_id" varchar(255) null, "plan" varchar(32) not null, "billing_period" varchar(16) null, "model_id" varchar(64) not null, "status" varchar(32) not null, "seats" int not null, "trial_ends_at" timestamptz null, "current_period_start" timestamptz null, "current_period_end" timestamptz null, "cancel_at_period_end" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "subscriptions_team_id_index" on "subscriptions" ("team_id");`);
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_stripe_subscription_id_unique" unique ("stripe_subscription_id");`);

    this.addSql(`create table "users" ("team_id" varchar(32) not null, "user_id" varchar(32) not null, "email" varchar(255) null, "name" varchar(255) null, "locale" varchar(16) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("team_id", "user_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "customers" cascade;`);
    this.addSql(`drop table if exists "installations" cascade;`);
    this.addSql(`drop table if exists "member_subscription_assignments" cascade;`);
    this.addSql(`drop table if exists "processed_slack_events" cascade;`);
    this.addSql(`drop table if exists "processed_stripe_events" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "subscriptions" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
  }

}
