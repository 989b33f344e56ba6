import { Migration } from '@mikro-orm/migrations';

/**
 * A reservation counts against the month it was made in (`reserved_at >= since`), as its usage
 * event will: a request allowed at 23:59:59 on a month's last day, still being answered after
 * midnight, no longer also holds one of the new month's requests while it finishes.
 */
export class Migration20261130090000_usage_reservation_month extends Migration {

  override name = 'Migration20261130090000_usage_reservation_month';

  override up(): void | Promise<void> {
    this.addSql(`alter table "usage_reservations" add column "reserved_at" timestamptz not null default now();`);
    this.addSql(`alter table "usage_reservations" alter column "reserved_at" drop default;`);
    this.addSql(reserveFunction(`and reserved_at >= p_since`, `, reserved_at`, `, p_now`, `, reserved_at = excluded.reserved_at`));
  }

  override down(): void | Promise<void> {
    this.addSql(reserveFunction('', '', '', ''));
    this.addSql(`alter table "usage_reservations" drop column "reserved_at";`);
  }

}

function reserveFunction(sinceFilter: string, column: string, value: string, update: string): string {
  return `create or replace function "tomo_reserve_usage"(p_team varchar, p_id varchar, p_subscription varchar, p_member varchar, p_since timestamptz, p_limit int, p_now timestamptz, p_until timestamptz) returns boolean language plpgsql volatile as $$
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
           where team_id = p_team and subscription_id = p_subscription and member_id = p_member and id <> p_id ${sinceFilter})
    into taken;
  if taken >= p_limit then
    return false;
  end if;
  insert into usage_reservations (team_id, id, subscription_id, member_id, expires_at${column})
  values (p_team, p_id, p_subscription, p_member, p_until${value})
  on conflict (team_id, id) do update set expires_at = excluded.expires_at${update};
  return true;
end
$$;`;
}
