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

  async update(
    teamId: string,
    apply: (current: AppCustomizationRecord | null) => AppCustomizationRecord,
  ): Promise<{ previous: AppCustomizationRecord | null; saved: AppCustomizationRecord }> {
    return this.orm.em.fork().transactional(async (em) => {
      // One change per workspace at a time, whether or not its row exists yet: the read below
      // then sees every change committed before this one (a row lock cannot cover a first save).
      await em
        .getConnection()
        .execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`app-customization/${teamId}`], 'all', em.getTransactionContext());
      const row = await em.findOne(AppCustomizationEntity, { teamId });
      const previous = row ? toRecord(row) : null;
      const saved = apply(previous);
      assertSameTeam(teamId, saved);
      await em.upsert(AppCustomizationEntity, { ...saved });
      return { previous, saved };
    });
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
