import type { IncomingMessage, ServerResponse } from 'node:http';
import { INTEGRATION_FAMILIES, type IntegrationFamilyId } from '../../../core/integrations/integration-provider';
import { sendJson, startHttpFake } from '../support/http-fake';
import { providerApis, type ApiWorld } from './fake-provider-apis';
import { CLIENT_ID, CLIENT_SECRET, FakeOAuthServer, type FakeAccount, type FamilyBehaviour } from './fake-oauth-server';

export { CLIENT_ID, CLIENT_SECRET, type FakeAccount };

export const ANA: FakeAccount = { id: 'acct-ana', name: 'Ana Admin', email: 'ana@acme.test' };
export const MO: FakeAccount = { id: 'acct-mo', name: 'Mo Member', email: 'mo@acme.test' };

const HOUR = 3600;
/** How each family's real provider hands out tokens (lifetimes, refresh, rotation). */
const BEHAVIOURS: Record<IntegrationFamilyId, FamilyBehaviour> = {
  google: { expiresIn: HOUR, refresh: true, rotates: false },
  atlassian: { expiresIn: HOUR, refresh: true, rotates: true },
  trello: { expiresIn: null, refresh: false, rotates: false },
  github: { expiresIn: null, refresh: false, rotates: false },
  gitlab: { expiresIn: 2 * HOUR, refresh: true, rotates: true },
  slack: { expiresIn: null, refresh: false, rotates: false },
  notion: {
    expiresIn: null,
    refresh: false,
    rotates: false,
    extra: (t) => ({ workspace_name: 'Acme Wiki', owner: { type: 'user', user: { name: t.account.name, person: { email: t.account.email } } } }),
  },
  asana: { expiresIn: HOUR, refresh: true, rotates: false, extra: (t) => ({ data: { gid: t.account.id, name: t.account.name, email: t.account.email } }) },
  monday: { expiresIn: null, refresh: false, rotates: false },
  salesforce: { expiresIn: null, refresh: true, rotates: false, extra: (_t, origin) => ({ instance_url: `${origin}/salesforce/api`, id: `${origin}/id` }) },
  zoom: { expiresIn: HOUR, refresh: true, rotates: true },
  x: { expiresIn: 2 * HOUR, refresh: true, rotates: true },
};

export interface FakeIntegrations {
  origin: string;
  oauth: FakeOAuthServer;
  /** Provider data the fake APIs serve, per account id. */
  world: ApiWorld;
  /** API requests received: family, method and path (no tokens, no bodies). */
  apiCalls: { family: IntegrationFamilyId; method: string; path: string; account: string | null }[];
  /** `GOOGLE_CLIENT_ID`, `GOOGLE_OAUTH_URL`, `GOOGLE_API_URL`… for every family but Slack (the Slack fake serves it). */
  env(families?: readonly IntegrationFamilyId[]): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Every integration family's OAuth server and API on one port: `/<family>/oauth/<path>` and
 * `/<family>/api/<path>`, the real providers' paths under those prefixes. `behaviours` overrides
 * a family's, e.g. a GitHub App's expiring user tokens instead of an OAuth app's lasting ones.
 */
export async function startFakeIntegrations(options: { behaviours?: Partial<Record<IntegrationFamilyId, FamilyBehaviour>> } = {}): Promise<FakeIntegrations> {
  const oauth = new FakeOAuthServer({ ...BEHAVIOURS, ...options.behaviours }, ANA);
  const world: ApiWorld = { data: new Map() };
  const apiCalls: FakeIntegrations['apiCalls'] = [];
  const apis = providerApis();
  const http = await startHttpFake(async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, familyId, part, ...rest] = url.pathname.split('/');
    const family = INTEGRATION_FAMILIES[familyId as IntegrationFamilyId];
    if (!family) return sendJson(res, 404, { error: 'no such family' });
    const path = `/${rest.join('/')}`;
    if (part === 'oauth') {
      if (req.method === 'GET' && path === family.authorize[1]) return oauth.authorize(family.id, url, res);
      if (req.method === 'POST' && family.token && path === family.token[1]) {
        const refreshing = /grant_type=refresh_token|"grant_type"\s*:\s*"refresh_token"/.test(body.toString());
        const held = oauth.tokenEndpointHeld.get(family.id) ?? (refreshing ? oauth.refreshHeld.get(family.id) : undefined);
        if (held) {
          oauth.waitingTokenRequests.set(family.id, (oauth.waitingTokenRequests.get(family.id) ?? 0) + 1);
          await held;
          oauth.waitingTokenRequests.set(family.id, oauth.waitingTokenRequests.get(family.id)! - 1);
        }
        return oauth.token(family.id, req, body, res, http.origin);
      }
      if (req.method === 'POST' && family.revoke.kind === 'rfc7009' && path === family.revoke.endpoint[1]) return oauth.revoke(family.id, req, body, res);
      if (req.method === 'POST' && family.revoke.kind === 'notion' && path === family.revoke.endpoint[1]) return oauth.revokeNotion(req, body, res);
      return sendJson(res, 404, { error: 'no such oauth endpoint' });
    }
    if (part === 'api') {
      const token = oauth.bearer(req);
      apiCalls.push({ family: family.id, method: req.method ?? 'GET', path, account: token?.account.id ?? null });
      const limited = world.rateLimits?.get(family.id)?.shift();
      if (limited !== undefined) {
        // As the providers do (Notion's rate_limited, Atlassian, Asana, Zoom…): 429 and how long to wait.
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': limited });
        res.end(JSON.stringify({ object: 'error', status: 429, code: 'rate_limited', message: 'You have been rate limited. Please try again in a few minutes.' }));
        return;
      }
      const handled = await apis[family.id]?.({ req, res, body, url, path, token, oauth, world, origin: http.origin });
      if (handled === false || handled === undefined) sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    sendJson(res, 404, { error: 'not found' });
  });
  return {
    origin: http.origin,
    oauth,
    world,
    apiCalls,
    env(families) {
      const env: Record<string, string> = {};
      for (const family of Object.values(INTEGRATION_FAMILIES)) {
        if (family.id === 'slack' || (families && !families.includes(family.id))) continue;
        env[`${family.envPrefix}_CLIENT_ID`] = CLIENT_ID(family.id);
        env[`${family.envPrefix}_CLIENT_SECRET`] = CLIENT_SECRET(family.id);
        env[`${family.envPrefix}_OAUTH_URL`] = `${http.origin}/${family.id}/oauth`;
        env[`${family.envPrefix}_API_URL`] = `${http.origin}/${family.id}/api`;
      }
      return env;
    },
    close: () => http.close(),
  };
}
