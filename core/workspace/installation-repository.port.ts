import type { TeamId } from '../shared/ids';
import type { InstallationRecord } from './installation';

/** Table `installations` (bot token encrypted at rest by the adapter). */
export interface InstallationRepository {
  /** The installation, also after uninstall (uninstalledAt set) so a re-install is recognised. */
  find(teamId: TeamId): Promise<InstallationRecord | null>;
  /** Insert or replace. `record.teamId` must equal `teamId`. */
  save(teamId: TeamId, record: InstallationRecord): Promise<void>;
  /** Not team-scoped: the workspaces currently installed, for scheduled work across workspaces. */
  listInstalledTeamIds(): Promise<TeamId[]>;
}
