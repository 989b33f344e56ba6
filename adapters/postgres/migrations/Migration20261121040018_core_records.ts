import { Migration } from '@mikro-orm/migrations';

export class Migration20261121040018_core_records extends Migration {

  override name = 'Migration20261121040018_core_records';

  override up(): void | Promise<void> {
    this.addSql(`create table "app_customizations" ("team_id" varchar(32) not null, "app_name" varchar(50) null, "icon_key" varchar(512) null, "greeting_when_joining_channel" boolean not null default true, "updated_by" varchar(32) null, "updated_at" timestamptz null, primary key ("team_id"));`);

    this.addSql(`create table "auto_reply_settings_history" ("id" bigserial primary key, "team_id" varchar(32) not null, "bot_user_id" varchar(32) not null, "bot_name" varchar(255) not null, "instruction" text not null, "enabled" boolean not null, "updated_by" varchar(32) not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "auto_reply_settings_history_key_index" on "auto_reply_settings_history" ("team_id", "bot_user_id", "id");`);

    this.addSql(`create table "channel_instructions" ("team_id" varchar(32) not null, "channel_id" varchar(32) not null, "name" varchar(255) not null, "text" text not null, "created_by" varchar(32) not null, "created_at" timestamptz not null, "updated_by" varchar(32) not null, "updated_at" timestamptz not null, primary key ("team_id", "channel_id"));`);

    this.addSql(`create table "channel_schedule_settings_history" ("id" bigserial primary key, "team_id" varchar(32) not null, "channel_id" varchar(32) not null, "channel_name" varchar(255) not null, "is_summary_enabled" boolean not null, "start_time_utc" varchar(5) not null, "lookback_days" int not null, "updated_by" varchar(32) not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "channel_schedule_settings_history_key_index" on "channel_schedule_settings_history" ("team_id", "channel_id", "id");`);

    this.addSql(`create table "egress_audit_log" ("id" bigserial primary key, "team_id" varchar(32) not null, "member_id" varchar(32) null, "provider" varchar(64) not null, "model" varchar(128) not null, "input_tokens" int null, "output_tokens" int null, "source_kinds" text[] not null, "occurred_at" timestamptz not null);`);
    this.addSql(`create index "egress_audit_log_team_time_index" on "egress_audit_log" ("team_id", "occurred_at");`);

    this.addSql(`create table "oauth_tokens_history" ("id" bigserial primary key, "team_id" varchar(32) not null, "user_id" varchar(32) not null, "provider" varchar(64) not null, "access_token_sealed" text null, "refresh_token_sealed" text null, "scopes" text null, "expires_at" timestamptz null, "updated_by" varchar(32) not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "oauth_tokens_history_key_index" on "oauth_tokens_history" ("team_id", "user_id", "provider", "id");`);

    this.addSql(`create table "reaction_settings" ("team_id" varchar(32) not null, "id" varchar(64) not null, "name" varchar(255) not null, "prompt" text not null, "category" varchar(16) not null, "updated_by" varchar(32) not null, "updated_at" timestamptz not null, primary key ("team_id", "id"));`);

    this.addSql(`create table "storage_objects" ("bucket" varchar(63) not null, "key" varchar(512) not null, "team_id" varchar(32) not null, "content_type" varchar(128) not null, "size" int not null, "data" bytea not null, "updated_at" timestamptz not null, primary key ("bucket", "key"));`);
    this.addSql(`create index "storage_objects_team_index" on "storage_objects" ("team_id", "bucket");`);

    this.addSql(`create table "system_instructions" ("team_id" varchar(32) not null, "name" varchar(255) not null, "text" text not null, "created_by" varchar(32) not null, "created_at" timestamptz not null, "updated_by" varchar(32) not null, "updated_at" timestamptz not null, primary key ("team_id"));`);

    this.addSql(`create table "usage_events" ("team_id" varchar(32) not null, "id" varchar(64) not null, "member_id" varchar(32) not null, "subscription_id" varchar(64) null, "kind" varchar(32) not null, "occurred_at" timestamptz not null, primary key ("team_id", "id"));`);
    this.addSql(`create index "usage_events_seat_index" on "usage_events" ("team_id", "subscription_id", "member_id", "occurred_at");`);
    this.addSql(`create index "usage_events_team_time_index" on "usage_events" ("team_id", "occurred_at");`);

    this.addSql(`create table "user_instructions" ("team_id" varchar(32) not null, "user_id" varchar(32) not null, "name" varchar(255) not null, "text" text not null, "created_by" varchar(32) not null, "created_at" timestamptz not null, "updated_by" varchar(32) not null, "updated_at" timestamptz not null, primary key ("team_id", "user_id"));`);

    this.addSql(`create table "workspace_instructions" ("team_id" varchar(32) not null, "name" varchar(255) not null, "text" text not null, "created_by" varchar(32) not null, "created_at" timestamptz not null, "updated_by" varchar(32) not null, "updated_at" timestamptz not null, primary key ("team_id"));`);

    this.addSql(`alter table "customers" drop constraint "customers_stripe_customer_id_unique";`);
    this.addSql(`drop index "customers_team_id_index";`);
    this.addSql(`alter table "customers" drop constraint "customers_pkey";`);
    this.addSql(`alter table "customers" drop column "id", drop column "stripe_customer_id", drop column "updated_at";`);
    this.addSql(`alter table "customers" add "external_customer_id" varchar(255) not null;`);
    this.addSql(`alter table "customers" add constraint "customers_external_customer_id_unique" unique ("external_customer_id");`);
    this.addSql(`alter table "customers" add primary key ("team_id");`);

    this.addSql(`alter table "installations" drop column "enterprise_id", drop column "app_id", drop column "bot_scopes", drop column "user_id", drop column "user_token_sealed", drop column "user_scopes";`);
    this.addSql(`alter table "installations" add "installed_by" varchar(32) not null, add "install_count" int not null;`);
    this.addSql(`alter table "installations" alter column "team_name" set not null;`);
    this.addSql(`alter table "installations" alter column "bot_id" set not null;`);
    this.addSql(`alter table "installations" alter column "bot_token_sealed" drop not null;`);
    this.addSql(`alter table "installations" rename column "updated_at" to "first_installed_at";`);

    this.addSql(`drop index "member_subscription_assignments_subscription_index";`);
    this.addSql(`alter table "member_subscription_assignments" drop constraint "member_subscription_assignments_team_member_unique";`);
    this.addSql(`alter table "member_subscription_assignments" drop constraint "member_subscription_assignments_pkey";`);
    this.addSql(`alter table "member_subscription_assignments" drop column "id", drop column "assigned_at";`);
    this.addSql(`alter table "member_subscription_assignments" add "member_kind" varchar(8) not null;`);
    this.addSql(`alter table "member_subscription_assignments" alter column "model_id" type varchar(32) using ("model_id"::varchar(32));`);
    this.addSql(`alter table "member_subscription_assignments" rename column "kind" to "assignment_kind";`);
    this.addSql(`alter table "member_subscription_assignments" rename column "updated_by" to "assigned_by";`);
    this.addSql(`create index "member_subscription_assignments_member_index" on "member_subscription_assignments" ("team_id", "member_id");`);
    this.addSql(`alter table "member_subscription_assignments" add primary key ("team_id", "subscription_id", "member_id");`);

    this.addSql(`alter table "subscriptions" drop constraint "subscriptions_stripe_subscription_id_unique";`);
    this.addSql(`drop index "subscriptions_team_id_index";`);
    this.addSql(`alter table "subscriptions" drop column "customer_id", drop column "model_id";`);
    this.addSql(`alter table "subscriptions" add "kind" varchar(16) not null, add "billing_mode" varchar(32) null;`);
    this.addSql(`alter table "subscriptions" alter column "status" type varchar(16) using ("status"::varchar(16));`);
    this.addSql(`alter table "subscriptions" alter column "current_period_start" set not null;`);
    this.addSql(`alter table "subscriptions" alter column "current_period_end" set not null;`);
    this.addSql(`alter table "subscriptions" alter column "cancel_at_period_end" drop default;`);
    this.addSql(`alter table "subscriptions" rename column "plan" to "plan_key";`);
    this.addSql(`alter table "subscriptions" rename column "billing_period" to "interval";`);
    this.addSql(`alter table "subscriptions" rename column "seats" to "quantity";`);
    this.addSql(`alter table "subscriptions" rename column "trial_ends_at" to "canceled_at";`);
    this.addSql(`alter table "subscriptions" rename column "stripe_subscription_id" to "external_id";`);
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_external_id_unique" unique ("external_id");`);
    this.addSql(`create index "subscriptions_team_created_index" on "subscriptions" ("team_id", "created_at");`);

    this.addSql(`alter table "users" alter column "email" set not null;`);
    this.addSql(`alter table "users" alter column "name" set not null;`);
    this.addSql(`alter table "users" alter column "locale" type varchar(8) using ("locale"::varchar(8));`);
    this.addSql(`alter table "users" alter column "locale" set not null;`);
    this.addSql(`alter table "users" rename column "updated_at" to "last_signed_in_at";`);

    this.addSql(`create view "oauth_tokens_view" as select distinct on (h.team_id, h.user_id, h.provider) h.id, h.team_id, h.user_id, h.provider, h.access_token_sealed, h.refresh_token_sealed, h.scopes, h.expires_at, h.updated_by, h.updated_at from oauth_tokens_history h order by h.team_id, h.user_id, h.provider, h.id desc;`);

    this.addSql(`create view "channel_schedule_settings_view" as select distinct on (h.team_id, h.channel_id) h.id, h.team_id, h.channel_id, h.channel_name, h.is_summary_enabled, h.start_time_utc, h.lookback_days, h.updated_by, h.updated_at from channel_schedule_settings_history h order by h.team_id, h.channel_id, h.id desc;`);

    this.addSql(`create view "auto_reply_settings_view" as select distinct on (h.team_id, h.bot_user_id) h.id, h.team_id, h.bot_user_id, h.bot_name, h.instruction, h.enabled, h.updated_by, h.updated_at from auto_reply_settings_history h order by h.team_id, h.bot_user_id, h.id desc;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop view if exists "auto_reply_settings_view" cascade;`);
    this.addSql(`drop view if exists "channel_schedule_settings_view" cascade;`);
    this.addSql(`drop view if exists "oauth_tokens_view" cascade;`);
    this.addSql(`drop table if exists "app_customizations" cascade;`);
    this.addSql(`drop table if exists "auto_reply_settings_history" cascade;`);
    this.addSql(`drop table if exists "channel_instructions" cascade;`);
    this.addSql(`drop table if exists "channel_schedule_settings_history" cascade;`);
    this.addSql(`drop table if exists "egress_audit_log" cascade;`);
    this.addSql(`drop table if exists "oauth_tokens_history" cascade;`);
    this.addSql(`drop table if exists "reaction_settings" cascade;`);
    this.addSql(`drop table if exists "storage_objects" cascade;`);
    this.addSql(`drop table if exists "system_instructions" cascade;`);
    this.addSql(`drop table if exists "usage_events" cascade;`);
    this.addSql(`drop table if exists "user_instructions" cascade;`);
    this.addSql(`drop table if exists "workspace_instructions" cascade;`);

    this.addSql(`alter table "customers" drop constraint "customers_external_customer_id_unique";`);
    this.addSql(`alter table "customers" drop constraint "customers_pkey";`);
    this.addSql(`alter table "customers" drop column "external_customer_id";`);
    this.addSql(`alter table "customers" add "id" varchar(64) not null, add "stripe_customer_id" varchar(255) null, add "updated_at" timestamptz(6) not null;`);
    this.addSql(`alter table "customers" add constraint "customers_stripe_customer_id_unique" unique ("stripe_customer_id");`);
    this.addSql(`create index "customers_team_id_index" on "customers" ("team_id");`);
    this.addSql(`alter table "customers" add primary key ("id");`);

    this.addSql(`alter table "installations" drop column "installed_by", drop column "install_count";`);
    this.addSql(`alter table "installations" add "enterprise_id" varchar(32) null, add "app_id" varchar(32) null, add "bot_scopes" text null, add "user_id" varchar(32) null, add "user_token_sealed" text null, add "user_scopes" text null;`);
    this.addSql(`alter table "installations" alter column "team_name" drop not null;`);
    this.addSql(`alter table "installations" alter column "bot_id" drop not null;`);
    this.addSql(`alter table "installations" alter column "bot_token_sealed" set not null;`);
    this.addSql(`alter table "installations" rename column "first_installed_at" to "updated_at";`);

    this.addSql(`drop index "member_subscription_assignments_member_index";`);
    this.addSql(`alter table "member_subscription_assignments" drop constraint "member_subscription_assignments_pkey";`);
    this.addSql(`alter table "member_subscription_assignments" drop column "member_kind";`);
    this.addSql(`alter table "member_subscription_assignments" add "id" varchar(64) not null, add "assigned_at" timestamptz(6) not null;`);
    this.addSql(`alter table "member_subscription_assignments" alter column "model_id" type varchar(64) using ("model_id"::varchar(64));`);
    this.addSql(`alter table "member_subscription_assignments" rename column "assignment_kind" to "kind";`);
    this.addSql(`alter table "member_subscription_assignments" rename column "assigned_by" to "updated_by";`);
    this.addSql(`create index "member_subscription_assignments_subscription_index" on "member_subscription_assignments" ("team_id", "subscription_id");`);
    this.addSql(`alter table "member_subscription_assignments" add constraint "member_subscription_assignments_team_member_unique" unique ("team_id", "subscription_id", "member_id");`);
    this.addSql(`alter table "member_subscription_assignments" add primary key ("id");`);

    this.addSql(`alter table "subscriptions" drop constraint "subscriptions_external_id_unique";`);
    this.addSql(`drop index "subscriptions_team_created_index";`);
    this.addSql(`alter table "subscriptions" drop column "kind", drop column "billing_mode";`);
    this.addSql(`alter table "subscriptions" add "customer_id" varchar(64) null, add "model_id" varchar(64) not null;`);
    this.addSql(`alter table "subscriptions" alter column "status" type varchar(32) using ("status"::varchar(32));`);
    this.addSql(`alter table "subscriptions" alter column "current_period_start" drop not null;`);
    this.addSql(`alter table "subscriptions" alter column "current_period_end" drop not null;`);
    this.addSql(`alter table "subscriptions" alter column "cancel_at_period_end" set default false;`);
    this.addSql(`alter table "subscriptions" rename column "external_id" to "stripe_subscription_id";`);
    this.addSql(`alter table "subscriptions" rename column "plan_key" to "plan";`);
    this.addSql(`alter table "subscriptions" rename column "interval" to "billing_period";`);
    this.addSql(`alter table "subscriptions" rename column "quantity" to "seats";`);
    this.addSql(`alter table "subscriptions" rename column "canceled_at" to "trial_ends_at";`);
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_stripe_subscription_id_unique" unique ("stripe_subscription_id");`);
    this.addSql(`create index "subscriptions_team_id_index" on "subscriptions" ("team_id");`);

    this.addSql(`alter table "users" alter column "email" drop not null;`);
    this.addSql(`alter table "users" alter column "name" drop not null;`);
    this.addSql(`alter table "users" alter column "locale" type varchar(16) using ("locale"::varchar(16));`);
    this.addSql(`alter table "users" alter column "locale" drop not null;`);
    this.addSql(`alter table "users" rename column "last_signed_in_at" to "updated_at";`);
  }

}
