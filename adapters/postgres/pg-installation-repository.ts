import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { InstallationRepository } from '../../core/workspace/installation-repository.port';
import type { InstallationRecord } from '../../core/workspace/installation';
import type { SecretBox } from '../crypto/secret-box';
import { InstallationEntity } from './entities/installation.entity';
import { entityReads } from './native-pool';
import { assertSameTeam } from './team-scope';

type Row = InferEntity<typeof InstallationEntity>;

// Binds each sealed token to its row: a token copied into another workspace's row fails to open.
const tokenContext = (teamId: string) => `installations.bot_token:${teamId}`;

export class PgInstallationRepository implements InstallationRepository {
  // Every answer reads this first: a named statement without the ORM (ADR 83).
  private readonly byTeam: (values: readonly unknown[]) => Promise<Row[]>;

  constructor(
    private readonly orm: MikroORM,
    private readonly secrets: SecretBox,
  ) {
    this.byTeam = entityReads<Row>(orm, InstallationEntity)(['team_id']);
  }

  async find(teamId: string): Promise<InstallationRecord | null> {
    const [row] = await this.byTeam([teamId]);
    return row ? this.toRecord(row) : null;
  }

  async save(teamId: string, record: InstallationRecord): Promise<void> {
    assertSameTeam(teamId, record);
    const { botToken, ...rest } = record;
    await this.orm.em.fork().upsert(InstallationEntity, {
      ...rest,
      botTokenSealed: botToken === null ? null : this.secrets.seal(botToken, tokenContext(teamId)),
    });
  }

  async listInstalledTeamIds(): Promise<string[]> {
    const rows = await this.orm.em
      .fork()
      .find(InstallationEntity, { uninstalledAt: null }, { fields: ['teamId'], orderBy: { teamId: 'asc' } });
    return rows.map((row) => row.teamId);
  }

  private toRecord(row: Row): InstallationRecord {
    return {
      teamId: row.teamId,
      teamName: row.teamName,
      botUserId: row.botUserId,
      botId: row.botId,
      botToken: row.botTokenSealed ? this.secrets.open(row.botTokenSealed, tokenContext(row.teamId)) : null,
      installedBy: row.installedBy,
      firstInstalledAt: row.firstInstalledAt,
      installedAt: row.installedAt,
      uninstalledAt: row.uninstalledAt ?? null,
      installCount: row.installCount,
    };
  }
}
