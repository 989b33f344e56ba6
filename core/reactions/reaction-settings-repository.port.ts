import type { Outcome } from '../shared/domain-error';
import type { TeamId } from '../shared/ids';
import type { CustomReactionRecord } from './reaction';

export interface ReactionSettingsRepository {
  list(teamId: TeamId): Promise<CustomReactionRecord[]>;
  findById(teamId: TeamId, id: string): Promise<CustomReactionRecord | null>;
  /** Insert or replace by (teamId, id). */
  save(teamId: TeamId, record: CustomReactionRecord): Promise<void>;
  /**
   * Saves what `decide` makes of the workspace's current reactions, or nothing when it refuses,
   * as one step per workspace (deletes included): two saves at once each see the other's, so
   * two clicks on Create, or two admins, never store the same name twice.
   */
  saveChecked(
    teamId: TeamId,
    decide: (existing: CustomReactionRecord[]) => Outcome<CustomReactionRecord>,
  ): Promise<Outcome<CustomReactionRecord>>;
  delete(teamId: TeamId, id: string): Promise<boolean>;
}
