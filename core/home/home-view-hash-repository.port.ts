import type { TeamId, UserId } from '../shared/ids';

/**
 * The hash the platform gave each person's Home tab at Tomo's last publish (Slack's
 * views.publish `hash`), shared by every worker: a publish passes it so that one built from
 * older state than the last one shown is refused instead of replacing it.
 */
export interface HomeViewHashRepository {
  find(teamId: TeamId, userId: UserId): Promise<string | null>;
  save(teamId: TeamId, userId: UserId, hash: string): Promise<void>;
}
