import type { TeamId, UserId } from '../shared/ids';
import type { OAuthTokenRecord } from './oauth-token';

/** History + view: every connect, refresh or disconnect appends; reads see the latest row. */
export interface OAuthTokenRepository {
  findLatest(teamId: TeamId, userId: UserId, provider: string): Promise<OAuthTokenRecord | null>;
  /** The latest row of each provider the person ever connected (disconnected ones have no tokens). */
  listLatestForUser(teamId: TeamId, userId: UserId): Promise<OAuthTokenRecord[]>;
  /** The latest row of every person and provider of the workspace (for revoking them all). */
  listLatestForTeam(teamId: TeamId): Promise<OAuthTokenRecord[]>;
  append(teamId: TeamId, record: OAuthTokenRecord): Promise<void>;
  /** Blanks the tokens of every row of one connection (after a disconnect or a refused refresh). */
  eraseTokens(teamId: TeamId, userId: UserId, provider: string): Promise<void>;
  /** Deletes every row, history included, of the workspace (uninstall). Returns how many. */
  deleteAllForTeam(teamId: TeamId): Promise<number>;
  /** Deletes every row, history included, of one person of the workspace (they left it). Returns how many. */
  deleteAllForUser(teamId: TeamId, userId: UserId): Promise<number>;
}
