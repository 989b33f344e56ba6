import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppCustomizationRepository } from '../../core/customization/app-customization-repository.port';
import type { AppCustomizationRecord } from '../../core/customization/app-customization';
import { AppCustomizationEntity } from './entities/app-customization.entity';
import { entityReads } from './native-pool';
import { assertSameTeam } from './team-scope';

type Row = InferEntity<typeof AppCustomizationEntity>;

export class PgAppCustomizationRepository implements AppCustomizationRepository {
  // Every answer reads this first: a named statement without the ORM (ADR 83).
  private readonly byTeam: (values: readonly unknown[]) => Promise<Row[]>;

  constructor(private readonly orm: MikroORM) {
    this.byTeam = entityReads<Row>(orm, AppCustomizationEntity)(['team_id']);
  }

  async find(teamId: string): Promise<AppCustomizationRecord | null> {
    const [row] = await this.byTeam([teamId]);
    return row ? toRecord(row) : null;
  }

  async save(teamId: string, record: AppCustomizationRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.orm.em.fork().upsert(AppCustomizationEntity, { ...record });
  }
}

function toRecord(row: Row): AppCustomizationRecord {
  return {
    teamId: row.teamId,
    appName: row.appName ?? null,
    iconKey: row.iconKey ?? null,
    greetingWhenJoiningChannel: row.greetingWhenJoiningChannel,
    updatedBy: row.updatedBy ?? null,
    updatedAt: row.updatedAt ?? null,
  };
}
