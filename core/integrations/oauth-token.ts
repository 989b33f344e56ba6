import type { TeamId, UserId } from '../shared/ids';

/** A connection's state: usable, or its refresh failed and the person must connect again. */
export type ConnectionStatus = 'connected' | 'reconnect_needed';

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
  /** The connected account as the provider names it ("ana@acme.test", "octocat"). */
  readonly accountName?: string | null;
  /** Absent on rows written before connections had a status: connected when they hold a token. */
  readonly status?: ConnectionStatus;
  /**
   * Facts the provider's API needs besides the token, none of them secret: Salesforce's
   * instance URL, Atlassian's site id. A small flat object.
   */
  readonly details?: Readonly<Record<string, string>> | null;
  readonly updatedBy: UserId;
  readonly updatedAt: Date;
}

/** A row that lets Tomo act for the person: a token, and no failed refresh. */
export function isUsable(record: OAuthTokenRecord | null): record is OAuthTokenRecord & { accessToken: string } {
  return record !== null && record.accessToken !== null && (record.status ?? 'connected') === 'connected';
}
