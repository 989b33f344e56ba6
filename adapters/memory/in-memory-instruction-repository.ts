import type { InstructionRepository } from '../../core/instructions/instruction-repository.port';
import type { InstructionLevel, InstructionRecord } from '../../core/instructions/instruction';
import { assertSameTeam, clone } from './clone';

const keyOf = (teamId: string, level: InstructionLevel, targetId: string | null) => `${teamId}/${level}/${targetId ?? ''}`;

export class InMemoryInstructionRepository implements InstructionRepository {
  private readonly rows = new Map<string, InstructionRecord>();

  async find(teamId: string, level: InstructionLevel, targetId: string | null): Promise<InstructionRecord | null> {
    const row = this.rows.get(keyOf(teamId, level, targetId));
    return row ? clone(row) : null;
  }

  async listByLevel(teamId: string, level: InstructionLevel): Promise<InstructionRecord[]> {
    return [...this.rows.values()]
      .filter((r) => r.teamId === teamId && r.level === level)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(clone);
  }

  async save(teamId: string, record: InstructionRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.rows.set(keyOf(teamId, record.level, record.targetId), clone(record));
  }

  async delete(teamId: string, level: InstructionLevel, targetId: string | null): Promise<boolean> {
    return this.rows.delete(keyOf(teamId, level, targetId));
  }
}
