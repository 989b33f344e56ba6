import type { TeamId, UserId } from '../shared/ids';
import type { OAuthTokenRecord } from './oauth-token';

/** History + view: every connect, refresh or disconnect appends; reads see the latest row. */
export interface OAuthTokenRepository {
  findLatest(teamId: TeamId, userId: UserId, provider: string): Promise<OAuthTokenRecord | null>;
  /** The latest row of each provider the person ever connected (disconnected ones have no tokens). */
  listLatestForUser(teamId: TeamId, userId: UserId): Promise<OAuthTokenRecord[]>;
  append(teamId: TeamId, record: OAuthTokenRecord): Promise<void>;
}
