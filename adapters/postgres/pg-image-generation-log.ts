import type { MikroORM } from '@mikro-orm/postgresql';
import type { ImageGenerationLog, ImageGenerationRecord } from '../../core/images/image-generation-log.port';
import { ImageGenerationEntity } from './entities/image-generation.entity';
import { assertSameTeam } from './team-scope';

/** Append-only: each generation is one row, so concurrent generations are each counted once. */
export class PgImageGenerationLog implements ImageGenerationLog {
  constructor(private readonly orm: MikroORM) {}

  async record(teamId: string, record: ImageGenerationRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.orm.em.fork().insert(ImageGenerationEntity, { ...record });
  }

  async countForSeat(teamId: string, subscriptionId: string, memberId: string, since: Date): Promise<number> {
    return this.orm.em.fork().count(ImageGenerationEntity, { teamId, subscriptionId, memberId, occurredAt: { $gte: since } });
  }
}
