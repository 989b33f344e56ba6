import { Migration } from '@mikro-orm/migrations';

/**
 * Requests asked at the same moment (issue 16's known gap): a seat's monthly limit was checked
 * when a request started and counted when it was answered, so five sent together at 18 of 20
 * were all answered. A request now holds a reservation while it is answered.
 * `tomo_reserve_usage` takes the seat's advisory lock, then counts (each statement of a
 * PL/pgSQL function sees what committed before it, so the count sees every reservation made
 * under the lock before) and holds one more only while answered + held stays under the limit.
 * The reservation's id is the usage event's to come: a retried delivery finds its own of both
 * and does not count them.
 */
export class Migration20261127071517_usage_reservations extends Migration {

  override name = 'Migration20261127071517_usage_reservations';

  override up(): void | Promise<void> {
    this.addSql(`create table "usage_reservations" ("team_id" varchar(32) not null, "id" varchar(64) not null, "subscription_id" varchar(64) not null, "member_id" varchar(32) not null, "expires_at" timestamptz not null, primary key ("team_id", "id"));`);
    this.addSql(`create index "usage_reservations_seat_index" on "usage_reservations" ("team_id", "subscription_id", "member_id");`);
    this.addSql(`create function "tomo_reserve_usage"(p_team varchar, p_id varchar, p_subscription varchar, p_member varchar, p_since timestamptz, p_limit int, p_now timestamptz, p_until timestamptz) returns boolean language plpgsql volatile as $$
declare
  taken bigint;
begin
  perform pg_advisory_xact_lock(hashtextextended('usage/' || p_team || '/' || p_subscription || '/' || p_member, 0));
  delete from usage_reservations
   where team_id = p_team and subscription_id = p_subscription and member_id = p_member and expires_at <= p_now;
  select (select count(*) from usage_events
           where team_id = p_team and subscription_id = p_subscription and member_id = p_member
             and occurred_at >= p_since and id <> p_id)
       + (select count(*) from usage_reservations
           where team_id = p_team and subscription_id = p_subscription and member_id = p_member and id <> p_id)
    into taken;
  if taken >= p_limit then
    return false;
  end if;
  insert into usage_reservations (team_id, id, subscription_id, member_id, expires_at)
  values (p_team, p_id, p_subscription, p_member, p_until)
  on conflict (team_id, id) do update set expires_at = excluded.expires_at;
  return true;
end
$$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop function if exists "tomo_reserve_usage";`);
    this.addSql(`drop table if exists "usage_reservations" cascade;`);
  }

}
