import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { INTEGRATION_FAMILIES, type IntegrationFamilyId } from '../../../core/integrations/integration-provider';
import { header, sendJson } from '../support/http-fake';

/** Someone at a provider: who the consent page "signs in" as, and whose data a token reaches. */
export interface FakeAccount {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export interface IssuedToken {
  readonly family: IntegrationFamilyId;
  readonly account: FakeAccount;
  readonly scope: string;
  readonly accessToken: string;
  readonly refreshToken: string | null;
  expiresAt: number;
  revoked: boolean;
}

interface PendingCode {
  readonly family: IntegrationFamilyId;
  readonly account: FakeAccount;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly challenge: string | null;
  used: boolean;
}

export interface FamilyBehaviour {
  /** Seconds an access token lives; null: never expires (GitHub OAuth apps, Notion). */
  readonly expiresIn: number | null;
  /** A refresh token comes with the access token. */
  readonly refresh: boolean;
  /** Refresh gives a new refresh token and retires the old one. */
  readonly rotates: boolean;
  /** Extra fields of the token response (Notion's owner, Salesforce's instance_url…). */
  readonly extra?: (token: IssuedToken, origin: string) => Record<string, unknown>;
  /**
   * The token response's `scope` is empty whatever was asked: a GitHub App's user token, whose
   * permissions are the app's and not OAuth scopes ("Generating a user access token for a GitHub App").
   */
  readonly scopeless?: boolean;
}

export const CLIENT_ID = (family: string) => `${family}-client-id`;
export const CLIENT_SECRET = (family: string) => `${family}-client-secret`;

/**
 * The OAuth side of every family, as the providers behave: an authorize "page" that consents
 * at once as the chosen account and redirects with code and state; a token endpoint that
 * checks the client's credentials (Basic or in the body, as the family wants), the redirect
 * URI, a code used only once and the PKCE verifier; refresh (rotating where the provider
 * rotates) and RFC 7009 revocation. Requests are recorded without token values.
 */
export class FakeOAuthServer {
  readonly tokens = new Map<string, IssuedToken>();
  private readonly byRefresh = new Map<string, IssuedToken>();
  private readonly codes = new Map<string, PendingCode>();
  private readonly consentAs = new Map<IntegrationFamilyId, FakeAccount>();
  /** Every authorize request's parameters, per family. */
  readonly authorizeRequests: { family: IntegrationFamilyId; params: Record<string, string> }[] = [];
  readonly tokenRequests: { family: IntegrationFamilyId; grantType: string; auth: 'basic' | 'post' | 'none' }[] = [];
  readonly revoked: IssuedToken[] = [];
  /** Families whose token endpoint refuses every refresh (invalid_grant). */
  readonly refuseRefresh = new Set<IntegrationFamilyId>();
  /** Families whose token endpoint is down (HTTP 503). */
  readonly tokenEndpointDown = new Set<IntegrationFamilyId>();
  /** Families whose revocation (RFC 7009, GitHub's grant deletion) is down (HTTP 503): nothing is revoked. */
  readonly revokeDown = new Set<IntegrationFamilyId>();
  /** Families whose token endpoint answers only once this settles (a slow provider). */
  readonly tokenEndpointHeld = new Map<IntegrationFamilyId, Promise<void>>();
  /** Families whose token endpoint answers refresh_token grants only once this settles (code exchanges go through). */
  readonly refreshHeld = new Map<IntegrationFamilyId, Promise<void>>();
  /** Token requests waiting on a held endpoint, per family. */
  readonly waitingTokenRequests = new Map<IntegrationFamilyId, number>();

  constructor(
    private readonly behaviours: Record<IntegrationFamilyId, FamilyBehaviour>,
    private readonly defaultAccount: FakeAccount,
  ) {}

  /**
   * The next visit to this family's authorize page ends in an error sent back to the redirect
   * URI (RFC 6749 §4.1.2.1): `access_denied` when the person presses Cancel, or another code
   * (`invalid_scope`, `server_error`…) when the provider cannot grant.
   */
  readonly authorizeErrors = new Map<IntegrationFamilyId, string>();

  /**
   * The next consent at this family's authorize page leaves these scopes unticked, as Google's
   * granular consent screen lets a person do (and GitHub: "users can edit their scopes"): the
   * code is granted, and the token response's `scope` names only what was granted.
   */
  readonly untickedScopes = new Map<IntegrationFamilyId, readonly string[]>();

  /**
   * The next consent at this family's authorize page grants these scopes besides the ones asked
   * for (an account that granted the app a broader scope earlier; GitHub then lists the broader
   * one and leaves out what it implies).
   */
  readonly alsoGranted = new Map<IntegrationFamilyId, readonly string[]>();

  /** The next consent at this family's authorize page is given as this account. */
  signInAs(family: IntegrationFamilyId, account: FakeAccount): void {
    this.consentAs.set(family, account);
  }

  /** A token for the account straight away (as if connected earlier), e.g. for API tests. */
  issue(family: IntegrationFamilyId, account: FakeAccount, scope: string): IssuedToken {
    const behaviour = this.behaviours[family];
    const token: IssuedToken = {
      family,
      account,
      scope,
      // Trello's tokens are letters and digits only (ATTA…); the others carry the family in the name.
      accessToken: family === 'trello' ? `ATTA${randomBytes(32).toString('hex')}` : `${family}-at-${randomBytes(12).toString('hex')}`,
      refreshToken: behaviour.refresh ? `${family}-rt-${randomBytes(12).toString('hex')}` : null,
      expiresAt: behaviour.expiresIn === null ? Number.POSITIVE_INFINITY : Date.now() + behaviour.expiresIn * 1000,
      revoked: false,
    };
    this.tokens.set(token.accessToken, token);
    if (token.refreshToken) this.byRefresh.set(token.refreshToken, token);
    return token;
  }

  /** The live token behind a request's `Authorization: Bearer`, or undefined. */
  bearer(req: IncomingMessage): IssuedToken | undefined {
    const value = header(req, 'authorization') ?? '';
    const token = this.tokens.get(value.replace(/^Bearer\s+/i, ''));
    if (!token || token.revoked || token.expiresAt <= Date.now()) return undefined;
    return token;
  }

  /** Makes a token expire now, as time passing would. */
  expire(accessToken: string): void {
    const token = this.tokens.get(accessToken);
    if (token) token.expiresAt = Date.now() - 1;
  }

  /** `GET <authorize path>`: consent at once, redirect back with code and state. */
  authorize(family: IntegrationFamilyId, url: URL, res: ServerResponse): void {
    const params = Object.fromEntries(url.searchParams);
    this.authorizeRequests.push({ family, params });
    const redirectUri = params.redirect_uri ?? params.return_url;
    if (!redirectUri) return sendJson(res, 400, { error: 'invalid_request' });
    const account = this.consentAs.get(family) ?? this.defaultAccount;
    const back = new URL(redirectUri);
    if (INTEGRATION_FAMILIES[family].flow === 'trello') {
      // Trello: the token in the fragment of return_url (callback_method=fragment).
      const token = this.issue(family, account, params.scope ?? '');
      back.hash = `token=${token.accessToken}`;
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (params.client_id !== CLIENT_ID(family)) return sendJson(res, 400, { error: 'invalid_client' });
    const error = this.authorizeErrors.get(family);
    if (error !== undefined) {
      this.authorizeErrors.delete(family);
      back.searchParams.set('error', error);
      if (params.state !== undefined) back.searchParams.set('state', params.state);
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    const code = `code-${randomBytes(10).toString('hex')}`;
    const unticked = this.untickedScopes.get(family) ?? [];
    this.untickedScopes.delete(family);
    const extra = this.alsoGranted.get(family) ?? [];
    this.alsoGranted.delete(family);
    const asked = params.scope ?? params.user_scope ?? '';
    this.codes.set(code, {
      family,
      account,
      clientId: params.client_id,
      redirectUri,
      scope: [...asked.split(' ').filter((scope) => scope !== '' && !unticked.includes(scope)), ...extra].join(' '),
      challenge: params.code_challenge_method === 'S256' ? (params.code_challenge ?? null) : null,
      used: false,
    });
    back.searchParams.set('code', code);
    if (params.state !== undefined) back.searchParams.set('state', params.state);
    res.writeHead(302, { location: back.href }).end();
  }

  /** Checks a code exchange for the Slack flow (oauth.v2.access); undefined when refused. */
  exchangeCode(family: IntegrationFamilyId, form: Record<string, string>): IssuedToken | undefined {
    const pending = this.codes.get(form.code ?? '');
    if (!pending || pending.used || pending.family !== family || pending.redirectUri !== form.redirect_uri) return undefined;
    if (form.client_id !== CLIENT_ID(family) || form.client_secret !== CLIENT_SECRET(family)) return undefined;
    pending.used = true;
    return this.issue(family, pending.account, pending.scope);
  }

  /** `POST <token path>`: authorization_code and refresh_token grants. */
  token(family: IntegrationFamilyId, req: IncomingMessage, body: Buffer, res: ServerResponse, origin: string): void {
    const form = parseForm(req, body);
    const auth = clientAuth(req, form);
    this.tokenRequests.push({ family, grantType: form.grant_type ?? '', auth: auth.method });
    if (this.tokenEndpointDown.has(family)) return sendJson(res, 503, { error: 'temporarily_unavailable' });
    const refuse = (status: number, error: string, description?: string) => tokenError(family, res, status, error, description);
    const wanted = INTEGRATION_FAMILIES[family].clientAuth;
    if (auth.method !== wanted || auth.id !== CLIENT_ID(family) || auth.secret !== CLIENT_SECRET(family)) {
      return refuse(401, 'invalid_client');
    }
    if (form.grant_type === 'authorization_code') {
      const pending = this.codes.get(form.code ?? '');
      if (!pending || pending.used || pending.family !== family) return refuse(400, 'invalid_grant');
      pending.used = true;
      if (pending.redirectUri !== form.redirect_uri) return refuse(400, 'invalid_grant', 'redirect_uri');
      if (pending.challenge !== null) {
        const verifier = form.code_verifier ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (challenge !== pending.challenge) return refuse(400, 'invalid_grant', 'PKCE');
      }
      return this.sendTokens(res, this.issue(family, pending.account, pending.scope), origin);
    }
    if (form.grant_type === 'refresh_token') {
      const old = this.byRefresh.get(form.refresh_token ?? '');
      if (this.refuseRefresh.has(family) || !old || old.revoked || old.family !== family) return refuse(400, 'invalid_grant', 'refresh_token');
      const behaviour = this.behaviours[family];
      const fresh = this.issue(family, old.account, old.scope);
      if (!behaviour.rotates && old.refreshToken) {
        // The same refresh token keeps working; the new response leaves it out, as Google does.
        this.byRefresh.delete(fresh.refreshToken!);
        (fresh as { refreshToken: string | null }).refreshToken = old.refreshToken;
        this.byRefresh.set(old.refreshToken, fresh);
        return this.sendTokens(res, fresh, origin, { omitRefresh: true });
      }
      old.revoked = true;
      this.byRefresh.delete(old.refreshToken!);
      return this.sendTokens(res, fresh, origin);
    }
    refuse(400, 'unsupported_grant_type');
  }

  /** `POST <revoke path>` (RFC 7009): the token, and the grant it belongs to, stop working. */
  revoke(family: IntegrationFamilyId, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    if (this.revokeDown.has(family)) {
      res.writeHead(503).end();
      return;
    }
    const form = parseForm(req, body);
    const token = this.tokens.get(form.token ?? '') ?? this.byRefresh.get(form.token ?? '');
    if (token && token.family === family) this.revokeGrant(token);
    res.writeHead(200).end();
  }

  /**
   * Notion's `POST /v1/oauth/revoke`: the integration's credentials in Basic, a JSON body
   * `{ "token": … }` and a Notion-Version header. That authorization's token stops working
   * (Notion's tokens are per authorization, not per account); an unknown one is a 400.
   */
  revokeNotion(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const auth = clientAuth(req, {});
    if (auth.method !== 'basic' || auth.id !== CLIENT_ID('notion') || auth.secret !== CLIENT_SECRET('notion')) {
      return sendJson(res, 401, { object: 'error', status: 401, code: 'unauthorized', message: 'API token is invalid.' });
    }
    if (header(req, 'notion-version') === undefined) {
      return sendJson(res, 400, { object: 'error', status: 400, code: 'missing_version', message: 'Notion-Version header failed validation.' });
    }
    const form = (header(req, 'content-type') ?? '').includes('application/json') ? parseForm(req, body) : {};
    const token = this.tokens.get(form.token ?? '');
    if (!token || token.family !== 'notion') return sendJson(res, 400, { object: 'error', status: 400, code: 'validation_error', message: 'Invalid token.' });
    if (!token.revoked) {
      token.revoked = true;
      this.revoked.push(token);
    }
    sendJson(res, 200, { request_id: randomBytes(8).toString('hex') });
  }

  revokeGrant(token: IssuedToken): void {
    for (const t of this.tokens.values()) {
      if (t.family === token.family && t.account.id === token.account.id && !t.revoked) {
        t.revoked = true;
        this.revoked.push(t);
      }
    }
  }

  private sendTokens(res: ServerResponse, token: IssuedToken, origin: string, options: { omitRefresh?: boolean } = {}): void {
    const behaviour = this.behaviours[token.family];
    sendJson(res, 200, {
      access_token: token.accessToken,
      token_type: 'bearer',
      scope: behaviour.scopeless ? '' : token.family === 'github' ? githubScope(token.scope) : token.scope,
      ...(behaviour.expiresIn === null ? {} : { expires_in: behaviour.expiresIn }),
      ...(token.refreshToken && !options.omitRefresh ? { refresh_token: token.refreshToken } : {}),
      ...behaviour.extra?.(token, origin),
    });
  }
}

/**
 * The `scope` of a GitHub OAuth app's token as GitHub writes it: comma-separated, normalized
 * (a scope implied by a broader one granted with it is left out: `user` covers `read:user`).
 */
function githubScope(scope: string): string {
  const granted = scope.split(/[\s,]+/).filter(Boolean);
  const implied: Record<string, string> = { 'read:user': 'user', 'user:email': 'user', 'user:follow': 'user', public_repo: 'repo', 'repo:status': 'repo' };
  return granted.filter((s) => !(implied[s] !== undefined && granted.includes(implied[s]))).join(',');
}

/**
 * A refused token request, as the family's provider answers it: RFC 6749's 400/401 and error
 * codes, except GitHub's `/login/oauth/access_token`, which answers HTTP 200 with its own codes
 * ("Troubleshooting OAuth app access token request errors"; a refresh token used twice or
 * revoked: `bad_refresh_token`); X's `invalid_request` "Value passed for the token was
 * invalid."; Atlassian's 403 for a refresh token it no longer knows; Zoom's `reason`.
 */
function tokenError(family: IntegrationFamilyId, res: ServerResponse, status: number, error: string, description?: string): void {
  if (error === 'invalid_grant' && family === 'x') {
    // X answers a spent, revoked or unknown code or refresh token with invalid_request, not invalid_grant.
    const what = description === 'refresh_token' ? 'token' : 'authorization code';
    return sendJson(res, 400, { error: 'invalid_request', error_description: `Value passed for the ${what} was invalid.` });
  }
  if (error === 'invalid_grant' && description === 'refresh_token' && family === 'atlassian') {
    // Atlassian's "Implementing the Refresh Token Flow": 403 Forbidden, "Unknown or invalid refresh token."
    return sendJson(res, 403, { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' });
  }
  if (error === 'invalid_grant' && description === 'refresh_token' && family === 'zoom') {
    return sendJson(res, 400, { reason: 'Invalid Token!', error: 'invalid_grant' });
  }
  if (family !== 'github') return sendJson(res, status, { error, ...(description === undefined ? {} : { error_description: description }) });
  const github =
    error === 'invalid_client'
      ? { error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.' }
      : description === 'redirect_uri'
        ? { error: 'redirect_uri_mismatch', error_description: 'The redirect_uri MUST match the registered callback URL for this application.' }
        : description === 'refresh_token'
          ? { error: 'bad_refresh_token', error_description: 'The refresh token passed is incorrect or expired.' }
          : error === 'invalid_grant'
            ? { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' }
            : { error, error_description: description ?? error };
  sendJson(res, 200, github);
}

export function parseForm(req: IncomingMessage, body: Buffer): Record<string, string> {
  const type = header(req, 'content-type') ?? '';
  const text = body.toString('utf8');
  if (type.includes('application/json')) {
    try {
      return Object.fromEntries(Object.entries(JSON.parse(text) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function clientAuth(req: IncomingMessage, form: Record<string, string>): { method: 'basic' | 'post' | 'none'; id?: string; secret?: string } {
  const value = header(req, 'authorization') ?? '';
  if (value.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(value.slice(6), 'base64').toString('utf8').split(':').map((part) => decodeURIComponent(part));
    return { method: 'basic', id, secret };
  }
  if (form.client_secret !== undefined) return { method: 'post', id: form.client_id, secret: form.client_secret };
  return { method: 'none' };
}
