import {
  INTEGRATION_FAMILIES,
  findProvider,
  type Endpoint,
  type IntegrationFamily,
  type IntegrationFamilyId,
  type IntegrationProvider,
} from '../../core/integrations/integration-provider';

export interface FamilySettings {
  readonly clientId: string;
  /** Trello has an API key only: its secret may be empty. */
  readonly clientSecret: string;
  /** Replaces the base of the family's authorize, token and revoke endpoints. */
  readonly oauthUrl?: string | undefined;
  /** Replaces the base of every API of the family. */
  readonly apiUrl?: string | undefined;
}

export interface IntegrationSettings {
  readonly families: Partial<Record<IntegrationFamilyId, FamilySettings>>;
  /** How long one provider call may take. Default 15 s. */
  readonly timeoutMs?: number;
}

/** Reads `<PREFIX>_CLIENT_ID`, `_CLIENT_SECRET`, `_OAUTH_URL`, `_API_URL` of every family. */
export function integrationSettingsFromEnv(env: Readonly<Record<string, unknown>>): IntegrationSettings {
  const families: Partial<Record<IntegrationFamilyId, FamilySettings>> = {};
  for (const family of Object.values(INTEGRATION_FAMILIES)) {
    const value = (name: string) => str(env[`${family.envPrefix}_${name}`]);
    const clientId = value('CLIENT_ID');
    const clientSecret = value('CLIENT_SECRET');
    if (clientId === undefined || (clientSecret === undefined && family.flow !== 'trello')) continue;
    // Slack's OAuth pages live beside its Web API (SLACK_API_URL), as for the install.
    const slackApi = family.id === 'slack' ? (str(env.SLACK_API_URL) ?? 'https://slack.com/api/') : undefined;
    families[family.id] = {
      clientId,
      clientSecret: clientSecret ?? '',
      oauthUrl: value('OAUTH_URL') ?? (slackApi === undefined ? undefined : new URL('..', slackApi).href),
      apiUrl: value('API_URL') ?? slackApi,
    };
  }
  return { families };
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Where each endpoint of a family or provider is, after configuration. */
export class IntegrationEndpoints {
  constructor(readonly settings: IntegrationSettings) {}

  family(id: IntegrationFamilyId): FamilySettings | undefined {
    return this.settings.families[id];
  }

  isActive(provider: IntegrationProvider): boolean {
    return this.settings.families[provider.family] !== undefined;
  }

  oauth(family: IntegrationFamily, endpoint: Endpoint): URL {
    const [base, path] = endpoint;
    return joinUrl(this.settings.families[family.id]?.oauthUrl ?? base, path);
  }

  /** `https://api.github.com` + `/search/code`; the configured `<PREFIX>_API_URL` when set. */
  api(providerId: string, path: string, defaultBase?: string): URL {
    const provider = findProvider(providerId);
    if (provider === undefined) throw new Error(`Unknown provider ${providerId}`);
    const base = this.settings.families[provider.family]?.apiUrl ?? defaultBase ?? provider.api;
    return joinUrl(base, path);
  }

  get timeoutMs(): number {
    return this.settings.timeoutMs ?? 15_000;
  }
}

/** `http://h/base/` + `/v1/x` → `http://h/base/v1/x` (the base's path is kept). */
export function joinUrl(base: string, path: string): URL {
  const url = new URL(base);
  const trimmed = url.pathname.replace(/\/+$/, '');
  const [pathOnly, query] = path.split('?', 2) as [string, string | undefined];
  url.pathname = `${trimmed}${pathOnly.startsWith('/') ? '' : '/'}${pathOnly}`;
  if (query !== undefined) url.search = query;
  return url;
}
