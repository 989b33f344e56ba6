import type { IntegrationProvider } from './integration-provider';
import type { OAuthTokenRecord } from './oauth-token';

/** What a provider granted: the tokens and what Tomo keeps about them. */
export interface GrantedTokens {
  readonly accessToken: string;
  readonly refreshToken: string | null;
  readonly expiresAt: Date | null;
  /** The scopes the provider says it granted (space separated), or the ones asked for. */
  readonly scopes: string | null;
  readonly accountName: string | null;
  readonly details: Readonly<Record<string, string>> | null;
}

/** One connect attempt's secrets, kept in a sealed cookie between request and callback. */
export interface PendingConnect {
  readonly state: string;
  /** PKCE verifier, for providers that take PKCE. */
  readonly codeVerifier: string | null;
}

/** The provider refused the refresh token (revoked, expired, rotated away): reconnect needed. */
export class RefreshRefusedError extends Error {
  override readonly name = 'RefreshRefusedError';
}

/**
 * The OAuth dance with the providers: authorize URL, code exchange, refresh and revocation.
 * The adapter speaks plain OAuth 2 through openid-client, Slack through `oauth.v2.access`,
 * and Trello's API key and token.
 */
export interface IntegrationOAuth {
  /** Configured: its family's client id and secret are set. */
  isActive(provider: IntegrationProvider): boolean;
  start(provider: IntegrationProvider, redirectUri: string): Promise<{ url: URL; pending: PendingConnect }>;
  /** Checks the state, exchanges the code; throws when anything is off. */
  complete(provider: IntegrationProvider, callbackUrl: URL, pending: PendingConnect, redirectUri: string): Promise<GrantedTokens>;
  /** Throws RefreshRefusedError when the provider refuses; anything else is a passing failure. */
  refresh(provider: IntegrationProvider, record: OAuthTokenRecord): Promise<GrantedTokens>;
  /** Revokes at the provider where it has an endpoint; throws when the provider fails. */
  revoke(provider: IntegrationProvider, record: OAuthTokenRecord): Promise<void>;
}

/** Serializes refreshes of one connection across requests and processes. */
export interface ConnectionLock {
  withLock<T>(key: string, work: () => Promise<T>): Promise<T>;
}
