import type { TeamId, UserId } from '../shared/ids';

/**
 * One row of oauth_tokens_history: a person's connection to an integration (Google, GitHub,
 * Notion, …). A disconnect appends a row without tokens. The `_view` is the latest row per
 * (team, user, provider). Tokens are plain text in core; the adapter encrypts them at rest.
 */
export interface OAuthTokenRecord {
  readonly teamId: TeamId;
  readonly userId: UserId;
  readonly provider: string;
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  readonly scopes: string | null;
  readonly expiresAt: Date | null;
  readonly updatedBy: UserId;
  readonly updatedAt: Date;
}
