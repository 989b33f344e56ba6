import { WebClient } from '@slack/web-api';
import { quietLogger } from '../slack/slack-api-caller';
import * as oidc from 'openid-client';
import { familyOf, type IntegrationFamily, type IntegrationProvider } from '../../core/integrations/integration-provider';
import {
  RefreshRefusedError,
  type GrantedTokens,
  type IntegrationOAuth,
  type PendingConnect,
} from '../../core/integrations/integration-oauth.port';
import type { OAuthTokenRecord } from '../../core/integrations/oauth-token';
import type { IntegrationEndpoints } from './integration-settings';
import { describeAccount } from './provider-accounts';
import { providerFetch } from './provider-http';

/** The Notion-Version the revocation is sent with: the one the Notion tools speak. */
const NOTION_VERSION = '2022-06-28';

/**
 * Errors a token endpoint gives for a refresh token that will never work again. GitHub names
 * its own: `bad_refresh_token` (a GitHub App's expiring user token: the refresh token was
 * already used, expired after six months, or the person revoked the app). `invalid_client` and
 * `unauthorized_client` are not among them: they refuse Tomo's client credentials (a wrong or
 * rotated secret on this server), not the person's grant, so they leave every connection as it
 * is for when the secret is put right.
 */
const REFUSED = new Set(['invalid_grant', 'invalid_token', 'bad_refresh_token']);

/**
 * Whether a token endpoint's error refuses the refresh token for good. X answers a spent,
 * revoked or unknown refresh token with `invalid_request` ("Value passed for the token was
 * invalid."), not RFC 6749's `invalid_grant`; only that description counts, so a request Tomo got
 * wrong is not taken for every person's dead grant.
 */
function refusedForGood(family: IntegrationFamily, error: oidc.ResponseBodyError): boolean {
  if (REFUSED.has(error.error)) return true;
  return family.id === 'x' && error.error === 'invalid_request' && /token was invalid/i.test(error.error_description ?? '');
}

/**
 * The OAuth dance per family. Standard OAuth 2 families go through openid-client (authorize
 * URL, state and PKCE checks, code exchange, refresh, RFC 7009 revocation); Slack's user
 * token through `oauth.v2.access` in @slack/web-api; Trello through its API key and token.
 */
export class ProviderOAuth implements IntegrationOAuth {
  private readonly configurations = new Map<string, oidc.Configuration>();

  constructor(private readonly endpoints: IntegrationEndpoints) {}

  isActive(provider: IntegrationProvider): boolean {
    return this.endpoints.isActive(provider);
  }

  async start(provider: IntegrationProvider, redirectUri: string): Promise<{ url: URL; pending: PendingConnect }> {
    const family = familyOf(provider);
    const settings = this.settingsOf(family);
    const state = oidc.randomState();
    if (family.flow === 'trello') {
      const url = this.endpoints.oauth(family, family.authorize);
      const returnUrl = new URL(redirectUri);
      returnUrl.searchParams.set('state', state);
      url.search = new URLSearchParams({
        expiration: 'never',
        name: 'Tomo',
        scope: provider.scopes.join(family.scopeSeparator),
        response_type: 'token',
        key: settings.clientId,
        callback_method: 'fragment',
        return_url: returnUrl.href,
      }).toString();
      return { url, pending: { state, codeVerifier: null } };
    }
    if (family.flow === 'slack') {
      const url = this.endpoints.oauth(family, family.authorize);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        // A user token only: the bot's scopes come with the install.
        user_scope: provider.scopes.join(','),
        redirect_uri: redirectUri,
        state,
      }).toString();
      return { url, pending: { state, codeVerifier: null } };
    }
    const config = this.configuration(family);
    const codeVerifier = provider.pkce ? oidc.randomPKCECodeVerifier() : null;
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: provider.scopes.join(family.scopeSeparator),
      state,
      ...family.authorizeParams,
      ...(codeVerifier === null ? {} : { code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256' }),
    });
    if (provider.scopes.length === 0) url.searchParams.delete('scope');
    return { url, pending: { state, codeVerifier } };
  }

  async complete(provider: IntegrationProvider, callbackUrl: URL, pending: PendingConnect, redirectUri: string): Promise<GrantedTokens> {
    const family = familyOf(provider);
    if (callbackUrl.searchParams.get('state') !== pending.state) throw new Error('state mismatch');
    if (family.flow === 'trello') return this.completeTrello(provider, callbackUrl);
    if (family.flow === 'slack') return this.completeSlack(provider, callbackUrl, redirectUri);
    const config = this.configuration(family);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      callbackUrl,
      { expectedState: pending.state, ...(pending.codeVerifier === null ? {} : { pkceCodeVerifier: pending.codeVerifier }) },
      { redirect_uri: redirectUri },
    );
    return this.granted(provider, tokens, null);
  }

  async refresh(provider: IntegrationProvider, record: OAuthTokenRecord): Promise<GrantedTokens> {
    const family = familyOf(provider);
    if (family.flow !== 'oauth2' || record.refreshToken === null) throw new RefreshRefusedError('no refresh for this provider');
    try {
      const tokens = await oidc.refreshTokenGrant(this.configuration(family), record.refreshToken);
      return await this.granted(provider, tokens, record);
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError && refusedForGood(family, error)) throw new RefreshRefusedError(error.error);
      throw error;
    }
  }

  async revoke(provider: IntegrationProvider, record: OAuthTokenRecord): Promise<void> {
    const family = familyOf(provider);
    const settings = this.settingsOf(family);
    const token = record.refreshToken ?? record.accessToken;
    if (token === null) return;
    const timeoutMs = this.endpoints.timeoutMs;
    switch (family.revoke.kind) {
      case 'none':
        return;
      case 'rfc7009':
        // Revoking the refresh token ends the whole grant at providers that tie them together.
        await oidc.tokenRevocation(this.configuration(family), token, {
          token_type_hint: record.refreshToken === null ? 'access_token' : 'refresh_token',
        });
        return;
      case 'notion': {
        // Notion's own revocation (not RFC 7009): JSON, the integration's credentials in Basic.
        const response = await providerFetch(this.endpoints.oauth(family, family.revoke.endpoint), {
          provider: provider.id,
          method: 'POST',
          json: { token: record.accessToken ?? token },
          headers: { authorization: basic(settings.clientId, settings.clientSecret), 'notion-version': NOTION_VERSION },
          timeoutMs,
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`Notion revoke answered ${response.status}`);
        return;
      }
      case 'github': {
        // DELETE /applications/{client_id}/grant, authenticated as the OAuth app (Basic).
        const response = await providerFetch(this.endpoints.api(provider.id, `/applications/${encodeURIComponent(settings.clientId)}/grant`), {
          provider: provider.id,
          method: 'DELETE',
          json: { access_token: record.accessToken },
          headers: { authorization: basic(settings.clientId, settings.clientSecret), accept: 'application/vnd.github+json' },
          timeoutMs,
        });
        if (!response.ok && response.status !== 404) throw new Error(`GitHub revoke answered ${response.status}`);
        return;
      }
      case 'slack': {
        // A time limit, as for every other provider: WebClient waits forever by default (timeout 0),
        // and a disconnect holds the connection's lock (and a pooled database connection) meanwhile.
        const slack = new WebClient(record.accessToken ?? undefined, {
          slackApiUrl: this.endpoints.api(provider.id, '/').href,
          retryConfig: { retries: 0 },
          timeout: timeoutMs,
          logger: quietLogger,
        });
        await slack.auth.revoke();
        return;
      }
      case 'trello': {
        const url = this.endpoints.api(provider.id, `/tokens/${encodeURIComponent(token)}/`);
        url.search = new URLSearchParams({ key: settings.clientId, token }).toString();
        const response = await providerFetch(url, { provider: provider.id, method: 'DELETE', timeoutMs });
        if (!response.ok && response.status !== 404) throw new Error(`Trello revoke answered ${response.status}`);
        return;
      }
    }
  }

  private async granted(
    provider: IntegrationProvider,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
    previous: OAuthTokenRecord | null,
  ): Promise<GrantedTokens> {
    const expiresIn = tokens.expiresIn();
    const account = previous === null ? await describeAccount(this.endpoints, provider, tokens.access_token, tokens) : null;
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
      scopes: tokens.scope ?? provider.scopes.join(' '),
      accountName: account?.name ?? previous?.accountName ?? null,
      details: account?.details ?? previous?.details ?? null,
    };
  }

  private async completeSlack(provider: IntegrationProvider, callbackUrl: URL, redirectUri: string): Promise<GrantedTokens> {
    const code = callbackUrl.searchParams.get('code');
    if (!code) throw new Error('no code');
    const settings = this.settingsOf(familyOf(provider));
    const slackApiUrl = this.endpoints.api(provider.id, '/').href;
    const timeout = this.endpoints.timeoutMs;
    const anonymous = new WebClient(undefined, { slackApiUrl, retryConfig: { retries: 0 }, timeout, logger: quietLogger });
    const granted = await anonymous.oauth.v2.access({
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code,
      redirect_uri: redirectUri,
    });
    const user = granted.authed_user;
    if (!user?.access_token || user.token_type !== 'user') throw new Error('Slack granted no user token');
    const who = await new WebClient(user.access_token, { slackApiUrl, retryConfig: { retries: 0 }, timeout, logger: quietLogger }).auth.test();
    return {
      accessToken: user.access_token,
      refreshToken: user.refresh_token ?? null,
      expiresAt: user.expires_in ? new Date(Date.now() + user.expires_in * 1000) : null,
      scopes: user.scope ?? provider.scopes.join(','),
      accountName: who.user ? (who.team ? `${who.user} (${who.team})` : who.user) : null,
      details: { slackUserId: user.id ?? '', slackTeamId: granted.team?.id ?? '' },
    };
  }

  private async completeTrello(provider: IntegrationProvider, callbackUrl: URL): Promise<GrantedTokens> {
    const token = callbackUrl.searchParams.get('token');
    if (!token || !/^[A-Za-z0-9]{32,128}$/.test(token)) throw new Error('no Trello token');
    // The token came through the browser: it counts only once Trello itself accepts it.
    const account = await describeAccount(this.endpoints, provider, token, {});
    if (account === null) throw new Error('Trello refused the token');
    return { accessToken: token, refreshToken: null, expiresAt: null, scopes: provider.scopes.join(','), accountName: account.name, details: null };
  }

  private settingsOf(family: IntegrationFamily) {
    const settings = this.endpoints.family(family.id);
    if (settings === undefined) throw new Error(`${family.id} is not configured`);
    return settings;
  }

  private configuration(family: IntegrationFamily): oidc.Configuration {
    const cached = this.configurations.get(family.id);
    if (cached) return cached;
    const settings = this.settingsOf(family);
    const authorize = this.endpoints.oauth(family, family.authorize);
    const server: oidc.ServerMetadata = {
      // Providers that name themselves in the callback (RFC 9207 `iss`, Google) are checked against this.
      issuer: authorize.origin,
      authorization_endpoint: authorize.href,
      token_endpoint: this.endpoints.oauth(family, family.token!).href,
      ...(family.revoke.kind === 'rfc7009' ? { revocation_endpoint: this.endpoints.oauth(family, family.revoke.endpoint).href } : {}),
    };
    const auth = family.clientAuth === 'basic' ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.ClientSecretPost(settings.clientSecret);
    const config = new oidc.Configuration(server, settings.clientId, settings.clientSecret, auth);
    config.timeout = Math.ceil(this.endpoints.timeoutMs / 1000);
    config[oidc.customFetch] = errorsInSuccessfulTokenResponses(server.token_endpoint!);
    if (isLocal(authorize) || isLocal(new URL(server.token_endpoint!))) oidc.allowInsecureRequests(config);
    this.configurations.set(family.id, config);
    return config;
  }
}

/**
 * GitHub's token endpoint answers a refused request with HTTP 200 and an OAuth error body
 * (`{"error":"bad_refresh_token",…}`), where RFC 6749 says 400. openid-client would take that
 * for a malformed success (no `access_token`), a passing failure, and a GitHub App connection
 * whose refresh token is dead would look connected forever. Such an answer is handed on as the
 * 400 it means, so openid-client reports the provider's error code.
 */
function errorsInSuccessfulTokenResponses(tokenEndpoint: string): oidc.CustomFetch {
  return async (url, options) => {
    const response = await fetch(url, options as RequestInit);
    if (url !== tokenEndpoint || response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('json')) return response;
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const refused = typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' && !('access_token' in body);
    if (!refused) return new Response(text, { status: 200, headers: { 'content-type': response.headers.get('content-type')! } });
    return new Response(text, { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'application/json' } });
  };
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/** Plain http only for a provider on this machine (the fakes in tests, local runs). */
function isLocal(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}
