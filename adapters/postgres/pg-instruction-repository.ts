import type { EntityName } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { InstructionRepository } from '../../core/instructions/instruction-repository.port';
import type { InstructionLevel, InstructionRecord } from '../../core/instructions/instruction';
import {
  ChannelInstructionEntity,
  SystemInstructionEntity,
  UserInstructionEntity,
  WorkspaceInstructionEntity,
} from './entities/instruction.entity';
import { entityReads } from './native-pool';
import { assertSameTeam } from './team-scope';

interface InstructionRow {
  teamId: string;
  channelId?: string;
  userId?: string;
  name: string;
  text: string;
  createdBy: string;
  createdAt: Date;
  updatedBy: string;
  updatedAt: Date;
}

// One table per level (spec 3); the target column is the channel for `channel`, the user for `user`.
const TABLES: Record<InstructionLevel, { entity: EntityName<InstructionRow>; target: 'channelId' | 'userId' | null }> = {
  system: { entity: SystemInstructionEntity as EntityName<InstructionRow>, target: null },
  workspace: { entity: WorkspaceInstructionEntity as EntityName<InstructionRow>, target: null },
  channel: { entity: ChannelInstructionEntity as EntityName<InstructionRow>, target: 'channelId' },
  user: { entity: UserInstructionEntity as EntityName<InstructionRow>, target: 'userId' },
};

export class PgInstructionRepository implements InstructionRepository {
  // Every answer reads its four layers: named statements, without the ORM (ADR 83).
  private readonly byKey: Record<InstructionLevel, (values: readonly unknown[]) => Promise<InstructionRow[]>>;

  constructor(private readonly orm: MikroORM) {
    const byKey = (level: InstructionLevel, columns: string[]) => entityReads<InstructionRow>(orm, TABLES[level].entity)(columns);
    this.byKey = {
      system: byKey('system', ['team_id']),
      workspace: byKey('workspace', ['team_id']),
      channel: byKey('channel', ['team_id', 'channel_id']),
      user: byKey('user', ['team_id', 'user_id']),
    };
  }

  async find(teamId: string, level: InstructionLevel, targetId: string | null): Promise<InstructionRecord | null> {
    if (!keyOf(teamId, level, targetId)) return null;
    const [row] = await this.byKey[level](TABLES[level].target ? [teamId, targetId] : [teamId]);
    return row ? toRecord(level, row) : null;
  }

  async listByLevel(teamId: string, level: InstructionLevel): Promise<InstructionRecord[]> {
    const rows = await this.orm.em.fork().find(TABLES[level].entity, { teamId }, { orderBy: { createdAt: 'asc' } });
    return rows.map((row) => toRecord(level, row));
  }

  async save(teamId: string, record: InstructionRecord): Promise<void> {
    assertSameTeam(teamId, record);
    const key = keyOf(teamId, record.level, record.targetId);
    if (!key) throw new Error(`A ${record.level} instruction needs a target id`);
    const { level, targetId: _targetId, ...fields } = record;
    await this.orm.em.fork().upsert(TABLES[level].entity, { ...fields, ...key });
  }

  async delete(teamId: string, level: InstructionLevel, targetId: string | null): Promise<boolean> {
    const where = keyOf(teamId, level, targetId);
    if (!where) return false;
    return (await this.orm.em.fork().nativeDelete(TABLES[level].entity, where)) > 0;
  }
}

/** The primary key of the level's table, or null when a targeted level gets no target. */
function keyOf(teamId: string, level: InstructionLevel, targetId: string | null): Partial<InstructionRow> | null {
  const { target } = TABLES[level];
  if (!target) return { teamId };
  if (targetId === null) return null;
  return { teamId, [target]: targetId };
}

function toRecord(level: InstructionLevel, row: InstructionRow): InstructionRecord {
  const { target } = TABLES[level];
  return {
    teamId: row.teamId,
    level,
    targetId: target ? (row[target] ?? null) : null,
    name: row.name,
    text: row.text,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}
