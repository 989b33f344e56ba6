/**
 * The services people can connect on the Integrations page (spec 2, spec 7), in the page's
 * order: the spec's 14 cards first, then the five further providers of spec 7.
 *
 * Providers come in OAuth families: one OAuth app (client id and secret, configured once)
 * serves every provider of its family, and each provider asks for its own scopes, so a
 * person connects Google Docs without granting Calendar. A provider is active when its
 * family is configured (`<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET`).
 */

export type IntegrationFamilyId =
  | 'google'
  | 'atlassian'
  | 'trello'
  | 'github'
  | 'gitlab'
  | 'slack'
  | 'notion'
  | 'asana'
  | 'monday'
  | 'salesforce'
  | 'zoom'
  | 'x';

/** `[default base, path]`: the base is replaced by `<PREFIX>_OAUTH_URL` when it is set (tests, self-hosted GitLab). */
export type Endpoint = readonly [base: string, path: string];

export interface IntegrationFamily {
  readonly id: IntegrationFamilyId;
  /** Configuration names: `<PREFIX>_CLIENT_ID`, `<PREFIX>_CLIENT_SECRET`, `<PREFIX>_OAUTH_URL`, `<PREFIX>_API_URL`. */
  readonly envPrefix: string;
  /**
   * How a connection is made: standard OAuth 2 authorization code (openid-client), Slack's
   * `oauth.v2.access` for a user token, or Trello's API key and token.
   */
  readonly flow: 'oauth2' | 'slack' | 'trello';
  readonly authorize: Endpoint;
  readonly token?: Endpoint;
  /**
   * How a token is revoked at the provider: RFC 7009 at an endpoint, Notion's JSON one
   * (`POST /v1/oauth/revoke`, Basic, a Notion-Version header), GitHub's grant deletion,
   * Slack's `auth.revoke`, Trello's token deletion; `none` where the provider has no endpoint
   * (the person removes the app in the provider's settings; Tomo deletes its copy).
   */
  readonly revoke:
    | { readonly kind: 'rfc7009' | 'notion'; readonly endpoint: Endpoint }
    | { readonly kind: 'github' | 'slack' | 'trello' | 'none' };
  /** How the token endpoint wants the client secret. */
  readonly clientAuth: 'basic' | 'post';
  /** Separator of the `scope` parameter (Slack and some others take commas). */
  readonly scopeSeparator: ' ' | ',';
  /** Extra parameters of the authorize URL (offline access, consent prompt, audience…). */
  readonly authorizeParams?: Readonly<Record<string, string>>;
  /**
   * The person may be granted less than was asked for, and the token response's `scope` says
   * what was granted; a connection without every scope the provider's tools need is not taken.
   * - `exact`: Google's granular consent screen lets the person untick scopes and grants the
   *   rest; `scope` names the granted ones exactly as asked.
   * - `github`: GitHub OAuth apps ("Requested scopes and granted scopes": users can edit their
   *   scopes, granting less than requested). `scope` is comma-separated and normalized (a scope
   *   implied by a broader one granted is left out: `user` stands for `read:user`). An empty
   *   `scope` is a GitHub App's user token, whose permissions are the app's, not scopes: not checked.
   */
  readonly grantedScopes?: 'exact' | 'github';
}

export interface IntegrationProvider {
  readonly id: string;
  readonly title: string;
  readonly family: IntegrationFamilyId;
  /** Path of the card's image under the site root. */
  readonly image: string;
  /** The least the provider's tools need; read-only wherever the provider offers it (spec 9). */
  readonly scopes: readonly string[];
  /** PKCE S256 on the authorize and token requests. */
  readonly pkce: boolean;
  /** Default base of the provider's API; `<PREFIX>_API_URL` replaces it. */
  readonly api: string;
}

const google = (id: string, title: string, scopes: string[], api: string): IntegrationProvider => ({
  id,
  title,
  family: 'google',
  image: `/integrations/${id}.svg`,
  // userinfo.email names the connected account on the card.
  scopes: [...scopes, 'https://www.googleapis.com/auth/userinfo.email'],
  pkce: true,
  api,
});

const provider = (id: string, title: string, family: IntegrationFamilyId, scopes: string[], pkce: boolean, api: string): IntegrationProvider => ({
  id,
  title,
  family,
  image: `/integrations/${id}.svg`,
  scopes,
  pkce,
  api,
});

export const INTEGRATION_PROVIDERS = [
  google('youtube', 'YouTube', ['https://www.googleapis.com/auth/youtube.readonly'], 'https://www.googleapis.com'),
  google('google-sheets', 'Google Sheets', ['https://www.googleapis.com/auth/spreadsheets.readonly'], 'https://sheets.googleapis.com'),
  google('google-slides', 'Google Slides', ['https://www.googleapis.com/auth/presentations.readonly'], 'https://slides.googleapis.com'),
  google('google-docs', 'Google Docs', ['https://www.googleapis.com/auth/documents.readonly'], 'https://docs.googleapis.com'),
  google('google-meet', 'Google Meet', ['https://www.googleapis.com/auth/meetings.space.readonly'], 'https://meet.googleapis.com'),
  google('google-calendar', 'Google Calendar', ['https://www.googleapis.com/auth/calendar.readonly'], 'https://www.googleapis.com'),
  google('google-drive', 'Google Drive', ['https://www.googleapis.com/auth/drive.readonly'], 'https://www.googleapis.com'),
  provider('notion', 'Notion', 'notion', [], false, 'https://api.notion.com'),
  provider('github', 'GitHub', 'github', ['repo', 'read:user'], true, 'https://api.github.com'),
  provider('gitlab', 'GitLab', 'gitlab', ['read_api', 'read_user'], true, 'https://gitlab.com/api/v4'),
  provider('asana', 'Asana', 'asana', ['default'], true, 'https://app.asana.com/api/1.0'),
  provider('salesforce', 'Salesforce', 'salesforce', ['api', 'refresh_token'], true, ''),
  provider('zoom', 'Zoom', 'zoom', ['meeting:read', 'user:read'], true, 'https://api.zoom.us/v2'),
  provider('slack', 'Slack', 'slack', ['search:read'], false, 'https://slack.com/api/'),
  provider('atlassian-jira', 'Jira', 'atlassian', ['read:jira-work', 'read:jira-user', 'read:me', 'offline_access'], false, 'https://api.atlassian.com'),
  provider('atlassian-confluence', 'Confluence', 'atlassian', ['search:confluence', 'read:confluence-content.summary', 'read:me', 'offline_access'], false, 'https://api.atlassian.com'),
  provider('atlassian-trello', 'Trello', 'trello', ['read'], false, 'https://api.trello.com/1'),
  provider('monday', 'monday.com', 'monday', ['boards:read', 'me:read'], false, 'https://api.monday.com/v2'),
  provider('x', 'X', 'x', ['tweet.read', 'users.read', 'offline.access'], true, 'https://api.x.com/2'),
] as const satisfies readonly IntegrationProvider[];

export type IntegrationProviderId = (typeof INTEGRATION_PROVIDERS)[number]['id'];

export const INTEGRATION_FAMILIES: Record<IntegrationFamilyId, IntegrationFamily> = {
  google: {
    id: 'google',
    envPrefix: 'GOOGLE',
    flow: 'oauth2',
    authorize: ['https://accounts.google.com', '/o/oauth2/v2/auth'],
    token: ['https://oauth2.googleapis.com', '/token'],
    revoke: { kind: 'rfc7009', endpoint: ['https://oauth2.googleapis.com', '/revoke'] },
    clientAuth: 'post',
    scopeSeparator: ' ',
    // A refresh token, and the consent screen again so a reconnect gets a new one.
    authorizeParams: { access_type: 'offline', prompt: 'consent' },
    grantedScopes: 'exact',
  },
  atlassian: {
    id: 'atlassian',
    envPrefix: 'ATLASSIAN',
    flow: 'oauth2',
    authorize: ['https://auth.atlassian.com', '/authorize'],
    token: ['https://auth.atlassian.com', '/oauth/token'],
    revoke: { kind: 'none' },
    clientAuth: 'post',
    scopeSeparator: ' ',
    authorizeParams: { audience: 'api.atlassian.com', prompt: 'consent' },
  },
  trello: {
    id: 'trello',
    envPrefix: 'TRELLO',
    flow: 'trello',
    authorize: ['https://trello.com', '/1/authorize'],
    revoke: { kind: 'trello' },
    clientAuth: 'post',
    scopeSeparator: ',',
  },
  github: {
    id: 'github',
    envPrefix: 'GITHUB',
    flow: 'oauth2',
    authorize: ['https://github.com', '/login/oauth/authorize'],
    token: ['https://github.com', '/login/oauth/access_token'],
    revoke: { kind: 'github' },
    clientAuth: 'post',
    scopeSeparator: ' ',
    grantedScopes: 'github',
  },
  gitlab: {
    id: 'gitlab',
    envPrefix: 'GITLAB',
    flow: 'oauth2',
    authorize: ['https://gitlab.com', '/oauth/authorize'],
    token: ['https://gitlab.com', '/oauth/token'],
    revoke: { kind: 'rfc7009', endpoint: ['https://gitlab.com', '/oauth/revoke'] },
    clientAuth: 'post',
    scopeSeparator: ' ',
  },
  slack: {
    id: 'slack',
    envPrefix: 'SLACK',
    flow: 'slack',
    authorize: ['https://slack.com', '/oauth/v2/authorize'],
    revoke: { kind: 'slack' },
    clientAuth: 'post',
    scopeSeparator: ',',
  },
  notion: {
    id: 'notion',
    envPrefix: 'NOTION',
    flow: 'oauth2',
    authorize: ['https://api.notion.com', '/v1/oauth/authorize'],
    token: ['https://api.notion.com', '/v1/oauth/token'],
    revoke: { kind: 'notion', endpoint: ['https://api.notion.com', '/v1/oauth/revoke'] },
    clientAuth: 'basic',
    scopeSeparator: ' ',
    authorizeParams: { owner: 'user' },
  },
  asana: {
    id: 'asana',
    envPrefix: 'ASANA',
    flow: 'oauth2',
    authorize: ['https://app.asana.com', '/-/oauth_authorize'],
    token: ['https://app.asana.com', '/-/oauth_token'],
    revoke: { kind: 'rfc7009', endpoint: ['https://app.asana.com', '/-/oauth_revoke'] },
    clientAuth: 'post',
    scopeSeparator: ' ',
  },
  monday: {
    id: 'monday',
    envPrefix: 'MONDAY',
    flow: 'oauth2',
    authorize: ['https://auth.monday.com', '/oauth2/authorize'],
    token: ['https://auth.monday.com', '/oauth2/token'],
    revoke: { kind: 'none' },
    clientAuth: 'post',
    scopeSeparator: ' ',
  },
  salesforce: {
    id: 'salesforce',
    envPrefix: 'SALESFORCE',
    flow: 'oauth2',
    authorize: ['https://login.salesforce.com', '/services/oauth2/authorize'],
    token: ['https://login.salesforce.com', '/services/oauth2/token'],
    revoke: { kind: 'rfc7009', endpoint: ['https://login.salesforce.com', '/services/oauth2/revoke'] },
    clientAuth: 'post',
    scopeSeparator: ' ',
  },
  zoom: {
    id: 'zoom',
    envPrefix: 'ZOOM',
    flow: 'oauth2',
    authorize: ['https://zoom.us', '/oauth/authorize'],
    token: ['https://zoom.us', '/oauth/token'],
    revoke: { kind: 'rfc7009', endpoint: ['https://zoom.us', '/oauth/revoke'] },
    clientAuth: 'basic',
    scopeSeparator: ' ',
  },
  x: {
    id: 'x',
    envPrefix: 'X',
    flow: 'oauth2',
    authorize: ['https://x.com', '/i/oauth2/authorize'],
    token: ['https://api.x.com', '/2/oauth2/token'],
    revoke: { kind: 'rfc7009', endpoint: ['https://api.x.com', '/2/oauth2/revoke'] },
    clientAuth: 'basic',
    scopeSeparator: ' ',
  },
};

const BY_ID = new Map<string, IntegrationProvider>(INTEGRATION_PROVIDERS.map((p) => [p.id, p]));

export function findProvider(id: string): IntegrationProvider | undefined {
  return BY_ID.get(id);
}

export function familyOf(provider: IntegrationProvider): IntegrationFamily {
  return INTEGRATION_FAMILIES[provider.family];
}

/**
 * GitHub's broader OAuth scopes and the narrower ones each includes ("Scopes for OAuth apps"):
 * a token granted the broader one lists only it.
 */
const GITHUB_IMPLIED_BY: Readonly<Record<string, readonly string[]>> = {
  'read:user': ['user'],
  'user:email': ['user'],
  'user:follow': ['user'],
  'repo:status': ['repo'],
  repo_deployment: ['repo'],
  public_repo: ['repo'],
  'repo:invite': ['repo'],
  security_events: ['repo'],
  'read:org': ['write:org', 'admin:org'],
  'write:org': ['admin:org'],
  'read:project': ['project'],
  'read:packages': ['write:packages'],
};

/**
 * The scopes asked for that the provider did not grant, where the family can grant less than
 * asked (`grantedScopes`); `granted` is the token response's `scope`. Elsewhere none: other
 * providers grant all or nothing, and some name granted scopes differently from the request.
 */
export function declinedScopes(provider: IntegrationProvider, granted: string | null): string[] {
  const check = familyOf(provider).grantedScopes;
  if (check === undefined || granted === null) return [];
  const given = new Set(granted.split(/[\s,]+/).filter(Boolean));
  if (check === 'exact') return provider.scopes.filter((scope) => !given.has(scope));
  // A GitHub App's user token: no scopes at all, its permissions are the app's.
  if (given.size === 0) return [];
  return provider.scopes.filter((scope) => !given.has(scope) && !(GITHUB_IMPLIED_BY[scope] ?? []).some((broader) => given.has(broader)));
}

/** What a card shows: connect, disconnect (with the account), reconnect needed, or work in progress. */
export type IntegrationCardState = 'inactive' | 'disconnected' | 'connected' | 'reconnect_needed';

export interface IntegrationCard {
  readonly id: IntegrationProviderId;
  readonly title: string;
  readonly image: string;
  /** false: the card shows 'Work in progress' instead of connect / disconnect. */
  readonly active: boolean;
  readonly connected: boolean;
  readonly state: IntegrationCardState;
  /** The connected account's name ("ana@acme.test", "octocat"), when connected. */
  readonly account: string | null;
}

export interface ConnectionSummary {
  readonly provider: string;
  readonly status: 'connected' | 'reconnect_needed';
  readonly accountName: string | null;
}

/** The page's cards; `activeProviders` are the providers whose OAuth app is configured. */
export function integrationCards(activeProviders: ReadonlySet<string>, connections: readonly ConnectionSummary[]): IntegrationCard[] {
  const byProvider = new Map(connections.map((c) => [c.provider, c]));
  return INTEGRATION_PROVIDERS.map((p) => {
    const active = activeProviders.has(p.id);
    const connection = active ? byProvider.get(p.id) : undefined;
    const state: IntegrationCardState = !active ? 'inactive' : connection === undefined ? 'disconnected' : connection.status;
    return {
      id: p.id,
      title: p.title,
      image: p.image,
      active,
      connected: state === 'connected',
      state,
      account: connection?.accountName ?? null,
    };
  });
}
