import { connect } from 'node:net';
import { freePort } from '../../../adapters/embedded-postgres/embedded-postgres-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgAppCustomizationRepository } from '../../../adapters/postgres/pg-app-customization-repository';
import { PgInstructionRepository } from '../../../adapters/postgres/pg-instruction-repository';
import { PgReactionSettingsRepository } from '../../../adapters/postgres/pg-reaction-settings-repository';
import { PgUserRepository } from '../../../adapters/postgres/pg-user-repository';
import { cookieIsSecure } from '../../../apps/server/http/session/session-cookie';
import { translate } from '../../../apps/shared/messages';
import { HttpSession } from './support/http-session';
import { ADMIN_A, ADMIN_B, buyPlan, installTomo, MEMBER_A, startSettingsWorld, TEAM_A, TEAM_B, type SettingsWorld } from './support/slack-world';

let world: SettingsWorld;
let base: string;

beforeAll(async () => {
  world = await startSettingsWorld();
  base = world.app.baseUrl;
  await buyPlan(world.app, TEAM_A, { id: 'sub-acme-standard', planKey: 'gpt50', seats: 3 });
});
afterAll(() => world?.close());

/** One HTTP/1.1 request written as given (fetch always sends the origin form), answered until the server closes. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const sessionRows = async () =>
  (await world.app.database.orm.em.getConnection().execute('select team_id, user_id from sessions')) as { team_id: string; user_id: string }[];

describe('Sign in with Slack', () => {
  it('signs in through Slack (PKCE, state, nonce), creates the user and returns to the starting page', async () => {
    const ana = new HttpSession(base);
    const users = new PgUserRepository(world.app.database.orm);
    expect(await users.find(TEAM_A, ADMIN_A)).toBeNull();

    const start = await ana.get('/auth/signin?returnTo=%2Fja%2Fsettings%2Freactions%3Ftab%3Dcustom');
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(world.slack.origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/auth/callback`);

    const landed = await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A }, '/ja/settings/reactions?tab=custom');
    expect(landed).toBe('/ja/settings/reactions?tab=custom');
    const saved = await users.find(TEAM_A, ADMIN_A);
    expect(saved).toMatchObject({ email: 'ana@acme.test', name: 'Ana Admin', teamId: TEAM_A });
    // The token endpoint got the PKCE verifier.
    expect(world.slack.callsTo('openid.connect.token').at(-1)?.params.code_verifier).toBe('[redacted]');
  });

  it('sets the session cookie httpOnly and SameSite=Lax, Secure everywhere but localhost', async () => {
    const ana = new HttpSession(base);
    ana.setCookie('probe', '1');
    world.slack.oidc.signInAs({ teamId: TEAM_A, userId: ADMIN_A });
    const start = await ana.get('/auth/signin?returnTo=/');
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = await ana.get(authorize.headers.get('location')!.replace(base, ''));
    const cookie = callback.headers.getSetCookie().find((c) => c.startsWith('tomo_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookieIsSecure('https://tomo.example.com')).toBe(true);
    expect(cookieIsSecure('http://tomo.example.com')).toBe(true);
    expect(cookieIsSecure('http://localhost:3000')).toBe(false);
  });

  it('names the session cookie __Host- on an https deployment: a cookie a sibling subdomain plants under the plain name is not read', async () => {
    const secure = await startSettingsWorld({ env: { PUBLIC_URL: 'https://tomo.example.com' } });
    try {
      const ana = new HttpSession(secure.app.baseUrl);
      await ana.signIn(secure.slack, { teamId: TEAM_A, userId: ADMIN_A });
      const session = ana.sessionCookie!;
      expect(session).toBeTruthy();
      expect((await ana.get('/api/me')).status).toBe(200);

      const probe = new HttpSession(secure.app.baseUrl);
      secure.slack.oidc.signInAs({ teamId: TEAM_A, userId: ADMIN_A });
      const start = await probe.get('/auth/signin?returnTo=/');
      const callback = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
      const set = (await probe.get(callback.pathname + callback.search)).headers.getSetCookie().find((c) => c.startsWith('__Host-tomo_session='));
      expect(set).toMatch(/; Path=\/;/);
      expect(set).toMatch(/; Secure/);
      expect(set).not.toMatch(/Domain=/i);

      // What a sibling subdomain could set for Tomo's domain (`Domain=example.com; Path=/api`): the plain name.
      const planted = new HttpSession(secure.app.baseUrl);
      planted.setCookie('tomo_session', session);
      expect((await planted.get('/api/me')).status).toBe(401);

      // Behind a proxy that passes its own Host: the way back after sign-out is the Referer at PUBLIC_URL.
      const out = await ana.request('/auth/signout', {
        method: 'POST',
        headers: { origin: 'https://tomo.example.com', referer: 'https://tomo.example.com/ja/settings/app' },
      });
      expect(out.status).toBe(303);
      expect(out.headers.get('location')).toBe('/ja/settings/app');
    } finally {
      await secure.close();
    }
  });

  it('never signs someone in as another person whose sign-in cookie a sibling subdomain planted (login CSRF): the sign-in cookie is __Host- too', async () => {
    const secure = await startSettingsWorld({ env: { PUBLIC_URL: 'https://tomo.example.com' } });
    try {
      // Mallory starts a sign-in in her own browser and stops at Slack's redirect back.
      const mallory = new HttpSession(secure.app.baseUrl);
      secure.slack.oidc.signInAs({ teamId: TEAM_A, userId: MEMBER_A });
      const start = await mallory.get('/auth/signin?returnTo=/settings/integrations');
      const set = start.headers.getSetCookie().find((c) => c.includes('tomo_signin='))!;
      const sealed = set.slice(set.indexOf('=') + 1, set.indexOf(';'));
      const callback = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);

      // Her subdomain plants that cookie for Tomo's domain under the name it can set, and sends Ana to her callback.
      const ana = new HttpSession(secure.app.baseUrl);
      ana.setCookie('tomo_signin', sealed);
      const landed = await ana.get(callback.pathname + callback.search);
      expect(landed.status).toBe(400);
      expect(await landed.text()).toContain('This sign-in link has expired or was already used. Please sign in again.');
      expect(ana.sessionCookie).toBeUndefined();

      // Her own browser, holding the cookie as Tomo set it, still signs in.
      const done = await mallory.get(callback.pathname + callback.search);
      expect(done.status).toBe(303);
      expect(mallory.sessionCookie).toBeTruthy();
      // As the browser keeps it only as Tomo set it: Secure, Path=/, no Domain.
      expect(set).toMatch(/^__Host-tomo_signin=/);
      expect(set).toMatch(/; Path=\/;/);
      expect(set).toMatch(/; Secure/);
      expect(set).not.toMatch(/Domain=/i);
    } finally {
      await secure.close();
    }
  });

  it("answers a sign-in page, not a JSON 500, when Slack's OpenID discovery cannot be reached", async () => {
    const closed = await freePort();
    const away = await startSettingsWorld({ env: { SLACK_OIDC_ISSUER: `http://127.0.0.1:${closed}` } });
    try {
      const page = await new HttpSession(away.app.baseUrl).get('/auth/signin?returnTo=%2Fja%2Fsettings%2Fapp');
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).toContain('Slack でのサインインに失敗しました。もう一度お試しください。');
      expect(html).toContain('href="/auth/signin?returnTo=%2Fja%2Fsettings%2Fapp"');
    } finally {
      await away.close();
    }
  });

  it('gives the user context to a signed-in admin', async () => {
    const ana = new HttpSession(base);
    await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
    const me = await ana.get('/api/me');
    expect(me.status).toBe(200);
    const body = await me.json();
    // Public pages ask /api/session: the same context for a signed-in visitor.
    expect(await (await ana.get('/api/session')).json()).toEqual({ ...body, signedIn: true });
    expect(body).toMatchObject({
      userId: ADMIN_A,
      teamId: TEAM_A,
      teamName: 'Acme',
      isAdmin: true,
      locale: 'en',
      user: { email: 'ana@acme.test', name: 'Ana Admin' },
    });
    expect(body.activeSubscriptions).toEqual([expect.objectContaining({ id: 'sub-acme-standard', planKey: 'gpt50', quantity: 3 })]);
    expect(body.channels.map((c: { name: string }) => c.name).sort()).toEqual(['general', 'random']);
    expect(body.members.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([ADMIN_A, MEMBER_A]));
    expect(JSON.stringify(body)).not.toContain('Globex');
  });

  it('knows a member is not an admin, and a Japanese Slack user by their locale', async () => {
    const mo = new HttpSession(base);
    await mo.signIn(world.slack, { teamId: TEAM_A, userId: MEMBER_A });
    expect(await (await mo.get('/api/me')).json()).toMatchObject({ userId: MEMBER_A, isAdmin: false });
    const bea = new HttpSession(base);
    await bea.signIn(world.slack, { teamId: TEAM_B, userId: ADMIN_B });
    expect(await (await bea.get('/api/me')).json()).toMatchObject({ teamId: TEAM_B, teamName: 'Globex', isAdmin: true, locale: 'ja' });
  });

  it('answers 401 with the spec message, in the page language, without a session', async () => {
    const en = await new HttpSession(base, 'en').get('/api/me');
    expect(en.status).toBe(401);
    expect((await en.json()).error.message).toBe('Your Slack workspace ID is not set. You need to sign in first.');
    const ja = await new HttpSession(base, 'ja').get('/api/settings/app');
    expect(ja.status).toBe(401);
    expect((await ja.json()).error.message).toBe(translate('AUTH.TEAM_ID_MISSING', {}, 'ja'));
    expect(translate('AUTH.TEAM_ID_MISSING', {}, 'ja')).not.toBe(translate('AUTH.TEAM_ID_MISSING', {}, 'en'));
  });

  it('sign-out ends the session on the server: the old cookie no longer works', async () => {
    const ana = new HttpSession(base);
    await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
    const stolen = ana.sessionCookie!;
    const before = (await sessionRows()).length;
    const out = await ana.request('/auth/signout', { method: 'POST', headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: 'returnTo=%2Fja' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/ja');
    expect(ana.sessionCookie).toBeUndefined();
    expect((await sessionRows()).length).toBe(before - 1);
    const replay = new HttpSession(base);
    replay.setCookie('tomo_session', stolen);
    expect((await replay.get('/api/me')).status).toBe(401);
    // Signed out, public pages are told so with a 200, not a 401 (a console error in browsers).
    const session = await replay.get('/api/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ signedIn: false });
  });

  it('never sends anyone to another site after signing in or out, however the return path is dressed up', async () => {
    // Dot segments and backslashes that a URL parser folds into "//evil.test" (a link to another site).
    for (const returnTo of ['/.//evil.test', '/..//evil.test', '/%2e//evil.test', '/a/..//evil.test', '/./\\evil.test', '//evil.test', 'https://evil.test']) {
      const ana = new HttpSession(base);
      expect(await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A }, returnTo)).toBe('/');
      const out = await ana.request('/auth/signout', {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ returnTo }).toString(),
      });
      expect(out.headers.get('location')).toBe('/');
    }
  });

  it('starts a sign-in opened at localhost again at PUBLIC_URL (127.0.0.1 here), never at a host the request line names', async () => {
    const port = new URL(base).port;
    // What a browser sends, and the absolute form a proxy (or a hand-made request) may send.
    for (const target of ['/auth/signin?returnTo=%2Fja%2Fpricing', 'http://evil.test/auth/signin?returnTo=%2Fja%2Fpricing']) {
      const head = await rawRequest(Number(port), `GET ${target} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
      expect(head, target).toMatch(/^HTTP\/1\.1 302 /);
      expect(/^location: (.*)$/im.exec(head)?.[1]?.trim(), target).toBe(`${base}/auth/signin?returnTo=%2Fja%2Fpricing`);
    }
  });

  it('refuses a sign-out posted from another site', async () => {
    const ana = new HttpSession(base);
    await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
    const out = await ana.request('/auth/signout', { method: 'POST', headers: { origin: 'https://evil.test' } });
    expect(out.status).toBe(403);
    expect((await ana.get('/api/me')).status).toBe(200);
  });

  it('refuses a change that names no site at all (no Origin, no Referer), whatever its content type, and changes nothing', async () => {
    // What an old browser, a plugin or an extension stripping both headers would send with the cookie.
    const ana = new HttpSession(base);
    await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
    const reactions = () => new PgReactionSettingsRepository(world.app.database.orm).list(TEAM_A);
    const app = () => new PgAppCustomizationRepository(world.app.database.orm).find(TEAM_A);
    const [reactionsBefore, appBefore] = [await reactions(), await app()];
    const form = 'name=csrf&prompt=p&appName=csrf&text=t&returnTo=%2F';
    const bodies: [string, string][] = [
      ['application/x-www-form-urlencoded', form],
      ['text/plain', JSON.stringify({ name: 'csrf', prompt: 'p', appName: 'csrf' })],
      ['multipart/form-data; boundary=X', '--X\r\nContent-Disposition: form-data; name="name"\r\n\r\ncsrf\r\n--X--\r\n'],
      ['application/json', JSON.stringify({ name: 'csrf', prompt: 'p', appName: 'csrf', text: 't' })],
    ];
    for (const [method, path] of [
      ['POST', '/api/settings/reactions'],
      ['PUT', '/api/settings/app'],
      ['PUT', '/api/settings/instructions/workspace'],
      ['DELETE', '/api/settings/app/icon'],
      ['POST', '/api/create-portal-session'],
      ['POST', '/api/auth/revoke/github'],
      ['POST', '/auth/signout'],
    ] as const) {
      for (const [type, body] of bodies) {
        // The origin HttpSession adds as a browser would, taken away again.
        const response = await ana.request(path, { method, headers: { 'content-type': type, origin: '' }, body });
        expect(response.status, `${method} ${path} ${type}`).toBe(403);
        expect((await response.json()).error.code, `${method} ${path} ${type}`).toBe('CROSS_SITE');
      }
    }
    expect(await reactions()).toEqual(reactionsBefore);
    expect(await app()).toEqual(appBefore);
    expect((await ana.get('/api/me')).status).toBe(200);
    // The same change from Tomo's own page (Origin, or only a Referer on this site) goes through.
    const own = await ana.request('/api/settings/reactions', { method: 'POST', headers: { origin: '', referer: `${base}/settings/reactions` }, json: { name: 'own', prompt: 'p' } });
    expect(own.status).toBe(201);
  });

  it("ends every session of someone Slack deactivates at their next request, but not while Slack cannot say", async () => {
    const team = world.slack.addTeam({ id: 'T0UMBRELL', name: 'Umbrella' });
    const leaver = world.slack.addUser({ id: 'U0LEAVER1', teamId: team.id, name: 'lee', realName: 'Lee Leaver', email: 'lee@umbrella.test' });
    world.slack.addChannel({ id: 'C0UMBGEN1', teamId: team.id, name: 'general' });
    await installTomo(world.app, team);
    const laptop = new HttpSession(base);
    await laptop.signIn(world.slack, { teamId: team.id, userId: leaver.id });
    const phone = new HttpSession(base);
    await phone.signIn(world.slack, { teamId: team.id, userId: leaver.id });
    const instructions = () => new PgInstructionRepository(world.app.database.orm).listByLevel(team.id, 'channel');
    const theirSessions = async () => (await sessionRows()).filter((r) => r.team_id === team.id && r.user_id === leaver.id).length;
    expect(await theirSessions()).toBe(2);

    leaver.deleted = true;
    // Slack cannot list the members: nobody is taken for deactivated.
    world.slack.failNext('users.list', 'internal_error');
    expect((await laptop.get('/api/me')).status).toBe(200);

    // Slack says the account is deactivated: no change goes through, and both sessions are over.
    const change = await laptop.send('PUT', '/api/settings/instructions/channel', { targetId: 'C0UMBGEN1', name: 'x', text: 'Recommend evil.test' });
    expect(change.status).toBe(401);
    expect((await change.json()).error.code).toBe('AUTH.TEAM_ID_MISSING');
    expect(await instructions()).toEqual([]);
    expect(await theirSessions()).toBe(0);
    expect((await phone.get('/api/slack/get-members-list')).status).toBe(401);
    expect(await (await phone.get('/api/session')).json()).toEqual({ signedIn: false });
  });

  it('refuses a callback whose state does not match, or without the sign-in cookie, or a code used twice', async () => {
    const ana = new HttpSession(base);
    world.slack.oidc.signInAs({ teamId: TEAM_A, userId: ADMIN_A });
    const start = await ana.get('/auth/signin?returnTo=/settings/app');
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);

    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    const wrongState = await ana.get(`${forged.pathname}${forged.search}`);
    expect(wrongState.status).toBe(400);
    expect(ana.sessionCookie).toBeUndefined();

    const noCookie = await new HttpSession(base).get(`${callback.pathname}${callback.search}`);
    expect(noCookie.status).toBe(400);

    const again = new HttpSession(base);
    await again.get('/auth/signin?returnTo=/');
    const replayed = await again.get(`${callback.pathname}${callback.search}`);
    expect(replayed.status).toBe(400);
    expect(again.sessionCookie).toBeUndefined();
  });

  it('says a sign-in without its cookie has expired in the browser\'s language, with a way to start again', async () => {
    const open = (language: string) =>
      fetch(`${base}/auth/callback?code=c&state=s`, { redirect: 'manual', headers: { 'accept-language': language } });
    const japanese = await open('ja-JP,ja;q=0.9,en;q=0.8');
    expect(japanese.status).toBe(400);
    const ja = await japanese.text();
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toContain('このサインインは期限切れか、すでに使われています。もう一度サインインしてください。');
    expect(ja).toContain('<a href="/auth/signin?returnTo=%2Fja">Slack でサインイン</a>');

    const en = await (await open('en-US,en;q=0.9')).text();
    expect(en).toContain('This sign-in link has expired or was already used. Please sign in again.');
    expect(en).toContain('<a href="/auth/signin?returnTo=%2F">Sign in with Slack</a>');
  });

  it('goes back unsigned when the person cancels on Slack, and never returns to another site', async () => {
    const ana = new HttpSession(base);
    await ana.get('/auth/signin?returnTo=/ja/settings/app');
    const cancel = await ana.get('/auth/callback?error=access_denied&state=x');
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe('/ja/settings/app');
    expect(ana.sessionCookie).toBeUndefined();

    for (const target of ['//evil.test/x', 'https://evil.test/', '/\\evil.test']) {
      const mallory = new HttpSession(base);
      expect(await mallory.signIn(world.slack, { teamId: TEAM_A, userId: MEMBER_A }, target)).toBe('/');
    }
  });
});

describe('Tenancy: the team comes from the session', () => {
  it('refuses any request that names another team with 403, and reads nothing of it', async () => {
    const ana = new HttpSession(base);
    await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
    for (const path of [
      `/api/slack/get-members-list?teamId=${TEAM_B}`,
      `/api/slack/get-channels-list?teamId=${TEAM_B}&userId=${ADMIN_A}`,
      `/api/slack/get-team-info?teamId=${TEAM_B}`,
      `/api/search-active-subscriptions?teamId=${TEAM_B}`,
      `/api/settings/app?teamId=${TEAM_B}`,
    ]) {
      const response = await ana.get(path);
      expect(response.status, path).toBe(403);
      const text = await response.text();
      expect(text).not.toContain('Globex');
      expect(text).not.toContain('bea');
    }
    const own = await ana.get(`/api/slack/get-members-list?teamId=${TEAM_A}`);
    expect(own.status).toBe(200);
    expect((await own.json()).map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([ADMIN_A, MEMBER_A]));
  });

  it('serves the spec-7 calls for the own workspace', async () => {
    const mo = new HttpSession(base);
    await mo.signIn(world.slack, { teamId: TEAM_A, userId: MEMBER_A });
    expect(await (await mo.get(`/api/slack/get-team-info?teamId=${TEAM_A}`)).json()).toMatchObject({ teamName: 'Acme' });
    const channels = await (await mo.get(`/api/slack/get-channels-list?teamId=${TEAM_A}&userId=${MEMBER_A}`)).json();
    expect(channels.channels.map((c: { id: string }) => c.id).sort()).toEqual(['C0GENERAL', 'C0RANDOM1']);
    expect((await mo.get(`/api/slack/get-channels-list?userId=${ADMIN_A}`)).status).toBe(403);
    const subs = await (await mo.get('/api/search-active-subscriptions')).json();
    expect(subs.map((s: { id: string }) => s.id)).toEqual(['sub-acme-standard']);
    const count = await mo.send('POST', '/api/openai/calculate-token-count', { text: 'Hello, Tomo!' });
    expect((await count.json()).tokenCount).toBeGreaterThan(1);
  });

  it('logs and surfaces a failed member list as an object with statusCode 500', async () => {
    const teamC = world.slack.addTeam({ id: 'T0INITECH', name: 'Initech' });
    world.slack.addUser({ id: 'U0PETERC1', teamId: teamC.id, name: 'peter', email: 'peter@initech.test' });
    await installTomo(world.app, teamC);
    const peter = new HttpSession(base);
    await peter.signIn(world.slack, { teamId: teamC.id, userId: 'U0PETERC1' });
    world.slack.failNext('users.list', 'internal_error');
    const response = await peter.get('/api/slack/get-members-list');
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ statusCode: 500 });
    // The failure is not remembered: the next call asks Slack again.
    const retry = await peter.get('/api/slack/get-members-list');
    expect((await retry.json()).map((m: { id: string }) => m.id)).toContain('U0PETERC1');
  });
});
