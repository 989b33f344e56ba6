import type { TeamId, UserId } from '../shared/ids';

/** Table `app_customizations`. A null name or icon means "use Tomo's default". */
export interface AppCustomizationRecord {
  readonly teamId: TeamId;
  readonly appName: string | null;
  /** Object key in the `app-icon-images` bucket. */
  readonly iconKey: string | null;
  /** Greeting when Tomo joins a channel; on by default. */
  readonly greetingWhenJoiningChannel: boolean;
  readonly updatedBy: UserId | null;
  readonly updatedAt: Date | null;
}
