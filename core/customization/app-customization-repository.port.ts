import type { TeamId } from '../shared/ids';
import type { AppCustomizationRecord } from './app-customization';

export interface AppCustomizationRepository {
  /** null when the workspace never customised Tomo (defaults apply). */
  find(teamId: TeamId): Promise<AppCustomizationRecord | null>;
  save(teamId: TeamId, record: AppCustomizationRecord): Promise<void>;
}
