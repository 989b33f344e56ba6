import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { sendJson } from './http-server';
import type { SlackState } from './slack-state';

/**
 * "Sign in with Slack" (OpenID Connect) as the fake serves it: discovery, authorize, token,
 * userInfo and a JWKS whose RSA key really signs the ID tokens. The issuer is the fake's
 * origin, so `SLACK_OIDC_ISSUER` points at it. The person signing in is whoever
 * `signInAs` named (default: the first person of the first workspace).
 */
export interface SlackOidc {
  issuer: string;
  clientId: string;
  signInAs(who: { teamId: string; userId: string }): void;
  /** Handles an OIDC request; false when the path is not an OIDC one. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, params: Record<string, string>): Promise<boolean>;
}

interface PendingCode {
  teamId: string;
  userId: string;
  clientId: string;
  redirectUri: string;
  nonce: string | undefined;
  codeChallenge: string | undefined;
}

export async function createSlackOidc(options: {
  origin: string;
  state: SlackState;
  clientId: string;
  clientSecret: string;
  /** Where browsers reach the authorize page, when not at `origin` (the playground proxies it). */
  authorizeUrl?: string;
}): Promise<SlackOidc> {
  const { origin, state, clientId, clientSecret } = options;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `fake-${randomBytes(4).toString('hex')}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, { teamId: string; userId: string }>();
  let signedIn: { teamId: string; userId: string } | undefined;

  const whoSignsIn = () => {
    if (signedIn !== undefined) return signedIn;
    const team = [...state.teams.values()][0];
    const user = [...state.users.values()].find((u) => u.teamId === team?.id && u.isBot !== true);
    return team && user ? { teamId: team.id, userId: user.id } : undefined;
  };

  const claimsFor = (who: { teamId: string; userId: string }) => {
    const user = state.users.get(who.userId);
    const team = state.teams.get(who.teamId);
    return {
      sub: who.userId,
      'https://slack.com/user_id': who.userId,
      'https://slack.com/team_id': who.teamId,
      'https://slack.com/team_name': team?.name ?? '',
      'https://slack.com/team_domain': team?.domain ?? '',
      email: user?.email ?? `${who.userId.toLowerCase()}@example.test`,
      email_verified: true,
      name: user?.realName ?? user?.name ?? who.userId,
      locale: user?.locale ?? 'en-US',
      picture: `${origin}/fake-avatar/${who.userId}.png`,
    };
  };

  const discovery = {
    issuer: origin,
    authorization_endpoint: options.authorizeUrl ?? `${origin}/openid/connect/authorize`,
    token_endpoint: `${origin}/api/openid.connect.token`,
    userinfo_endpoint: `${origin}/api/openid.connect.userInfo`,
    jwks_uri: `${origin}/openid/connect/keys`,
    scopes_supported: ['openid', 'profile', 'email'],
    response_types_supported: ['code'],
    response_modes_supported: ['form_post', 'query'],
    grant_types_supported: ['authorization_code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: ['sub', 'auth_time', 'iss', 'email', 'email_verified', 'name', 'picture', 'locale'],
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: true,
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    code_challenge_methods_supported: ['S256'],
  };

  return {
    issuer: origin,
    clientId,
    signInAs(who) {
      signedIn = who;
    },
    async handle(req, res, path, params) {
      if (path === '/.well-known/openid-configuration') {
        sendJson(res, 200, discovery);
        return true;
      }
      if (path === '/openid/connect/keys') {
        sendJson(res, 200, { keys: [jwk] });
        return true;
      }
      if (path === '/openid/connect/authorize') {
        const who = whoSignsIn();
        if (params.client_id !== clientId || !params.redirect_uri || !(params.scope ?? '').split(' ').includes('openid')) {
          sendJson(res, 400, { ok: false, error: 'invalid_request' });
          return true;
        }
        const target = new URL(params.redirect_uri);
        if (who === undefined) {
          target.searchParams.set('error', 'access_denied');
        } else {
          const code = `oidc-${randomBytes(12).toString('hex')}`;
          codes.set(code, {
            ...who,
            clientId,
            redirectUri: params.redirect_uri,
            nonce: params.nonce,
            codeChallenge: params.code_challenge,
          });
          target.searchParams.set('code', code);
        }
        if (params.state !== undefined) target.searchParams.set('state', params.state);
        res.writeHead(302, { location: target.toString() });
        res.end();
        return true;
      }
      if (path === '/api/openid.connect.token') {
        const client = clientCredentials(req, params);
        const pending = codes.get(params.code ?? '');
        codes.delete(params.code ?? '');
        const error =
          client.id !== clientId || client.secret !== clientSecret
            ? 'invalid_client'
            : pending === undefined || pending.redirectUri !== params.redirect_uri
              ? 'invalid_code'
              : pending.codeChallenge !== undefined && s256(params.code_verifier ?? '') !== pending.codeChallenge
                ? 'invalid_code_verifier'
                : undefined;
        if (error !== undefined || pending === undefined) {
          sendJson(res, 200, { ok: false, error: error ?? 'invalid_code' });
          return true;
        }
        const now = Math.floor(Date.now() / 1000);
        const idToken = await new SignJWT({
          ...claimsFor(pending),
          auth_time: now,
          ...(pending.nonce === undefined ? {} : { nonce: pending.nonce }),
        })
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer(origin)
          .setAudience(clientId)
          .setSubject(pending.userId)
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(privateKey);
        const accessToken = `xoxp-oidc-${randomBytes(12).toString('hex')}`;
        accessTokens.set(accessToken, { teamId: pending.teamId, userId: pending.userId });
        sendJson(res, 200, { ok: true, access_token: accessToken, token_type: 'Bearer', id_token: idToken });
        return true;
      }
      if (path === '/api/openid.connect.userInfo') {
        const auth = req.headers.authorization ?? '';
        const who = accessTokens.get(auth.startsWith('Bearer ') ? auth.slice(7) : (params.token ?? ''));
        if (who === undefined) sendJson(res, 200, { ok: false, error: 'invalid_auth' });
        else sendJson(res, 200, { ok: true, ...claimsFor(who) });
        return true;
      }
      return false;
    },
  };
}

function clientCredentials(req: IncomingMessage, params: Record<string, string>): { id?: string; secret?: string } {
  const auth = req.headers.authorization ?? '';
  if (auth.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
  }
  return { id: params.client_id, secret: params.client_secret };
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
