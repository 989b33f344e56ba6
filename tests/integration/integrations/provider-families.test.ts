import { connect as connectSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { googleDocsReader, googleSheetsReader, googleSlidesReader, googleTools } from '../../../adapters/integrations/google';
import type { TokenRefused } from '../../../adapters/integrations/integration-tool';
import { IntegrationEndpoints, integrationSettingsFromEnv } from '../../../adapters/integrations/integration-settings';
import { integrationProviderTools } from '../../../adapters/integrations/provider-tools';
import { ProviderOAuth } from '../../../adapters/integrations/provider-oauth';
import { InMemoryConnectionLock } from '../../../adapters/memory/in-memory-connection-lock';
import { PgOAuthTokenRepository } from '../../../adapters/postgres/pg-oauth-token-repository';
import { SystemClock } from '../../../adapters/system/system-clock';
import { IntegrationConnections } from '../../../core/integrations/integration-connections';
import { familyOf, findProvider, INTEGRATION_FAMILIES, INTEGRATION_PROVIDERS } from '../../../core/integrations/integration-provider';
import { ReaderError } from '../../../core/readers/reader';
import { ToolError } from '../../../core/tools/tool';
import { ANA, MO, startFakeIntegrations, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { addItems } from '../../fakes/integrations/fake-provider-apis';
import { testLogger } from '../../support/logger';
import { HttpSession } from '../settings/support/http-session';
import { ADMIN_A, MEMBER_A, startSettingsWorld, TEAM_A, type SettingsWorld } from '../settings/support/slack-world';

let world: SettingsWorld;
let fake: FakeIntegrations;
let ana: HttpSession;

beforeAll(async () => {
  fake = await startFakeIntegrations();
  world = await startSettingsWorld({ env: fake.env() });
  ana = new HttpSession(world.app.baseUrl);
  await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
  world.slack.connectUserAs({ teamId: TEAM_A, userId: ADMIN_A });
  for (const family of Object.values(INTEGRATION_FAMILIES)) fake.oauth.signInAs(family.id, ANA);
});
afterAll(async () => {
  await world?.close();
  await fake?.close();
});

const endpoints = () => new IntegrationEndpoints(integrationSettingsFromEnv({ ...fake.env(), SLACK_CLIENT_ID: world.slack.settings.clientId, SLACK_CLIENT_SECRET: world.slack.settings.clientSecret, SLACK_API_URL: world.slack.url }));
const tokens = () => new PgOAuthTokenRepository(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
const connections = () =>
  new IntegrationConnections({ tokens: tokens(), oauth: new ProviderOAuth(endpoints()), lock: new InMemoryConnectionLock(), clock: new SystemClock(), log: testLogger });

async function connect(session: HttpSession, provider: string): Promise<{ authorize: URL; done: Response }> {
  const start = await session.get(`/api/auth/request/${provider}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const consent = await fetch(authorize, { redirect: 'manual' });
  let back = consent.headers.get('location')!;
  if (provider === 'atlassian-trello') {
    // Trello hands the token back in the fragment: the relay page posts it with the state.
    const relay = await session.get(back.replace(world.app.baseUrl, '').split('#')[0]!);
    expect(await relay.text()).toContain('<form method="post" action="/api/auth/callback/atlassian-trello">');
    const url = new URL(back);
    const done = await session.request(`/api/auth/callback/atlassian-trello`, {
      method: 'POST',
      headers: { origin: world.app.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: url.searchParams.get('state')!, token: new URLSearchParams(url.hash.slice(1)).get('token')! }).toString(),
    });
    return { authorize, done };
  }
  back = back.replace(world.app.baseUrl, '');
  return { authorize, done: await session.get(back) };
}

const ACCOUNTS: Record<string, string> = {
  google: 'ana@acme.test',
  github: 'ana',
  gitlab: 'ana',
  notion: 'Ana Admin (Acme Wiki)',
  asana: 'ana@acme.test',
  monday: 'ana@acme.test',
  salesforce: 'ana@acme.test',
  zoom: 'ana@acme.test',
  x: '@ana',
  atlassian: 'ana@acme.test (acme)',
  trello: 'ana',
  slack: 'ana (Acme)',
};

/** One tool per provider, the data it should find, and the words its result must carry. */
const TOOLS: Record<string, { tool: string; args: Record<string, unknown>; seed?: [string, Parameters<typeof addItems>[2]]; expect: string }> = {
  youtube: { tool: 'youtube_my_videos', args: { limit: 5 }, seed: ['google:youtube', { id: 'vid00000001', title: 'Harbour tour', text: '', start: '2026-11-01', readers: [ANA.id] }], expect: 'Harbour tour' },
  'google-sheets': { tool: '', args: {}, expect: '' },
  'google-slides': { tool: '', args: {}, expect: '' },
  'google-docs': { tool: '', args: {}, expect: '' },
  'google-meet': { tool: 'google_meet_recent_meetings', args: { limit: 5 }, seed: ['google:meet', { id: 'rec1', title: 'abc-defg-hij', text: '', start: '2026-11-20T10:00:00Z', readers: [ANA.id] }], expect: 'spaces/abc-defg-hij' },
  'google-calendar': { tool: 'google_calendar_events', args: { days: 7 }, seed: ['google:calendar', { id: 'ev1', title: 'Harbour board meeting', text: 'Agenda: permits', start: '2026-11-25T09:00:00Z', url: 'https://meet.google.com/abc', readers: [ANA.id] }], expect: 'Harbour board meeting' },
  'google-drive': { tool: 'google_drive_search', args: { query: 'permit' }, seed: ['google:drive', { id: 'drivefile0001', title: 'Permit checklist', text: 'permit steps', url: 'https://docs.google.com/document/d/drivefile0001', readers: [ANA.id] }], expect: 'Permit checklist' },
  notion: { tool: 'notion_search', args: { query: 'runbook' }, seed: ['notion:pages', { id: '0f1e2d3c4b5a69788796a5b4c3d2e1f0', title: 'On-call runbook', text: 'restart the harbour service', url: 'https://notion.so/runbook', readers: [ANA.id] }], expect: 'On-call runbook' },
  github: { tool: 'github_search_issues', args: { query: 'crane' }, seed: ['github:issues', { id: 'i1', title: 'Crane sensor drift', text: 'crane readings drift', url: 'https://github.com/acme/harbour/issues/7', readers: [ANA.id] }], expect: 'Crane sensor drift' },
  gitlab: { tool: 'gitlab_search', args: { query: 'ballast', scope: 'issues' }, seed: ['gitlab:issues', { id: 'g1', title: 'Ballast pump alarm', text: 'ballast pump', url: 'https://gitlab.com/acme/ship/-/issues/3', readers: [ANA.id] }], expect: 'Ballast pump alarm' },
  asana: { tool: 'asana_search_tasks', args: { query: 'buoy' }, seed: ['asana:tasks', { id: 't1', title: 'Order buoy lights', text: '', url: 'https://app.asana.com/0/1/t1', readers: [ANA.id] }], expect: 'Order buoy lights' },
  salesforce: { tool: 'salesforce_search', args: { query: 'Northwind' }, seed: ['salesforce:records', { id: '001A', title: 'Northwind Shipping', text: 'Northwind', readers: [ANA.id] }], expect: 'Account: Northwind Shipping' },
  zoom: { tool: 'zoom_upcoming_meetings', args: { limit: 5 }, seed: ['zoom:meetings', { id: 'z1', title: 'Pilot briefing', text: '', start: '2026-11-26T08:00:00Z', url: 'https://zoom.us/j/1', readers: [ANA.id] }], expect: 'Pilot briefing' },
  slack: { tool: 'slack_search_messages', args: { query: 'tide table' }, expect: 'the tide table is pinned' },
  'atlassian-jira': { tool: 'jira_search_issues', args: { query: 'gangway' }, seed: ['atlassian:jira', { id: 'OPS-12', title: 'Gangway inspection', text: 'gangway', readers: [ANA.id] }], expect: 'OPS-12: Gangway inspection (In Progress)' },
  'atlassian-confluence': { tool: 'confluence_search', args: { query: 'mooring' }, seed: ['atlassian:confluence', { id: 'p9', title: 'Mooring guide', text: 'mooring lines', readers: [ANA.id] }], expect: 'https://acme.atlassian.net/wiki/spaces/ENG/pages/p9' },
  'atlassian-trello': { tool: 'trello_search', args: { query: 'paint' }, seed: ['trello:cards', { id: 'c1', title: 'Paint the hull', text: 'paint', url: 'https://trello.com/c/c1', readers: [ANA.id] }], expect: 'Card: Paint the hull' },
  monday: { tool: 'monday_search_items', args: { query: 'fuel' }, seed: ['monday:items', { id: 'm1', title: 'Fuel audit', text: 'fuel', url: 'https://acme.monday.com/items/1', readers: [ANA.id] }], expect: 'Fuel audit (board Roadmap)' },
  x: { tool: 'x_search_recent_posts', args: { query: 'lighthouse' }, seed: ['x:posts', { id: '1799', title: 'post', text: 'The lighthouse reopens Friday', start: '2026-11-22T12:00:00Z', readers: [ANA.id] }], expect: 'The lighthouse reopens Friday' },
};

/** The asker's tool or reader as the worker wires it: a provider's 401 reaches the connections. */
async function useWithWorkerWiring(id: string, token: string): Promise<unknown> {
  const refused: TokenRefused = (teamId, userId, provider, refusedToken) => connections().refusedByProvider(teamId, userId, provider, refusedToken);
  const readers = { 'google-docs': googleDocsReader, 'google-sheets': googleSheetsReader, 'google-slides': googleSlidesReader } as const;
  if (id in readers) {
    const reader = readers[id as keyof typeof readers](endpoints(), refused);
    const kind = { 'google-docs': 'document', 'google-sheets': 'spreadsheets', 'google-slides': 'presentation' }[id]!;
    const context = { teamId: TEAM_A, userId: ADMIN_A, locale: 'en' as const, platform: {} as never, integrationToken: token, signal: new AbortController().signal };
    return reader.read({ type: 'link', url: `https://docs.google.com/${kind}/d/file00000001/edit`, messageTs: '1.0' }, context).catch((error: unknown) => error);
  }
  const spec = TOOLS[id]!;
  const tool = [...googleTools(endpoints(), refused), ...integrationProviderTools(endpoints(), refused)].find((t) => t.name === spec.tool)!;
  const context = { teamId: TEAM_A, userId: ADMIN_A, locale: 'en' as const, plan: 'free' as const, searchResults: 1, integrationToken: token, signal: new AbortController().signal };
  return tool.run(spec.args, context).catch((error: unknown) => error);
}

async function cardOf(id: string) {
  const response = await ana.get('/api/settings/integrations');
  expect(response.status).toBe(200);
  return ((await response.json()) as { integrations: { id: string; state: string; account: string | null }[] }).integrations.find((c) => c.id === id);
}

describe.each(INTEGRATION_PROVIDERS.map((p) => ({ id: p.id, family: p.family })))('$id ($family)', ({ id }) => {
  const provider = findProvider(id)!;
  const family = familyOf(provider);

  it('connects through the whole dance: authorize (PKCE where supported), callback, tokens sealed with the account', async () => {
    const { authorize, done } = await connect(ana, id);
    expect(done.status).toBe(303);
    if (family.flow === 'oauth2') {
      expect(authorize.searchParams.get('code_challenge_method')).toBe(provider.pkce ? 'S256' : null);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${world.app.baseUrl}/api/auth/callback/${id}`);
      expect(fake.oauth.tokenRequests.filter((r) => r.family === family.id && r.grantType === 'authorization_code').at(-1)?.auth).toBe(family.clientAuth);
    }
    if (family.flow === 'slack') expect(authorize.searchParams.get('user_scope')).toBe('search:read');
    const saved = (await tokens().findLatest(TEAM_A, ADMIN_A, id))!;
    expect(saved).toMatchObject({ status: 'connected', accountName: ACCOUNTS[family.id] });
    expect(saved.accessToken).toBeTruthy();
    const raw = (await world.app.database.orm.em
      .getConnection()
      .execute(`select * from oauth_tokens_history where team_id = '${TEAM_A}' and user_id = '${ADMIN_A}' and provider = '${id}'`)) as unknown[];
    expect(JSON.stringify(raw)).not.toContain(saved.accessToken!);
    // Someone else's connection is never used for another person.
    expect(await connections().tokenFor(TEAM_A, MEMBER_A, id)).toBeUndefined();
  });

  it('gives its tool or reader results with the asker\'s token', async () => {
    const spec = TOOLS[id]!;
    if (spec.tool === '') return expect(['google-docs', 'google-sheets', 'google-slides']).toContain(id); // readers: tests in reader tests
    if (spec.seed) addItems(fake.world, spec.seed[0], spec.seed[1]);
    if (id === 'slack') world.slack.addMessage({ channel: 'C0GENERAL', user: ADMIN_A, text: 'reminder: the tide table is pinned in #general' });
    const token = await connections().tokenFor(TEAM_A, ADMIN_A, id);
    expect(token).toBeDefined();
    const tool = [...googleTools(endpoints()), ...integrationProviderTools(endpoints())].find((t) => t.name === spec.tool)!;
    expect(tool.needs?.integration).toBe(id);
    const context = { teamId: TEAM_A, userId: ADMIN_A, locale: 'en' as const, plan: 'free' as const, searchResults: 1, integrationToken: token!, signal: new AbortController().signal };
    const output = await tool.run(spec.args, context);
    expect(output.content).toContain(spec.expect);
    expect(output.untrusted).toBe(true);
    // Mo's account sees none of Ana's data: with a token of Mo's, the same search finds nothing of hers.
    if (family.flow === 'oauth2' && spec.seed) {
      const mo = fake.oauth.issue(family.id, MO, provider.scopes.join(' '));
      const theirs = await tool.run(spec.args, { ...context, integrationToken: mo.accessToken }).catch((error: unknown) => error);
      if (!(theirs instanceof ToolError)) expect((theirs as { content: string }).content).not.toContain(spec.expect);
    }
  });

  it('refreshes before expiry where the provider issues refresh tokens, then disconnects: revoked at the provider where it can be', async () => {
    const before = (await tokens().findLatest(TEAM_A, ADMIN_A, id))!;
    if (before.refreshToken !== null && before.expiresAt !== null) {
      await world.app.database.orm.em
        .getConnection()
        .execute(`update oauth_tokens_history set expires_at = now() + interval '30 seconds' where team_id = '${TEAM_A}' and user_id = '${ADMIN_A}' and provider = '${id}'`);
      const fresh = await connections().tokenFor(TEAM_A, ADMIN_A, id);
      expect(fresh).toBeDefined();
      expect(fresh).not.toBe(before.accessToken);
      expect(fake.oauth.tokens.get(fresh!)?.account.id).toBe(ANA.id);
    }
    const current = (await tokens().findLatest(TEAM_A, ADMIN_A, id))!;
    const out = await ana.request(`/api/auth/revoke/${id}`, { method: 'POST', headers: { origin: world.app.baseUrl, accept: 'application/json' } });
    expect(out.status).toBe(204);
    expect(await tokens().findLatest(TEAM_A, ADMIN_A, id)).toMatchObject({ accessToken: null, refreshToken: null });
    if (family.revoke.kind === 'slack') expect(world.slack.userTokens.grants.has(current.accessToken!)).toBe(false);
    // Notion too (POST /v1/oauth/revoke): its token would otherwise stay live at Notion after "Disconnect".
    else if (family.revoke.kind !== 'none') expect(fake.oauth.tokens.get(current.accessToken!)?.revoked).toBe(true);
  });

  it('a token the provider expired before its recorded expiry (a Salesforce session policy) is refreshed and the call made again: the asker gets the result', async () => {
    expect((await connect(ana, id)).done.status).toBe(303);
    const before = (await tokens().findLatest(TEAM_A, ADMIN_A, id))!;
    // Without a refresh token there is nothing to try again with: the next test covers the reconnect.
    if (before.refreshToken === null) return;
    const spec = TOOLS[id]!;
    if (spec.seed) addItems(fake.world, spec.seed[0], spec.seed[1]);
    // The readers read one file, file00000001 (useWithWorkerWiring).
    const file = { 'google-docs': 'google:docs', 'google-sheets': 'google:sheets', 'google-slides': 'google:slides' }[id];
    if (file) addItems(fake.world, file, { id: 'file00000001', title: 'Harbour rota', text: 'Harbour rota', rows: [['Harbour rota']], readers: [ANA.id] });
    fake.oauth.expire(before.accessToken!);

    const used = await useWithWorkerWiring(id, before.accessToken!);

    expect(used).not.toBeInstanceOf(Error);
    if (spec.tool !== '') expect((used as { content: string }).content).toContain(spec.expect);
    else expect((used as { text: string }).text).toContain('Harbour rota');
    const after = (await tokens().findLatest(TEAM_A, ADMIN_A, id))!;
    expect(after).toMatchObject({ status: 'connected' });
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(fake.oauth.tokens.get(after.accessToken!)?.account.id).toBe(ANA.id);
  });

  it('says "reconnect needed" once the provider refuses a token revoked on its side (HTTP 401), and reconnecting works again', async () => {
    expect((await connect(ana, id)).done.status).toBe(303);
    const token = (await tokens().findLatest(TEAM_A, ADMIN_A, id))!.accessToken!;
    // The person removes Tomo in the provider's own settings: nothing tells Tomo.
    if (family.id === 'slack') world.slack.userTokens.revoke(token);
    else fake.oauth.revokeGrant(fake.oauth.tokens.get(token)!);
    expect(await cardOf(id)).toMatchObject({ state: 'connected' });

    const failed = await useWithWorkerWiring(id, token);
    if (failed instanceof ToolError) expect(failed.message).toContain('may need to reconnect');
    else expect(failed).toEqual(new ReaderError('forbidden'));

    expect(await tokens().findLatest(TEAM_A, ADMIN_A, id)).toMatchObject({ status: 'reconnect_needed', accessToken: null, refreshToken: null });
    expect(await cardOf(id)).toMatchObject({ state: 'reconnect_needed', account: ACCOUNTS[family.id] });
    expect(await connections().tokenFor(TEAM_A, ADMIN_A, id)).toBeUndefined();
    expect((await connect(ana, id)).done.status).toBe(303);
    expect(await cardOf(id)).toMatchObject({ state: 'connected' });
    // Leaves nothing connected for the next provider of the family (one grant per account).
    expect((await ana.request(`/api/auth/revoke/${id}`, { method: 'POST', headers: { origin: world.app.baseUrl, accept: 'application/json' } })).status).toBe(204);
  });
});

describe("Trello's relay page", () => {
  /** One request sent as its raw line, as a proxy passing on an absolute-form target (RFC 9112 §3.2.2) would. */
  function rawGet(target: string): Promise<string> {
    const { hostname, port } = new URL(world.app.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connectSocket(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${new URL(world.app.baseUrl).host}\r\nConnection: close\r\n\r\n`));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('posts the token only to its own callback path, whatever host the request line names', async () => {
    const page = await rawGet('http://evil.test/api/auth/callback/atlassian-trello?state=s1');

    expect(page).toContain('<form method="post" action="/api/auth/callback/atlassian-trello">');
    expect(page).not.toContain('evil.test');
  });
});

describe('Disconnecting Slack search while Slack does not answer auth.revoke', () => {
  it('gives up on the revocation within the time limit and still forgets the token: the card says disconnected', async () => {
    expect((await connect(ana, 'slack')).done.status).toBe(303);
    expect((await tokens().findLatest(TEAM_A, ADMIN_A, 'slack'))?.accessToken).toBeTruthy();
    const hung = world.slack.holdNext('auth.revoke');
    try {
      // The same wiring as the server's, with a short time limit so the test need not wait 15 s.
      const quick = new IntegrationEndpoints({ ...endpoints().settings, timeoutMs: 300 });
      const people = new IntegrationConnections({ tokens: tokens(), oauth: new ProviderOAuth(quick), lock: new InMemoryConnectionLock(), clock: new SystemClock(), log: testLogger });
      const disconnected = people.disconnect(TEAM_A, ADMIN_A, findProvider('slack')!);
      await hung.arrived;
      expect(await disconnected).toEqual({ revokedAtProvider: false });
    } finally {
      hung.release();
    }
    expect(await tokens().findLatest(TEAM_A, ADMIN_A, 'slack')).toMatchObject({ accessToken: null, refreshToken: null });
    const rows = (await world.app.database.orm.em
      .getConnection()
      .execute(`select count(*)::int as n from oauth_tokens_history where team_id = '${TEAM_A}' and user_id = '${ADMIN_A}' and provider = 'slack' and access_token_sealed is not null`)) as { n: number }[];
    expect(rows[0]!.n).toBe(0);
    expect(await cardOf('slack')).toMatchObject({ state: 'disconnected', account: null });
    expect(await connections().tokenFor(TEAM_A, ADMIN_A, 'slack')).toBeUndefined();
  });
});
