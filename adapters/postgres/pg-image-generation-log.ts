import type { MikroORM } from '@mikro-orm/postgresql';
import type { ImageGenerationLog, ImageGenerationRecord } from '../../core/images/image-generation-log.port';
import { deliveryRecordId } from '../queue/job-context';
import { ImageGenerationEntity } from './entities/image-generation.entity';
import { assertSameTeam } from './team-scope';

/**
 * Append-only: each generation is one row, so concurrent generations are each counted once.
 * Inside a delivering job the row's id is the delivery's (ADR 38): a retry's generation
 * replaces the dead attempt's in the seat's monthly count instead of adding to it.
 */
export class PgImageGenerationLog implements ImageGenerationLog {
  constructor(private readonly orm: MikroORM) {}

  async record(teamId: string, record: ImageGenerationRecord): Promise<void> {
    assertSameTeam(teamId, record);
    const row = { ...record, id: deliveryRecordId('image_generation') ?? record.id };
    await this.orm.em.fork().createQueryBuilder(ImageGenerationEntity).insert(row).onConflict(['teamId', 'id']).ignore().execute();
  }

  async countForSeat(teamId: string, subscriptionId: string, memberId: string, since: Date): Promise<number> {
    return this.orm.em.fork().count(ImageGenerationEntity, { teamId, subscriptionId, memberId, occurredAt: { $gte: since } });
  }
}
