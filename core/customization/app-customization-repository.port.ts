import type { TeamId } from '../shared/ids';
import type { AppCustomizationRecord } from './app-customization';

export interface AppCustomizationRepository {
  /** null when the workspace never customised Tomo (defaults apply). */
  find(teamId: TeamId): Promise<AppCustomizationRecord | null>;
  save(teamId: TeamId, record: AppCustomizationRecord): Promise<void>;
  /**
   * Reads the workspace's record, saves what `apply` makes of it and answers both, as one step
   * per workspace: two changes at once (one admin renames Tomo while another turns the greeting
   * off) each see the other's saved record, so neither is lost.
   */
  update(
    teamId: TeamId,
    apply: (current: AppCustomizationRecord | null) => AppCustomizationRecord,
  ): Promise<{ previous: AppCustomizationRecord | null; saved: AppCustomizationRecord }>;
}
