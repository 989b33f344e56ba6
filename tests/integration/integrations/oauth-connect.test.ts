import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { IntegrationEndpoints, integrationSettingsFromEnv } from '../../../adapters/integrations/integration-settings';
import { ProviderOAuth } from '../../../adapters/integrations/provider-oauth';
import { InMemoryConnectionLock } from '../../../adapters/memory/in-memory-connection-lock';
import { PgConnectionLock } from '../../../adapters/postgres/pg-connection-lock';
import { PgOAuthTokenRepository } from '../../../adapters/postgres/pg-oauth-token-repository';
import { SystemClock } from '../../../adapters/system/system-clock';
import { IntegrationConnections } from '../../../core/integrations/integration-connections';
import { ANA, MO, startFakeIntegrations, type FakeAccount, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { addItems } from '../../fakes/integrations/fake-provider-apis';
import { HttpSession } from '../settings/support/http-session';
import { ADMIN_A, ADMIN_B, installTomo, MEMBER_A, startSettingsWorld, TEAM_A, TEAM_B, type SettingsWorld } from '../settings/support/slack-world';
import { testLogger } from '../../support/logger';

let world: SettingsWorld;
let fake: FakeIntegrations;
let base: string;

beforeAll(async () => {
  fake = await startFakeIntegrations();
  world = await startSettingsWorld({ env: fake.env() });
  base = world.app.baseUrl;
});
afterAll(async () => {
  await world?.close();
  await fake?.close();
});

const tokens = () => new PgOAuthTokenRepository(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
const rawRows = async (where: string) =>
  (await world.app.database.orm.em.getConnection().execute(`select * from oauth_tokens_history where ${where} order by id`)) as Record<string, unknown>[];
const connections = (env: Record<string, string> = {}) =>
  new IntegrationConnections({
    tokens: tokens(),
    oauth: new ProviderOAuth(new IntegrationEndpoints(integrationSettingsFromEnv({ ...fake.env(), SLACK_API_URL: world.slack.url, ...env }))),
    lock: new InMemoryConnectionLock(),
    clock: new SystemClock(),
    log: testLogger,
  });

async function signedIn(userId = ADMIN_A, teamId = TEAM_A, locale: 'en' | 'ja' = 'en'): Promise<HttpSession> {
  const session = new HttpSession(base, locale);
  await session.signIn(world.slack, { teamId, userId });
  return session;
}

/** GET request → the fake's consent → the callback in the same browser; returns the callback's answer. */
async function connect(session: HttpSession, provider: string, returnTo = '/settings/integrations'): Promise<Response> {
  const start = await session.get(`/api/auth/request/${provider}?returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.status).toBe(302);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const back = consent.headers.get('location')!;
  return session.get(back.replace(base, ''));
}

async function cards(session: HttpSession) {
  const response = await session.get('/api/settings/integrations');
  expect(response.status).toBe(200);
  return ((await response.json()) as { integrations: { id: string; state: string; account: string | null }[] }).integrations;
}

describe('Connecting Google Docs (OAuth 2 with PKCE through openid-client)', () => {
  it('redirects to Google with the read-only scope, offline access, state and PKCE S256, bound to this browser', async () => {
    const ana = await signedIn();
    const start = await ana.get('/api/auth/request/google-docs');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.origin}/google/oauth/o/oauth2/v2/auth`);
    const params = authorize.searchParams;
    expect(params.get('client_id')).toBe('google-client-id');
    expect(params.get('redirect_uri')).toBe(`${base}/api/auth/callback/google-docs`);
    expect(params.get('scope')!.split(' ')).toEqual([
      'https://www.googleapis.com/auth/documents.readonly',
      'https://www.googleapis.com/auth/userinfo.email',
    ]);
    expect(params.get('access_type')).toBe('offline');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('tomo_connect_google_docs='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    // The cookie is sealed: neither the state nor the verifier can be read from it.
    expect(decodeURIComponent(cookie)).not.toContain(params.get('state')!);
  });

  it('exchanges the code, stores the tokens sealed with scopes, expiry and the account, and shows the card connected', async () => {
    const ana = await signedIn();
    fake.oauth.signInAs('google', ANA);
    const done = await connect(ana, 'google-docs', '/ja/settings/integrations');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/ja/settings/integrations');
    const exchange = fake.oauth.tokenRequests.filter((r) => r.family === 'google' && r.grantType === 'authorization_code').at(-1);
    expect(exchange?.auth).toBe('post');

    const saved = await tokens().findLatest(TEAM_A, ADMIN_A, 'google-docs');
    const issued = [...fake.oauth.tokens.values()].filter((t) => t.family === 'google' && t.account.id === ANA.id).at(-1)!;
    expect(saved).toMatchObject({
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      accountName: 'ana@acme.test',
      status: 'connected',
      scopes: expect.stringContaining('documents.readonly'),
    });
    expect(saved!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // At rest: no token in clear text anywhere in the row.
    const rows = await rawRows(`team_id = '${TEAM_A}' and user_id = '${ADMIN_A}' and provider = 'google-docs'`);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(issued.accessToken);
    expect(text).not.toContain(issued.refreshToken!);
    expect(rows.at(-1)).toMatchObject({ account_name: 'ana@acme.test', status: 'connected' });

    const card = (await cards(ana)).find((c) => c.id === 'google-docs');
    expect(card).toMatchObject({ state: 'connected', account: 'ana@acme.test' });
    // Another person of the same workspace has not connected anything.
    const mo = await signedIn(MEMBER_A);
    expect((await cards(mo)).find((c) => c.id === 'google-docs')).toMatchObject({ state: 'disconnected', account: null });
  });

  it('goes back to the cards when the person cancels at Google, and says connecting failed when Google cannot grant', async () => {
    const ana = await signedIn();
    fake.oauth.authorizeErrors.set('google', 'access_denied');
    const cancelled = await connect(ana, 'google-slides', '/ja/settings/integrations');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('/ja/settings/integrations');

    fake.oauth.authorizeErrors.set('google', 'invalid_scope');
    const failed = await connect(ana, 'google-slides', '/ja/settings/integrations');
    expect(failed.status).toBe(400);
    const page = await failed.text();
    expect(page).toContain('接続に失敗しました。もう一度お試しください。');
    expect(page).toContain('href="/ja/settings/integrations"');
    expect(await tokens().findLatest(TEAM_A, ADMIN_A, 'google-slides')).toBeNull();
    expect((await cards(ana)).find((c) => c.id === 'google-slides')).toMatchObject({ state: 'disconnected' });
  });

  it('refuses a forged state, a callback from another browser, an expired attempt, and one without a session', async () => {
    const ana = await signedIn();
    const start = await ana.get('/api/auth/request/google-docs');
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);

    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-forged-state');
    const wrong = await ana.get(`${forged.pathname}${forged.search}`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('This connection attempt has expired, was already used, or was started in another browser.');

    // The same person signed in elsewhere, without this browser's cookie.
    const elsewhere = await signedIn();
    const stolen = await elsewhere.get(`${callback.pathname}${callback.search}`);
    expect(stolen.status).toBe(400);

    // No session at all.
    const anonymous = await new HttpSession(base).get(`${callback.pathname}${callback.search}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain('Sign in first to connect a service.');

    // Another person's session carrying Ana's connect cookie (a planted cookie): refused.
    const mo = await signedIn(MEMBER_A);
    const anaCookie = (await ana.get('/api/auth/request/google-docs')).headers.getSetCookie()[0]!.split(';')[0]!.split('=');
    mo.setCookie(anaCookie[0]!, anaCookie.slice(1).join('='));
    const planted = await mo.get(`${callback.pathname}${callback.search}`);
    expect(planted.status).toBe(400);
    expect(await tokens().findLatest(TEAM_A, MEMBER_A, 'google-docs')).toBeNull();

    // Expired: a cookie sealed ten minutes ago no longer opens.
    const late = await signedIn();
    const lateStart = await late.get('/api/auth/request/google-docs');
    const sealed = lateStart.headers.getSetCookie()[0]!.split(';')[0]!.split('=').slice(1).join('=');
    const { ConnectCookieSealer } = await import('../../../apps/server/http/integrations/connect-cookie');
    const opened = new ConnectCookieSealer(world.app.config.SESSION_SECRET!).open(decodeURIComponent(sealed), new Date(Date.now() + 11 * 60_000));
    expect(opened).toBeNull();
    // Nothing was stored by any refused callback.
    expect((await rawRows(`team_id = '${TEAM_A}' and user_id = '${MEMBER_A}'`)).length).toBe(0);
  });

  it("answers a Japanese browser in Japanese when the attempt names no page: expired, from another browser, or an unknown service", async () => {
    const ana = await signedIn();
    const start = await ana.get('/api/auth/request/google-docs?returnTo=%2Fja%2Fsettings%2Fintegrations');
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);

    // Back from Google in a browser without the attempt's cookie (expired, or another browser).
    const elsewhere = await signedIn();
    const expired = await elsewhere.navigate(`${callback.pathname}${callback.search}`, 'ja-JP,ja;q=0.9,en;q=0.8');
    expect(expired.status).toBe(400);
    const page = await expired.text();
    expect(page).toContain('<html lang="ja">');
    expect(page).toContain('この接続は期限切れか、すでに使われたか、別のブラウザーで始められたものです。もう一度接続してください。');
    expect(page).toContain('<a href="/ja/settings/integrations">連携サービスに戻る</a>');

    const unknown = await elsewhere.navigate('/api/auth/callback/myspace?code=x&state=y', 'ja');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('このサービスには対応していません。');
    // An English browser still reads English.
    expect(await (await elsewhere.navigate('/api/auth/callback/myspace', 'en-US')).text()).toContain('Tomo does not know this service.');
  });

  it('sends a signed-out visitor to sign in first, then back to the connect step', async () => {
    const visitor = new HttpSession(base);
    const start = await visitor.get('/api/auth/request/google-sheets');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(`/auth/signin?returnTo=${encodeURIComponent('/api/auth/request/google-sheets')}`);
  });

  it('answers an unknown provider with 404 and an unconfigured one with work in progress', async () => {
    const ana = await signedIn(ADMIN_A, TEAM_A);
    expect((await ana.get('/api/auth/request/myspace')).status).toBe(404);
    // Slack is configured (SLACK_CLIENT_ID is set for sign-in); every family the fake serves is too.
    const all = await cards(ana);
    expect(all).toHaveLength(19);
    expect(all.every((c) => c.state !== 'inactive')).toBe(true);
  });

  it('refreshes a token before it expires, once, keeping Google\'s refresh token', async () => {
    const bea = await signedIn(ADMIN_B, TEAM_B, 'ja');
    fake.oauth.signInAs('google', MO);
    expect((await connect(bea, 'google-calendar')).status).toBe(303);
    const before = (await tokens().findLatest(TEAM_B, ADMIN_B, 'google-calendar'))!;
    fake.oauth.expire(before.accessToken!);
    // The stored expiry says the token is about to run out.
    await world.app.database.orm.em
      .getConnection()
      .execute(`update oauth_tokens_history set expires_at = now() + interval '1 minute' where team_id = '${TEAM_B}' and provider = 'google-calendar'`);
    const refreshesBefore = fake.oauth.tokenRequests.filter((r) => r.grantType === 'refresh_token').length;
    const service = connections();
    const [first, second] = await Promise.all([
      service.tokenFor(TEAM_B, ADMIN_B, 'google-calendar'),
      service.tokenFor(TEAM_B, ADMIN_B, 'google-calendar'),
    ]);
    expect(first).toBeDefined();
    expect(first).not.toBe(before.accessToken);
    expect(second).toBe(first);
    expect(fake.oauth.tokenRequests.filter((r) => r.grantType === 'refresh_token').length).toBe(refreshesBefore + 1);
    const after = (await tokens().findLatest(TEAM_B, ADMIN_B, 'google-calendar'))!;
    expect(after).toMatchObject({ accessToken: first, refreshToken: before.refreshToken, accountName: 'mo@acme.test', status: 'connected' });
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('keeps every connection when Google refuses this server\'s client secret (invalid_client): putting the secret right is enough', async () => {
    const ana = await signedIn();
    fake.oauth.signInAs('google', ANA);
    expect((await connect(ana, 'google-sheets')).status).toBe(303);
    const before = (await tokens().findLatest(TEAM_A, ADMIN_A, 'google-sheets'))!;
    await world.app.database.orm.em
      .getConnection()
      .execute(`update oauth_tokens_history set expires_at = now() - interval '1 minute' where team_id = '${TEAM_A}' and provider = 'google-sheets'`);

    // A secret rotated at Google but not yet here: no token now, and nothing erased or marked.
    expect(await connections({ GOOGLE_CLIENT_SECRET: 'rotated-at-google' }).tokenFor(TEAM_A, ADMIN_A, 'google-sheets')).toBeUndefined();
    expect(await tokens().findLatest(TEAM_A, ADMIN_A, 'google-sheets')).toMatchObject({ status: 'connected', refreshToken: before.refreshToken });
    expect((await cards(ana)).find((c) => c.id === 'google-sheets')).toMatchObject({ state: 'connected' });

    // With the secret put right, the same refresh token works.
    const fresh = await connections().tokenFor(TEAM_A, ADMIN_A, 'google-sheets');
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(before.accessToken);
  });

  it('marks the connection "reconnect needed" when Google refuses the refresh, and the card says so', async () => {
    const ana = await signedIn();
    fake.oauth.signInAs('google', ANA);
    expect((await connect(ana, 'google-drive')).status).toBe(303);
    await world.app.database.orm.em
      .getConnection()
      .execute(`update oauth_tokens_history set expires_at = now() - interval '1 minute' where team_id = '${TEAM_A}' and provider = 'google-drive'`);
    fake.oauth.refuseRefresh.add('google');
    try {
      expect(await connections().tokenFor(TEAM_A, ADMIN_A, 'google-drive')).toBeUndefined();
    } finally {
      fake.oauth.refuseRefresh.delete('google');
    }
    expect(await tokens().findLatest(TEAM_A, ADMIN_A, 'google-drive')).toMatchObject({ status: 'reconnect_needed', accessToken: null, refreshToken: null });
    expect((await cards(ana)).find((c) => c.id === 'google-drive')).toMatchObject({ state: 'reconnect_needed', account: 'ana@acme.test' });
    // Reconnecting makes it usable again.
    expect((await connect(ana, 'google-drive')).status).toBe(303);
    expect((await cards(ana)).find((c) => c.id === 'google-drive')).toMatchObject({ state: 'connected' });
  });

  it('disconnects: revokes at Google (RFC 7009), forgets the tokens, and refuses a cross-site post', async () => {
    const ana = await signedIn();
    // Ana's only Google connection with this account: revoking cannot take another service down.
    fake.oauth.signInAs('google', { id: 'acct-ana-slides', name: 'Ana Slides', email: 'ana.slides@acme.test' });
    expect((await connect(ana, 'google-slides')).status).toBe(303);
    const saved = (await tokens().findLatest(TEAM_A, ADMIN_A, 'google-slides'))!;
    const crossSite = await ana.request('/api/auth/revoke/google-slides', { method: 'POST', headers: { origin: 'https://evil.test' } });
    expect(crossSite.status).toBe(403);
    expect((await tokens().findLatest(TEAM_A, ADMIN_A, 'google-slides'))?.accessToken).toBe(saved.accessToken);

    const out = await ana.request('/api/auth/revoke/google-slides', {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'returnTo=%2Fja%2Fsettings%2Fintegrations',
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/ja/settings/integrations');
    expect(fake.oauth.tokens.get(saved.accessToken!)?.revoked).toBe(true);
    expect(await tokens().findLatest(TEAM_A, ADMIN_A, 'google-slides')).toMatchObject({ accessToken: null, refreshToken: null });
    const rows = await rawRows(`team_id = '${TEAM_A}' and user_id = '${ADMIN_A}' and provider = 'google-slides'`);
    expect(rows.every((r) => r.access_token_sealed === null && r.refresh_token_sealed === null)).toBe(true);
    expect((await cards(ana)).find((c) => c.id === 'google-slides')).toMatchObject({ state: 'disconnected' });
    // Signed out: refused.
    const anonymous = await new HttpSession(base).request('/api/auth/revoke/google-slides', { method: 'POST', headers: { accept: 'application/json' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('Connecting started from outside Tomo\'s pages (a link on another site, Slack, the way back from signing in)', () => {
  /** A top-level navigation that did not come from Tomo's own pages, as the browser labels it (`''`: a browser that says nothing). */
  const openFromElsewhere = (session: HttpSession, path: string, site: string) =>
    session.request(path, { headers: { 'sec-fetch-site': site }, pageLanguage: false });

  it('answers a confirmation page naming the service and who is signed in, with no redirect to Google and no attempt started', async () => {
    const ana = await signedIn();
    const tokenRequests = fake.oauth.tokenRequests.length;
    for (const site of ['cross-site', 'same-site', 'none', '']) {
      const page = await openFromElsewhere(ana, '/api/auth/request/google-meet?returnTo=%2Fsettings%2Fintegrations', site);
      expect(page.status).toBe(200);
      expect(page.headers.get('location')).toBeNull();
      expect(page.headers.getSetCookie().filter((c) => c.startsWith('tomo_connect_'))).toEqual([]);
      const html = await page.text();
      expect(html).toContain('<h1>Connect Google Meet to Tomo?</h1>');
      expect(html).toContain('You are signed in to Tomo as Ana Admin in the Acme Slack workspace.');
      expect(html).toContain('<form method="post" action="/api/auth/request/google-meet">');
      expect(html).toContain('<input type="hidden" name="returnTo" value="/settings/integrations">');
      expect(html).toContain('<button type="submit">Connect Google Meet</button>');
      expect(html).not.toContain('<script');
      // Its one form may lead on to Google's consent page; the rest of the policy is everyone's.
      const policy = page.headers.get('content-security-policy')!;
      expect(policy).toContain(`form-action 'self' `);
      expect(policy.split('; ').find((d) => d.startsWith('form-action'))!.split(' ')).toContain(fake.origin);
      expect(policy).toContain("script-src 'self'");
    }
    // Every other directive is everyone's policy; every other page of Tomo's keeps it whole.
    const usual = (await ana.get('/api/me')).headers.get('content-security-policy')!;
    expect(usual).not.toContain(fake.origin);
    const page = await openFromElsewhere(ana, '/api/auth/request/google-meet', 'cross-site');
    const others = (policy: string) => policy.split('; ').filter((d) => !d.startsWith('form-action'));
    expect(others(page.headers.get('content-security-policy')!)).toEqual(others(usual));
    expect(fake.oauth.tokenRequests.length).toBe(tokenRequests);
    expect((await cards(ana)).find((c) => c.id === 'google-meet')).toMatchObject({ state: 'disconnected' });
  });

  it('speaks the language of the page it returns to, else the browser\'s', async () => {
    const ana = await signedIn();
    const ja = await (await openFromElsewhere(ana, '/api/auth/request/github?returnTo=%2Fja%2Fsettings%2Fintegrations', 'cross-site')).text();
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toContain('<h1>GitHub を Tomo に接続しますか？</h1>');
    expect(ja).toContain('<button type="submit">GitHub を接続</button>');
    expect(ja).toContain('<a href="/ja/settings/integrations">連携サービスに戻る</a>');
    const browser = await ana.request('/api/auth/request/github', {
      headers: { 'sec-fetch-site': 'cross-site', 'accept-language': 'ja-JP,ja;q=0.9' },
      pageLanguage: false,
    });
    expect(await browser.text()).toContain('<input type="hidden" name="returnTo" value="/ja/settings/integrations">');
  });

  it('starts from the button: a same-origin POST redirects to Google, and the connection completes through the callback', async () => {
    const ana = await signedIn();
    fake.oauth.signInAs('google', ANA);
    const start = await ana.request('/api/auth/request/google-sheets', {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'returnTo=%2Fja%2Fsettings%2Fintegrations',
    });
    expect(start.status).toBe(303);
    const authorize = new URL(start.headers.get('location')!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.origin}/google/oauth/o/oauth2/v2/auth`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(start.headers.getSetCookie().some((c) => c.startsWith('tomo_connect_google_sheets='))).toBe(true);
    const consent = await fetch(authorize, { redirect: 'manual' });
    const done = await ana.navigate(consent.headers.get('location')!.replace(base, ''), 'en');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/ja/settings/integrations');
    expect((await cards(ana)).find((c) => c.id === 'google-sheets')).toMatchObject({ state: 'connected', account: 'ana@acme.test' });
  });

  it('refuses the button\'s POST from another site, or naming no site, with 403 and starts nothing', async () => {
    const ana = await signedIn();
    for (const origin of ['https://evil.test', 'null', '']) {
      const refused = await ana.request('/api/auth/request/google-calendar', {
        method: 'POST',
        headers: { origin, 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'returnTo=%2Fsettings%2Fintegrations',
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('location')).toBeNull();
      expect(refused.headers.getSetCookie().filter((c) => c.startsWith('tomo_connect_'))).toEqual([]);
    }
  });

  it('sends a signed-out visitor to sign in and back to the confirmation page, the POST without a session too', async () => {
    const visitor = new HttpSession(base);
    const start = await openFromElsewhere(visitor, '/api/auth/request/google-sheets', 'cross-site');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(`/auth/signin?returnTo=${encodeURIComponent('/api/auth/request/google-sheets')}`);
    const post = await visitor.request('/api/auth/request/google-sheets', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(
      `/auth/signin?returnTo=${encodeURIComponent(`/api/auth/request/google-sheets?returnTo=${encodeURIComponent('/settings/integrations')}`)}`,
    );
    // Signed in, the way back from Slack's pages arrives cross-site: it asks before connecting.
    await visitor.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
    const back = await openFromElsewhere(visitor, '/api/auth/request/google-sheets', 'cross-site');
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('Connect Google Sheets</button>');
  });
});

describe("Google's granular consent: a person unticks the service's permission", () => {
  it('connects nothing and says every permission is needed, revoking the token unless another Google service of the account uses the grant', async () => {
    const lee: FakeAccount = { id: 'acct-lee', name: 'Lee', email: 'lee@acme.test' };
    const mo = await signedIn(MEMBER_A);
    fake.oauth.signInAs('google', lee);
    fake.oauth.untickedScopes.set('google', ['https://www.googleapis.com/auth/documents.readonly']);
    const declined = await connect(mo, 'google-docs');
    expect(declined.status).toBe(400);
    const page = await declined.text();
    expect(page).toContain('Tomo was not given every permission it asked for, so nothing was connected. Connect again and leave every permission ticked.');
    expect(page).toContain('href="/settings/integrations"');
    expect(await tokens().findLatest(TEAM_A, MEMBER_A, 'google-docs')).toBeNull();
    expect((await cards(mo)).find((c) => c.id === 'google-docs')).toMatchObject({ state: 'disconnected', account: null });
    // Nothing of Lee's uses the grant: it is not left behind at Google.
    const partial = [...fake.oauth.tokens.values()].filter((t) => t.account.id === lee.id).at(-1)!;
    expect(partial.scope).not.toContain('documents.readonly');
    expect(partial.revoked).toBe(true);

    // With Calendar of the same account connected, the grant stays: Calendar keeps working.
    fake.oauth.signInAs('google', lee);
    expect((await connect(mo, 'google-calendar')).status).toBe(303);
    const calendar = (await tokens().findLatest(TEAM_A, MEMBER_A, 'google-calendar'))!;
    fake.oauth.signInAs('google', lee);
    fake.oauth.untickedScopes.set('google', ['https://www.googleapis.com/auth/documents.readonly']);
    const declinedJa = await connect(mo, 'google-docs', '/ja/settings/integrations');
    expect(declinedJa.status).toBe(400);
    expect(await declinedJa.text()).toContain('Tomo が求めた権限の一部が許可されなかったため、接続していません。もう一度接続し、すべての権限を許可してください。');
    expect(fake.oauth.tokens.get(calendar.accessToken!)?.revoked).toBe(false);
    const listed = await cards(mo);
    expect(listed.find((c) => c.id === 'google-docs')).toMatchObject({ state: 'disconnected' });
    expect(listed.find((c) => c.id === 'google-calendar')).toMatchObject({ state: 'connected', account: 'lee@acme.test' });
  });
});

describe('GitHub grants fewer scopes than Tomo asked for (an OAuth app: "users can edit their scopes")', () => {
  it('connects nothing without `repo` and says every permission is needed, deleting the grant at GitHub; `user` stands for `read:user`', async () => {
    const lee: FakeAccount = { id: 'acct-leegh', name: 'Lee', email: 'lee@acme.test' };
    const mo = await signedIn(MEMBER_A, TEAM_A, 'ja');
    fake.oauth.signInAs('github', lee);
    fake.oauth.untickedScopes.set('github', ['repo']);
    const declined = await connect(mo, 'github', '/ja/settings/integrations');
    expect(declined.status).toBe(400);
    expect(await declined.text()).toContain('Tomo が求めた権限の一部が許可されなかったため、接続していません。もう一度接続し、すべての権限を許可してください。');
    expect(await tokens().findLatest(TEAM_A, MEMBER_A, 'github')).toBeNull();
    expect((await cards(mo)).find((c) => c.id === 'github')).toMatchObject({ state: 'disconnected', account: null });
    // GitHub wrote the scope its own way ("read:user", comma-separated); the token is not left live.
    const partial = [...fake.oauth.tokens.values()].filter((t) => t.family === 'github' && t.account.id === lee.id).at(-1)!;
    expect(partial.scope).toBe('read:user');
    expect(partial.revoked).toBe(true);

    // An account that granted the broader `user` earlier: GitHub lists `repo,user`, which covers `read:user`.
    fake.oauth.signInAs('github', lee);
    fake.oauth.alsoGranted.set('github', ['user']);
    expect((await connect(mo, 'github')).status).toBe(303);
    expect(await tokens().findLatest(TEAM_A, MEMBER_A, 'github')).toMatchObject({ status: 'connected', scopes: 'repo,user', accountName: 'leegh' });
    expect((await cards(mo)).find((c) => c.id === 'github')).toMatchObject({ state: 'connected', account: 'leegh' });
    expect((await mo.request('/api/auth/revoke/github', { method: 'POST', headers: { origin: base, accept: 'application/json' } })).status).toBe(204);
  });
});

describe('Reconnecting a service as another account', () => {
  it("revokes the earlier account's grant at the provider (a GitHub token never expires) and keeps no token of it; the same account's reconnect keeps its grant", async () => {
    const sam: FakeAccount = { id: 'acct-samgh', name: 'Sam', email: 'sam@acme.test' };
    const tia: FakeAccount = { id: 'acct-tiagh', name: 'Tia', email: 'tia@acme.test' };
    const bea = await signedIn(ADMIN_B, TEAM_B);
    fake.oauth.signInAs('github', sam);
    expect((await connect(bea, 'github')).status).toBe(303);
    const first = (await tokens().findLatest(TEAM_B, ADMIN_B, 'github'))!;
    // The same account again: its earlier token is forgotten here, the grant (and the new token) stays.
    fake.oauth.signInAs('github', sam);
    expect((await connect(bea, 'github')).status).toBe(303);
    const second = (await tokens().findLatest(TEAM_B, ADMIN_B, 'github'))!;
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(fake.oauth.tokens.get(second.accessToken!)?.revoked).toBe(false);

    fake.oauth.signInAs('github', tia);
    expect((await connect(bea, 'github')).status).toBe(303);
    expect((await cards(bea)).find((c) => c.id === 'github')).toMatchObject({ state: 'connected', account: 'tiagh' });
    // Sam's grant is deleted at GitHub: no live token of Sam's is left behind with nothing to revoke it.
    expect(fake.oauth.tokens.get(second.accessToken!)?.revoked).toBe(true);
    const current = (await tokens().findLatest(TEAM_B, ADMIN_B, 'github'))!;
    expect(fake.oauth.tokens.get(current.accessToken!)?.revoked).toBe(false);
    const sealed = await rawRows(`team_id = '${TEAM_B}' and user_id = '${ADMIN_B}' and provider = 'github' and access_token_sealed is not null`);
    expect(sealed.map((row) => row.account_name)).toEqual(['tiagh']);
    expect((await bea.request('/api/auth/revoke/github', { method: 'POST', headers: { origin: base, accept: 'application/json' } })).status).toBe(204);
    expect(fake.oauth.tokens.get(current.accessToken!)?.revoked).toBe(true);
  });
});

describe('Disconnecting one Google service of several (one Google grant per account)', () => {
  it("leaves the person's other Google services of that account working, and revokes at Google with the last one", async () => {
    // Google's revocation ends the whole grant of the account to Tomo's OAuth client, every
    // service's tokens with it, as the fake does.
    const kai: FakeAccount = { id: 'acct-kai', name: 'Kai', email: 'kai@acme.test' };
    addItems(fake.world, 'google:youtube', { id: 'vid000kai01', title: 'Kai on the harbour', text: '', start: '2026-11-02', readers: [kai.id] });
    const bea = await signedIn(ADMIN_B, TEAM_B);
    fake.oauth.signInAs('google', kai);
    expect((await connect(bea, 'youtube')).status).toBe(303);
    expect((await connect(bea, 'google-sheets')).status).toBe(303);
    const youtube = (await tokens().findLatest(TEAM_B, ADMIN_B, 'youtube'))!;

    const out = await bea.request('/api/auth/revoke/google-sheets', { method: 'POST', headers: { origin: base, accept: 'application/json' } });
    expect(out.status).toBe(204);
    expect((await cards(bea)).find((c) => c.id === 'google-sheets')).toMatchObject({ state: 'disconnected' });
    expect(await tokens().findLatest(TEAM_B, ADMIN_B, 'google-sheets')).toMatchObject({ accessToken: null, refreshToken: null });
    // YouTube, still shown connected, still works.
    expect((await cards(bea)).find((c) => c.id === 'youtube')).toMatchObject({ state: 'connected', account: 'kai@acme.test' });
    const listed = await bea.get('/api/get-youtube-videos');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { videos: { id: string }[] }).videos.map((v) => v.id)).toEqual(['vid000kai01']);

    // The last Google service of the account: revoked at Google.
    expect((await bea.request('/api/auth/revoke/youtube', { method: 'POST', headers: { origin: base, accept: 'application/json' } })).status).toBe(204);
    expect(fake.oauth.tokens.get(youtube.accessToken!)?.revoked).toBe(true);
    expect((await cards(bea)).find((c) => c.id === 'youtube')).toMatchObject({ state: 'disconnected' });
  });
});

describe('A workspace that uninstalled Tomo', () => {
  it('connects nothing: no tokens are taken for a workspace the uninstall already wiped', async () => {
    const gone = world.slack.addTeam({ id: 'T0GONE001', name: 'Gone' });
    world.slack.addUser({ id: 'U0GONEUSR', teamId: gone.id, name: 'gil', realName: 'Gil Gone', email: 'gil@gone.test' });
    await installTomo(world.app, gone);
    const gil = await signedIn('U0GONEUSR', gone.id, 'ja');
    // Started while Tomo was installed, finished after the uninstall (its sweep has already run).
    const start = await gil.get('/api/auth/request/google-docs?returnTo=%2Fja%2Fsettings%2Fintegrations');
    expect(start.status).toBe(302);
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    await world.app.database.orm.em.getConnection().execute(`update installations set uninstalled_at = now() where team_id = '${gone.id}'`);
    const late = await gil.get(consent.headers.get('location')!.replace(base, ''));
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('Tomo はまだ Slack ワークスペースにインストールされていません。先にインストールしてください。');

    // No page named: the page language the request carries (Japanese) says it, and the way back is the Japanese page.
    const again = await gil.get('/api/auth/request/google-docs');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('<a href="/ja/settings/integrations">連携サービスに戻る</a>');
    expect(await tokens().listLatestForTeam(gone.id)).toEqual([]);
  });
});

describe('Disconnecting while a refresh is on its way', () => {
  it('keeps no token: the refresh that was in flight does not bring the connection back', async () => {
    // Atlassian has no revocation endpoint: a token stored after the disconnect would work.
    const mo = await signedIn(MEMBER_A);
    fake.oauth.signInAs('atlassian', MO);
    expect((await connect(mo, 'atlassian-jira')).status).toBe(303);
    await world.app.database.orm.em
      .getConnection()
      .execute(`update oauth_tokens_history set expires_at = now() + interval '1 minute' where team_id = '${TEAM_A}' and user_id = '${MEMBER_A}' and provider = 'atlassian-jira'`);
    const service = new IntegrationConnections({
      tokens: tokens(),
      oauth: new ProviderOAuth(new IntegrationEndpoints(integrationSettingsFromEnv(fake.env()))),
      lock: new PgConnectionLock(world.app.database.orm),
      clock: new SystemClock(),
      log: testLogger,
    });
    let release!: () => void;
    fake.oauth.tokenEndpointHeld.set('atlassian', new Promise<void>((resolve) => (release = resolve)));
    try {
      // A worker refreshes Mo's token for an answer; Atlassian is slow to answer.
      const refreshing = service.tokenFor(TEAM_A, MEMBER_A, 'atlassian-jira');
      await eventuallyTrue(async () => (fake.oauth.waitingTokenRequests.get('atlassian') ?? 0) > 0);
      // Mo presses Disconnect meanwhile.
      let settled = false;
      const out = mo
        .request('/api/auth/revoke/atlassian-jira', { method: 'POST', headers: { origin: base, accept: 'application/json' } })
        .finally(() => (settled = true));
      await eventuallyTrue(async () => settled || (await advisoryLockWaiters()) > 0);
      release();
      await refreshing;
      expect((await out).status).toBe(204);
    } finally {
      release();
      fake.oauth.tokenEndpointHeld.delete('atlassian');
    }
    expect(await tokens().findLatest(TEAM_A, MEMBER_A, 'atlassian-jira')).toMatchObject({ accessToken: null, refreshToken: null });
    expect((await cards(mo)).find((c) => c.id === 'atlassian-jira')).toMatchObject({ state: 'disconnected' });
    expect(await service.tokenFor(TEAM_A, MEMBER_A, 'atlassian-jira')).toBeUndefined();
  });
});

async function eventuallyTrue(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition never met');
}

async function advisoryLockWaiters(): Promise<number> {
  const [row] = await world.app.database.orm.em
    .getConnection()
    .execute<{ n: string }[]>(`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'`);
  return Number(row!.n);
}

describe('GET /api/get-youtube-videos (spec 7)', () => {
  it("lists the signed-in person's own uploads with their YouTube connection, and nobody else's", async () => {
    addItems(fake.world, 'google:youtube', { id: 'vid0000harb', title: 'Harbour tour at dawn', text: '', start: '2026-11-01', readers: [ANA.id] });
    fake.oauth.signInAs('google', ANA);
    const ana = await signedIn();
    expect((await connect(ana, 'youtube')).status).toBe(303);
    const listed = await ana.get('/api/get-youtube-videos?limit=5');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { videos: { id: string; title: string; url: string }[] }).videos).toEqual([
      expect.objectContaining({ id: 'vid0000harb', title: 'Harbour tour at dawn', url: 'https://www.youtube.com/watch?v=vid0000harb' }),
    ]);

    // Mo has not connected YouTube: told what to do, in their language; Ana's connection is never used.
    const mo = await signedIn(MEMBER_A, TEAM_A, 'ja');
    const refused = await mo.get('/api/get-youtube-videos');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'YOUTUBE.NOT_CONNECTED', message: '先に「連携」ページで YouTube を接続してください。' } });

    const bad = await ana.get('/api/get-youtube-videos?limit=500');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe('limit must be a whole number from 1 to 50.');
    expect((await new HttpSession(base).get('/api/get-youtube-videos')).status).toBe(401);
  });

  it('lists the uploads all the same when Google expired the token before its recorded expiry: refreshed, and asked once more', async () => {
    const account = { id: 'acct-ana-yt', name: 'Ana Tube', email: 'ana.tube@acme.test' };
    addItems(fake.world, 'google:youtube', { id: 'vid0000buoy', title: 'Buoy maintenance', text: '', start: '2026-11-03', readers: [account.id] });
    fake.oauth.signInAs('google', account);
    const ana = await signedIn();
    expect((await connect(ana, 'youtube')).status).toBe(303);
    const before = (await tokens().findLatest(TEAM_A, ADMIN_A, 'youtube'))!;
    // Google ends the token early (a session policy): its recorded expiry is still an hour away.
    expect(before.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    fake.oauth.expire(before.accessToken!);

    const listed = await ana.get('/api/get-youtube-videos');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { videos: { id: string }[] }).videos.map((v) => v.id)).toEqual(['vid0000buoy']);
    const after = (await tokens().findLatest(TEAM_A, ADMIN_A, 'youtube'))!;
    expect(after).toMatchObject({ status: 'connected' });
    expect(after.accessToken).not.toBe(before.accessToken);
    expect((await cards(ana)).find((c) => c.id === 'youtube')).toMatchObject({ state: 'connected' });
  });

  it('tells the person to reconnect once they revoked Tomo at Google, and the card says so too', async () => {
    const account = { id: 'acct-mo-yt', name: 'Mo Tube', email: 'mo.tube@acme.test' };
    addItems(fake.world, 'google:youtube', { id: 'vid0000tide', title: 'Tide tables explained', text: '', start: '2026-11-02', readers: [account.id] });
    fake.oauth.signInAs('google', account);
    const mo = await signedIn(MEMBER_A, TEAM_A, 'ja');
    expect((await connect(mo, 'youtube')).status).toBe(303);
    expect((await mo.get('/api/get-youtube-videos')).status).toBe(200);

    // Mo removes Tomo in their Google account: the access and refresh tokens stop working.
    fake.oauth.revokeGrant(fake.oauth.tokens.get((await tokens().findLatest(TEAM_A, MEMBER_A, 'youtube'))!.accessToken!)!);
    const refused = await mo.get('/api/get-youtube-videos');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: 'YOUTUBE.RECONNECT_NEEDED', message: 'YouTube がこの接続を受け付けなくなりました。「連携」ページで YouTube を再接続してください。' },
    });
    expect((await cards(mo)).find((c) => c.id === 'youtube')).toMatchObject({ state: 'reconnect_needed', account: 'mo.tube@acme.test' });
    const again = await (await signedIn(MEMBER_A, TEAM_A, 'en')).get('/api/get-youtube-videos');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe('YouTube no longer accepts your connection. Reconnect YouTube on the Integrations page.');
  });
});
