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
import { preparedQueries, toDate, type PreparedQuery } from './native-pool';
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

interface NativeInstructionRow {
  team_id: string;
  channel_id?: string;
  user_id?: string;
  name: string;
  text: string;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
}

// One table per level (spec 3); the target column is the channel for `channel`, the user for `user`.
const TABLES: Record<InstructionLevel, { entity: EntityName<InstructionRow>; target: 'channelId' | 'userId' | null }> = {
  system: { entity: SystemInstructionEntity as EntityName<InstructionRow>, target: null },
  workspace: { entity: WorkspaceInstructionEntity as EntityName<InstructionRow>, target: null },
  channel: { entity: ChannelInstructionEntity as EntityName<InstructionRow>, target: 'channelId' },
  user: { entity: UserInstructionEntity as EntityName<InstructionRow>, target: 'userId' },
};

export class PgInstructionRepository implements InstructionRepository {
  // Every answer reads its four layers: named statements, without the ORM (ADR 34).
  private readonly query: PreparedQuery;

  constructor(private readonly orm: MikroORM) {
    this.query = preparedQueries(orm);
  }

  async find(teamId: string, level: InstructionLevel, targetId: string | null): Promise<InstructionRecord | null> {
    const { target } = TABLES[level];
    if (target && targetId === null) return null;
    const column = target === 'channelId' ? 'channel_id' : 'user_id';
    const [row] = await this.query<NativeInstructionRow>(
      `instruction-find-${level}`,
      `select * from ${level}_instructions where team_id = $1${target ? ` and ${column} = $2` : ''}`,
      target ? [teamId, targetId] : [teamId],
    );
    return row
      ? toRecord(level, {
          teamId: row.team_id,
          ...(row.channel_id === undefined ? {} : { channelId: row.channel_id }),
          ...(row.user_id === undefined ? {} : { userId: row.user_id }),
          name: row.name,
          text: row.text,
          createdBy: row.created_by,
          createdAt: toDate(row.created_at),
          updatedBy: row.updated_by,
          updatedAt: toDate(row.updated_at),
        })
      : null;
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
