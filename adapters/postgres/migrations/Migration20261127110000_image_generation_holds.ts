import { Migration } from '@mikro-orm/migrations';

/**
 * Image generations asked at the same moment: the seat's monthly allowance was checked when a
 * generation started and counted when it was posted, so two asked together at 49 of 50 were
 * both drawn (and paid to the provider). A generation is now held while it is drawn: a row
 * with `held_until` set, counted until then, turned into the record (`held_until` null) when
 * posted and deleted when nothing was. `tomo_hold_image_generation` takes the seat's advisory
 * lock, then counts and holds one more only while generations + holds stay under the limit
 * (as `tomo_reserve_usage` does for requests, ADR 85). The hold's id is the record's to come:
 * a retried delivery holds its own row again instead of counting it.
 */
export class Migration20261127110000_image_generation_holds extends Migration {

  override name = 'Migration20261127110000_image_generation_holds';

  override up(): void | Promise<void> {
    this.addSql(`alter table "image_generations" add column "held_until" timestamptz null;`);
    this.addSql(`create function "tomo_hold_image_generation"(p_team varchar, p_id varchar, p_subscription varchar, p_member varchar, p_since timestamptz, p_limit int, p_now timestamptz, p_until timestamptz) returns boolean language plpgsql volatile as $$
declare
  taken bigint;
begin
  perform pg_advisory_xact_lock(hashtextextended('images/' || p_team || '/' || p_subscription || '/' || p_member, 0));
  delete from image_generations
   where team_id = p_team and subscription_id = p_subscription and member_id = p_member and held_until <= p_now;
  if exists (select 1 from image_generations where team_id = p_team and id = p_id and held_until is null) then
    return true; -- a retried delivery whose dead attempt already posted and counted it
  end if;
  select count(*) into taken from image_generations
   where team_id = p_team and subscription_id = p_subscription and member_id = p_member
     and occurred_at >= p_since and id <> p_id;
  if taken >= p_limit then
    return false;
  end if;
  insert into image_generations (team_id, id, member_id, subscription_id, images, occurred_at, held_until)
  values (p_team, p_id, p_member, p_subscription, 0, p_now, p_until)
  on conflict (team_id, id) do update set held_until = excluded.held_until;
  return true;
end
$$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop function if exists "tomo_hold_image_generation";`);
    this.addSql(`alter table "image_generations" drop column "held_until";`);
  }

}
