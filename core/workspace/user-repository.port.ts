import type { TeamId, UserId } from '../shared/ids';
import type { UserRecord } from './user';

/** Table `users`. */
export interface UserRepository {
  find(teamId: TeamId, userId: UserId): Promise<UserRecord | null>;
  /** Insert or replace by (teamId, userId). `record.teamId` must equal `teamId`. */
  save(teamId: TeamId, record: UserRecord): Promise<void>;
}
