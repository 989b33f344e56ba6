import type { TeamId } from '../shared/ids';
import type { InstructionLevel, InstructionRecord } from './instruction';

/** The four instruction tables behind one port, keyed by (teamId, level, targetId). */
export interface InstructionRepository {
  find(teamId: TeamId, level: InstructionLevel, targetId: string | null): Promise<InstructionRecord | null>;
  /** All instructions of one level in the workspace (e.g. every channel's), oldest first. */
  listByLevel(teamId: TeamId, level: InstructionLevel): Promise<InstructionRecord[]>;
  /** Insert or replace by (teamId, level, targetId). */
  save(teamId: TeamId, record: InstructionRecord): Promise<void>;
  /** true when something was deleted. */
  delete(teamId: TeamId, level: InstructionLevel, targetId: string | null): Promise<boolean>;
}
