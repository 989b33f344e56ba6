import type { TeamId } from '../shared/ids';
import type { CustomReactionRecord } from './reaction';

export interface ReactionSettingsRepository {
  list(teamId: TeamId): Promise<CustomReactionRecord[]>;
  findById(teamId: TeamId, id: string): Promise<CustomReactionRecord | null>;
  /** Insert or replace by (teamId, id). */
  save(teamId: TeamId, record: CustomReactionRecord): Promise<void>;
  delete(teamId: TeamId, id: string): Promise<boolean>;
}
