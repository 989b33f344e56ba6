import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { loadServerConfig } from '../../../apps/server/config';
import { startServer } from '../../../apps/server/server';
import type { RunningHttpServer } from '../../../apps/shared/http-server';
import { translate } from '../../../apps/shared/messages';
import { ANA, startFakeIntegrations, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { testLogger } from '../../support/logger';
import { HttpSession } from '../settings/support/http-session';
import { ADMIN_A, startSettingsWorld, TEAM_A, type SettingsWorld } from '../settings/support/slack-world';

// Sign-in, install and connect callbacks are single use across every server on one database:
// a callback sent again with the cookie kept (a script) is refused before Tomo asks the
// provider's token endpoint about the spent code, whichever server it reaches.

let world: SettingsWorld;
let fake: FakeIntegrations;
let base: string;
/** A second server on the same database, behind the same PUBLIC_URL (a load balancer's other instance). */
let other: { http: RunningHttpServer; database: Database; base: string };

beforeAll(async () => {
  fake = await startFakeIntegrations();
  world = await startSettingsWorld({ env: fake.env() });
  base = world.app.baseUrl;
  const config = loadServerConfig({
    NODE_ENV: 'test',
    PORT: '0',
    PUBLIC_URL: base,
    WEB_DIST_DIR: 'apps/web/dist',
    ENCRYPTION_KEY: world.app.config.ENCRYPTION_KEY,
    SESSION_SECRET: world.app.config.SESSION_SECRET,
    SLACK_CLIENT_ID: world.slack.settings.clientId,
    SLACK_CLIENT_SECRET: world.slack.settings.clientSecret,
    SLACK_OIDC_ISSUER: world.slack.origin,
    SLACK_API_URL: world.slack.url,
    ...fake.env(),
    DATABASE_URL: world.app.db.url,
  });
  const database = await openDatabase(world.app.db.url, { poolMax: 2 });
  const http = await startServer({ config, logger: testLogger, database, queue: world.app.queue });
  other = { http, database, base: `http://127.0.0.1:${http.port}` };
});
afterAll(async () => {
  await other?.http.close(1000);
  await other?.database.close();
  await world?.close();
  await fake?.close();
});

/** The value of the cookie `name` a response sets. */
function cookieSet(response: Response, name: string): string {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))!;
  return line.slice(name.length + 1, line.indexOf(';'));
}

/** The same request, with the same cookies, to both servers at once, then once more to the first. */
async function sendThreeTimes(url: URL, cookie: string, language = 'en'): Promise<Response[]> {
  const path = `${url.pathname}${url.search}`;
  const send = (origin: string) => fetch(`${origin}${path}`, { redirect: 'manual', headers: { cookie, 'accept-language': language } });
  const both = await Promise.all([send(base), send(other.base)]);
  return [...both, await send(base)];
}

/** The answers sorted: the one that went through first, then the refusals. */
const byStatus = (answers: Response[], ok: number) => [...answers].sort((a, b) => Number(b.status === ok) - Number(a.status === ok));

describe('a sign-in callback is used once', () => {
  it('refuses the callback sent again with its cookie, on either server, and Slack’s token endpoint sees one exchange', async () => {
    const tokenCalls = () => world.slack.callsTo('openid.connect.token').length;
    const before = tokenCalls();
    world.slack.oidc.signInAs({ teamId: TEAM_A, userId: ADMIN_A });
    const start = await fetch(`${base}/auth/signin?returnTo=%2Fja%2Fsettings%2Fapp`, { redirect: 'manual' });
    const cookie = `tomo_signin=${cookieSet(start, 'tomo_signin')}`;
    const callback = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);

    const [done, ...replays] = byStatus(await sendThreeTimes(callback, cookie), 303);
    expect(tokenCalls() - before).toBe(1);
    expect(done!.status).toBe(303);
    expect(done!.headers.get('location')).toBe('/ja/settings/app');
    expect(done!.headers.getSetCookie().some((c) => c.startsWith('tomo_session='))).toBe(true);
    for (const replay of replays) {
      expect(replay.status).toBe(400);
      // The page of the sign-in it belongs to: Japanese, as its return address.
      expect(await replay.text()).toContain(translate('SIGN_IN.EXPIRED', {}, 'ja'));
      expect(replay.headers.getSetCookie().some((c) => c.startsWith('tomo_session='))).toBe(false);
    }
  });

  it('lets two sign-ins of one person (two tabs) each go through once', async () => {
    const ana = new HttpSession(base);
    expect(await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A })).toBe('/settings/app');
    const again = new HttpSession(base);
    expect(await again.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A })).toBe('/settings/app');
  });
});

describe('an install callback is used once', () => {
  it('refuses the callback sent again with its cookie, on either server, and oauth.v2.access sees one exchange', async () => {
    const exchanges = () => world.slack.callsTo('oauth.v2.access').length;
    const before = exchanges();
    const ws = seedWorkspace(world.slack, 'T0REPLAY1');
    world.slack.installAs({ teamId: ws.team.id, userId: ws.alice });
    const start = await fetch(`${base}/slack/install`, { redirect: 'manual' });
    const cookie = `tomo_slack_install=${cookieSet(start, 'tomo_slack_install')}`;
    const back = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);

    const [done, ...replays] = byStatus(await sendThreeTimes(back, cookie, 'ja'), 200);
    expect(exchanges() - before).toBe(1);
    expect(done!.status).toBe(200);
    expect(await done!.text()).toContain('トライアル');
    for (const replay of replays) {
      expect(replay.status).toBe(400);
      expect(await replay.text()).toContain(translate('INSTALL.EXPIRED_TITLE', {}, 'ja'));
    }
  });
});

describe('an integration connect callback is used once', () => {
  it('refuses the callback sent again with its cookie and session, on either server, and the token endpoint sees one exchange', async () => {
    const exchanges = () => fake.oauth.tokenRequests.filter((r) => r.family === 'google' && r.grantType === 'authorization_code').length;
    const ana = new HttpSession(base);
    await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
    const before = exchanges();
    fake.oauth.signInAs('google', ANA);
    const start = await ana.get(`/api/auth/request/google-docs?returnTo=${encodeURIComponent('/settings/integrations')}`);
    expect(start.status).toBe(302);
    const cookie = `tomo_session=${ana.sessionCookie!}; tomo_connect_google_docs=${cookieSet(start, 'tomo_connect_google_docs')}`;
    const back = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);

    const [done, ...replays] = byStatus(await sendThreeTimes(back, cookie), 303);
    expect(exchanges() - before).toBe(1);
    expect(done!.status).toBe(303);
    expect(done!.headers.get('location')).toBe('/settings/integrations');
    for (const replay of replays) {
      expect(replay.status).toBe(400);
      expect(await replay.text()).toContain(translate('INTEGRATION.EXPIRED', {}, 'en'));
    }
    // What the first callback connected stays connected.
    const cards = (await (await ana.get('/api/settings/integrations')).json()) as { integrations: { id: string; state: string }[] };
    expect(cards.integrations.find((c) => c.id === 'google-docs')?.state).toBe('connected');
  });
});

describe('what the table keeps', () => {
  it('holds a hash of each used state only, until it would have expired, and forgets expired ones on the next claim', async () => {
    const sql = world.app.database.orm.em.getConnection();
    const rows = (await sql.execute('select state_hash, expires_at from used_auth_states')) as { state_hash: string; expires_at: Date }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.state_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(new Date(row.expires_at).getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    }
    await sql.execute(`insert into used_auth_states (state_hash, expires_at) values ('${'0'.repeat(64)}', now() - interval '1 minute')`);
    const ana = new HttpSession(base);
    await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
    expect(await sql.execute(`select 1 from used_auth_states where state_hash = '${'0'.repeat(64)}'`)).toEqual([]);
  });
});
