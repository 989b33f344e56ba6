import type { MikroORM } from '@mikro-orm/postgresql';
import type { ImageGenerationHold, ImageGenerationLog, ImageGenerationRecord } from '../../core/images/image-generation-log.port';
import { deliveryRecordId } from '../queue/job-context';
import { assertSameTeam } from './team-scope';

/**
 * One row per generation, held while it is drawn (`held_until`) and counted once posted, so
 * generations asked at the same moment are each counted once and cannot pass the allowance
 * together. Inside a delivering job the row's id is the delivery's (ADR 38): a retry's
 * generation replaces the dead attempt's in the seat's monthly count instead of adding to it.
 */
export class PgImageGenerationLog implements ImageGenerationLog {
  constructor(private readonly orm: MikroORM) {}

  async hold(teamId: string, hold: ImageGenerationHold): Promise<string | null> {
    const id = deliveryRecordId('image_generation', { peek: true }) ?? hold.id;
    const [row] = await this.orm.em.getConnection().execute<{ held: boolean }[]>(
      'select tomo_hold_image_generation(?, ?, ?, ?, ?, ?, ?, ?) as held',
      [teamId, id, hold.subscriptionId, hold.memberId, hold.since, hold.limit, hold.now, hold.until],
    );
    return row?.held === true ? id : null;
  }

  async record(teamId: string, record: ImageGenerationRecord): Promise<void> {
    assertSameTeam(teamId, record);
    const id = deliveryRecordId('image_generation') ?? record.id;
    await this.orm.em.getConnection().execute(
      `insert into image_generations (team_id, id, member_id, subscription_id, images, occurred_at, held_until)
       values (?, ?, ?, ?, ?, ?, null)
       on conflict (team_id, id) do update set images = excluded.images, held_until = null`,
      [teamId, id, record.memberId, record.subscriptionId, record.images, record.occurredAt],
    );
  }

  async release(teamId: string, holdId: string): Promise<void> {
    await this.orm.em.getConnection().execute('delete from image_generations where team_id = ? and id = ? and held_until is not null', [teamId, holdId]);
  }

  async countForSeat(teamId: string, subscriptionId: string, memberId: string, since: Date): Promise<number> {
    const [row] = await this.orm.em.getConnection().execute<{ count: string }[]>(
      `select count(*) as count from image_generations
        where team_id = ? and subscription_id = ? and member_id = ? and occurred_at >= ? and (held_until is null or held_until > now())`,
      [teamId, subscriptionId, memberId, since],
    );
    return Number(row?.count ?? 0);
  }
}
