import type { IntegrationProvider } from '../../core/integrations/integration-provider';
import type { IntegrationEndpoints } from './integration-settings';
import { providerJson } from './provider-http';

export interface AccountFacts {
  /** How the card names the connection: an email, a login, "Ana (Acme)". */
  readonly name: string | null;
  readonly details: Readonly<Record<string, string>> | null;
}

type Json = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

/**
 * Who the person connected as, and the facts later calls need (Salesforce's instance,
 * Atlassian's site). Best effort: a provider that will not say leaves the name empty; only
 * Trello's answer decides whether the connection holds (null when Trello refuses the token).
 */
export async function describeAccount(
  endpoints: IntegrationEndpoints,
  provider: IntegrationProvider,
  token: string,
  tokenResponse: Json,
): Promise<AccountFacts | null> {
  const call = <T>(url: URL, init: { json?: unknown; headers?: Record<string, string> } = {}) =>
    providerJson<T>(url, { provider: provider.id, token, timeoutMs: endpoints.timeoutMs, ...init });
  try {
    switch (provider.family) {
      case 'google': {
        const me = await call<Json>(endpoints.api(provider.id, '/oauth2/v3/userinfo', 'https://www.googleapis.com'));
        return { name: text(me.email) ?? text(me.name), details: null };
      }
      case 'github': {
        const me = await call<Json>(endpoints.api(provider.id, '/user'), { headers: { accept: 'application/vnd.github+json' } });
        return { name: text(me.login), details: null };
      }
      case 'gitlab': {
        const me = await call<Json>(endpoints.api(provider.id, '/user'));
        return { name: text(me.username), details: null };
      }
      case 'notion': {
        const owner = obj(obj(tokenResponse.owner).user);
        const workspace = text(tokenResponse.workspace_name);
        const name = text(owner.name) ?? text(obj(owner.person).email);
        return { name: name && workspace ? `${name} (${workspace})` : (name ?? workspace), details: null };
      }
      case 'asana': {
        const data = obj(tokenResponse.data);
        return { name: text(data.email) ?? text(data.name), details: null };
      }
      case 'monday': {
        // monday.com takes the token as the Authorization header itself.
        const me = await call<Json>(endpoints.api(provider.id, '/'), { json: { query: '{ me { name email } }' }, headers: { authorization: token } });
        const user = obj(obj(me.data).me);
        return { name: text(user.email) ?? text(user.name), details: null };
      }
      case 'salesforce': {
        const instanceUrl = text(tokenResponse.instance_url);
        const base = endpoints.family('salesforce')?.apiUrl ?? instanceUrl;
        if (base === null) return { name: null, details: null };
        const me = await call<Json>(endpoints.api(provider.id, '/services/oauth2/userinfo', base));
        return { name: text(me.preferred_username) ?? text(me.email), details: instanceUrl ? { instanceUrl } : null };
      }
      case 'zoom': {
        const me = await call<Json>(endpoints.api(provider.id, '/users/me'));
        return { name: text(me.email) ?? text(me.display_name), details: null };
      }
      case 'x': {
        const me = await call<Json>(endpoints.api(provider.id, '/users/me'));
        const username = text(obj(me.data).username);
        return { name: username ? `@${username}` : null, details: null };
      }
      case 'atlassian': {
        const me = await call<Json>(endpoints.api(provider.id, '/me'));
        const sites = await call<Json[]>(endpoints.api(provider.id, '/oauth/token/accessible-resources'));
        const site = obj(sites?.[0]);
        const siteName = text(site.name);
        const name = text(me.email) ?? text(me.name);
        return {
          name: name && siteName ? `${name} (${siteName})` : name,
          details: text(site.id) ? { cloudId: text(site.id)!, siteUrl: text(site.url) ?? '' } : null,
        };
      }
      case 'trello': {
        const key = endpoints.family('trello')?.clientId ?? '';
        const url = endpoints.api(provider.id, '/members/me');
        url.search = new URLSearchParams({ key, token, fields: 'username,fullName' }).toString();
        const me = await providerJson<Json>(url, { provider: provider.id, timeoutMs: endpoints.timeoutMs });
        return { name: text(me.username) ?? text(me.fullName), details: null };
      }
      case 'slack':
        return { name: null, details: null };
    }
  } catch {
    if (provider.family === 'trello') return null;
    return { name: null, details: null };
  }
}
