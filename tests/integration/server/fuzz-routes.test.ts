import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../../adapters/slack/verify-slack-signature';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { startTestApp, type TestApp } from '../../support/app';
import { HttpSession } from '../settings/support/http-session';
import { installTomo } from '../settings/support/slack-world';

/**
 * Malformed input on every route, signed out, signed in as an admin, and (for Slack's routes)
 * validly signed: never a 5xx, never a stack trace. The routes are read from the running
 * Express app, so a new route is fuzzed without touching this file.
 */
const SIGNING_SECRET = 'fuzz-signing-secret';
const TEAM = 'T0FUZZ001';
const ADMIN = 'U0FUZZADM';

const NUL = 'a\u0000b';
const LONE = 'x\uD800y';
const LOW = '\uDC00';

interface RouteRef {
  method: string;
  path: string;
}

let slack: FakeSlack;
let app: TestApp;
let admin: HttpSession;
let routes: RouteRef[];

beforeAll(async () => {
  slack = await startFakeSlack();
  const team = slack.addTeam({ id: TEAM, name: 'Fuzz' });
  slack.addUser({ id: ADMIN, teamId: TEAM, name: 'ada', realName: 'Ada Admin', email: 'ada@fuzz.test', isAdmin: true });
  slack.addChannel({ id: 'C0FUZZ001', teamId: TEAM, name: 'general' });
  app = await startTestApp(
    {
      SLACK_CLIENT_ID: slack.settings.clientId,
      SLACK_CLIENT_SECRET: slack.settings.clientSecret,
      SLACK_OIDC_ISSUER: slack.origin,
      SLACK_API_URL: slack.url,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      // Thousands of requests from one address: the per-address limit (its own test) would answer 429.
      RATE_LIMIT_PER_MINUTE: '0',
    },
    { worker: false },
  );
  await installTomo(app, team);
  admin = new HttpSession(app.baseUrl);
  await admin.signIn(slack, { teamId: TEAM, userId: ADMIN });
  routes = routesOf(app.http.server.listeners('request')[0] as Express);
});

afterAll(async () => {
  await app?.close();
  await slack?.close();
});

/** Every method + path the Express app routes (nested routers included). */
function routesOf(express: Express): RouteRef[] {
  const found: RouteRef[] = [];
  const walk = (stack: unknown[]) => {
    for (const layer of stack as { route?: { path: unknown; methods: Record<string, boolean> }; handle?: { stack?: unknown[] } }[]) {
      if (layer.route && typeof layer.route.path === 'string') {
        for (const method of Object.keys(layer.route.methods)) found.push({ method: method.toUpperCase(), path: layer.route.path });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((express as unknown as { router: { stack: unknown[] } }).router.stack);
  return found;
}

/** The path with each `:param` filled in: a plausible value, a NUL, a lone surrogate, an odd escape. */
function pathsFor(path: string): string[] {
  if (!path.includes(':')) return [path, `${path}?q=${encodeURIComponent(NUL)}&r[]=%ED%A0%80&s=%ED%B0%80`];
  const fill = (value: string) => path.replace(/:(\w+)/g, () => value);
  return [fill('U0FUZZADM'), fill(encodeURIComponent(NUL)), fill('%ED%A0%80'), fill('%E0%A4%A'), fill('..%2F..%2Fetc')];
}

/** Bodies a careless or hostile client might send. */
const FIELDS = ['name', 'prompt', 'text', 'instruction', 'category', 'appName', 'level', 'targetId', 'enabled', 'localTime', 'lookbackDays', 'timeZone', 'subscriptionId', 'planKey', 'quantity', 'interval', 'returnTo', 'memberId', 'channelId', 'model'];
function bodies(): { type: string; body: string }[] {
  const all = (value: unknown) => JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value])));
  return [
    { type: 'application/json', body: 'null' },
    { type: 'application/json', body: '[]' },
    { type: 'application/json', body: '42' },
    { type: 'application/json', body: '"text"' },
    { type: 'application/json', body: '{"a":' },
    { type: 'application/json', body: all(NUL) },
    { type: 'application/json', body: all(LONE) },
    { type: 'application/json', body: all(LOW) },
    { type: 'application/json', body: all(null) },
    { type: 'application/json', body: all({ nested: [NUL] }) },
    { type: 'application/json', body: all(1e308) },
    { type: 'application/json', body: all('x'.repeat(20_000)) },
    { type: 'application/json', body: JSON.stringify({ [NUL]: 'key', __proto__: { admin: true }, constructor: { prototype: 1 } }) },
    { type: 'application/x-www-form-urlencoded', body: `name=${encodeURIComponent(NUL)}&prompt=%ED%A0%80&returnTo=%00` },
    { type: 'application/x-www-form-urlencoded', body: `payload=${encodeURIComponent('null')}` },
    { type: 'application/x-www-form-urlencoded', body: `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', team: { id: NUL }, user: { id: LOW } })).replace('%EF%BF%BD', '%5Cudc00')}` },
    { type: 'text/plain', body: '\u0000\u0001\u0002' },
    { type: 'application/octet-stream', body: '\u0089PNG\r\n\u001a\n' },
  ];
}

/** Slack's signed bodies: valid signatures over bodies that are not events. */
function slackBodies(): string[] {
  const envelope = (event: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ type: 'event_callback', team_id: TEAM, event_id: 'Ev0FUZZ', authorizations: [{ team_id: TEAM, user_id: 'U0BOT', is_bot: true }], event, ...extra });
  return [
    'null',
    '[]',
    '7',
    '"event_callback"',
    '{}',
    '{"type":"event_callback"}',
    '{"type":"event_callback","event":null}',
    '{"type":"event_callback","event":"x","team_id":5}',
    JSON.stringify({ type: 'url_verification', challenge: { nested: true } }),
    envelope({ type: 'reaction_added', user: 'U0FUZZADM', reaction: NUL, item: { type: 'message', channel: 'C0FUZZ001', ts: '1.1' } }),
    envelope({ type: 'reaction_added', user: 'U0FUZZADM', reaction: LONE, item: { type: 'message', channel: 'C0FUZZ001', ts: '1.1' } }),
    envelope({ type: 'reaction_added', user: 'U0FUZZADM', reaction: 5, item: null }),
    envelope({ type: 'app_mention', user: NUL, channel: 'C0FUZZ001', ts: '1.2', text: 'hi' }),
    envelope({ type: 'app_mention', user: ['U1'], channel: { id: 1 }, ts: 7, text: null }),
    envelope({ type: 'message', channel_type: 'im', user: 'U0FUZZADM', channel: 'D0FUZZ', ts: '1.3', text: LONE }),
    envelope({ type: 'function_executed', function: { callback_id: 'ask_tomo' }, function_execution_id: NUL, inputs: { prompt: NUL } }),
    envelope({ type: 'function_executed', function: null, inputs: 'x' }),
    envelope({ type: 'assistant_thread_started', assistant_thread: { user_id: 1, channel_id: null } }),
    envelope({ type: 'app_home_opened', user: 'U0FUZZADM', tab: LONE }),
    envelope({ type: 'member_joined_channel', user: 'U0BOT', channel: NUL }),
    envelope({ type: 'tokens_revoked', tokens: { bot: 'not-a-list' } }),
    envelope({ type: 'user_change', user: { id: NUL, deleted: true } }),
    envelope({ type: 'user_change', user: null }),
    envelope({ type: 'app_mention' }, { authorizations: 'x', event_id: 9 }),
    `payload=${encodeURIComponent('null')}`,
    `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', team: { id: TEAM }, user: { id: NUL }, actions: null }))}`,
    `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', team: { id: TEAM }, user: { id: 'U0FUZZADM' }, actions: [{ action_id: 5 }, null] }))}`,
    `payload=${encodeURIComponent(JSON.stringify({ type: 'view_submission', team: { id: TEAM }, user: { id: 'U0FUZZADM' }, view: 'x' }))}`,
  ];
}

async function expectClean(response: Response, what: string): Promise<void> {
  const text = await response.text();
  // Billing is off on this server (no Stripe keys): its routes say so with a deliberate 503, whatever the body.
  if (response.status === 503 && text.includes('"BILLING.NOT_CONFIGURED"')) return;
  expect(response.status, `${what} → ${response.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(text, what).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)|node_modules|TypeError|ReferenceError|SyntaxError:/);
}

describe('every route with malformed input', () => {
  it('finds the routes it fuzzes', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(expect.arrayContaining(['POST /slack/events', 'POST /slack/interactions', 'POST /api/settings/reactions', 'GET /auth/callback']));
    expect(routes.length).toBeGreaterThan(30);
  });

  for (const who of ['signed out', 'signed in'] as const) {
    it(`answers no 5xx and no stack trace, ${who}`, async () => {
      const session = who === 'signed in' ? admin : new HttpSession(app.baseUrl);
      for (const route of routes) {
        for (const path of pathsFor(route.path)) {
          const headers = { origin: app.baseUrl };
          if (route.method === 'GET' || route.method === 'DELETE') {
            await expectClean(await session.request(path, { method: route.method, headers }), `${who} ${route.method} ${path}`);
            continue;
          }
          for (const { type, body } of bodies()) {
            const response = await session.request(path, { method: route.method, headers: { ...headers, 'content-type': type }, body });
            await expectClean(response, `${who} ${route.method} ${path} ${type} ${body.slice(0, 60)}`);
          }
        }
      }
    });
  }

  it('answers every route under any method, with every query key repeated, with no 5xx and the security headers', async () => {
    // Repeated keys arrive as arrays where routes expect one string (`?userId=a&userId=b`); the
    // session's own ids first, so a check that reads only the first value lets the second through.
    const repeated = ['teamId', 'team_id', 'userId', 'returnTo', 'state', 'code', 'error', 'plan', 'level', 'targetId', 'months', 'token', 'v']
      .map((key) => `${key}=${encodeURIComponent(key === 'teamId' || key === 'team_id' ? TEAM : key === 'userId' ? ADMIN : '/x')}&${key}=${encodeURIComponent(key === 'returnTo' ? '//evil.test' : 'U0OTHER01')}`)
      .join('&');
    for (const who of [new HttpSession(app.baseUrl), admin]) {
      for (const route of routes) {
        for (const method of [route.method, 'HEAD', 'OPTIONS', 'PATCH']) {
          const path = `${pathsFor(route.path)[0]!.split('?')[0]}?${repeated}`;
          const response = await who.request(path, { method, headers: { origin: app.baseUrl } });
          const what = `${who === admin ? 'signed in' : 'signed out'} ${method} ${path.split('?')[0]}`;
          // A HEAD answer has no body to tell billing's deliberate 503 by: it must answer as its GET.
          if (method === 'HEAD') expect(response.status, what).toBe((await who.request(path)).status);
          else await expectClean(response, what);
          expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
          expect(response.headers.get('content-security-policy'), what).toContain("frame-ancestors 'self'");
          expect(response.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
          expect(response.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
          expect(response.headers.get('cross-origin-opener-policy'), what).toBe('same-origin-allow-popups');
          expect(response.headers.get('permissions-policy'), what).toContain('camera=()');
          const location = response.headers.get('location');
          if (location && !location.startsWith(slack.origin)) expect(new URL(location, app.baseUrl).origin, `${what} → ${location}`).toBe(new URL(app.baseUrl).origin);
          if (path.startsWith('/api/') && who === admin && (response.headers.get('content-type') ?? '').includes('json')) {
            expect(response.headers.get('cache-control'), what).toMatch(/no-store|public/);
          }
        }
      }
    }
  });

  it('refuses every change a page on another site (or no page at all) posts with the signed-in admin’s cookie, before it runs', async () => {
    // Slack's and Stripe's webhooks are posted by their servers and signed; everything else that
    // is not a GET is posted by Tomo's own pages, and a browser names the page's site in Origin.
    const changes = routes.filter(
      (r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && /^\/(api|auth)\//.test(r.path) && r.path !== '/api/stripe/webhook',
    );
    expect(changes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /auth/signout', 'POST /api/openai/calculate-token-count', 'PUT /api/settings/app']));
    // Its own session: the fuzzing above posts to sign-out from Tomo's own origin.
    const victim = new HttpSession(app.baseUrl);
    await victim.signIn(slack, { teamId: TEAM, userId: ADMIN });
    for (const route of changes) {
      const path = pathsFor(route.path)[0]!;
      for (const [from, headers] of [
        ['another site', { origin: 'https://evil.example' }],
        ['a sandboxed frame', { origin: 'null' }],
        ['another site, by Referer only', { origin: '', referer: 'https://evil.example/page' }],
        ['no page', { origin: '' }],
      ] as const) {
        const what = `${route.method} ${path} from ${from}`;
        const response = await victim.request(path, { method: route.method, headers, json: { text: 'hello', texts: ['hello'], appName: 'pwned' } });
        expect(response.status, what).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code, what).toBe('CROSS_SITE');
      }
    }
    // Still signed in (sign-out was refused too), and nothing was renamed.
    const saved = await victim.get('/api/settings/app');
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { appName: string | null }).appName).not.toBe('pwned');
  });

  it('answers every validly signed odd Slack body with a 2xx or 4xx, never a 500', async () => {
    for (const path of ['/slack/events', '/slack/interactions']) {
      for (const body of slackBodies()) {
        const timestamp = String(Math.floor(Date.now() / 1000));
        const response = await fetch(`${app.baseUrl}${path}`, {
          method: 'POST',
          headers: {
            'content-type': body.startsWith('payload=') ? 'application/x-www-form-urlencoded' : 'application/json',
            'x-slack-request-timestamp': timestamp,
            'x-slack-signature': signSlackRequest(SIGNING_SECRET, timestamp, body),
          },
          body,
        });
        await expectClean(response, `${path} ${body.slice(0, 80)}`);
      }
    }
  });

  it('refuses a signed JSON null event with 400, and queues nothing', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(`${app.baseUrl}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signSlackRequest(SIGNING_SECRET, timestamp, 'null') },
      body: 'null',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'INVALID_PAYLOAD' } });
  });

  it('refuses a custom reaction named with a NUL or a lone surrogate with the catalogue error, in en and ja, and stores nothing', async () => {
    // The fuzzing above posted to /auth/signout too: sign in again.
    admin = new HttpSession(app.baseUrl);
    await admin.signIn(slack, { teamId: TEAM, userId: ADMIN });
    for (const [locale, name] of [
      ['en', `pin${NUL}`],
      ['ja', `pin${LONE}`],
    ] as const) {
      const session = locale === 'en' ? admin : new HttpSession(app.baseUrl, 'ja');
      if (locale === 'ja') await session.signIn(slack, { teamId: TEAM, userId: ADMIN });
      const response = await session.request('/api/settings/reactions', { method: 'POST', headers: { origin: app.baseUrl }, json: { name, prompt: 'Explain this' } });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('INPUT.UNSUPPORTED_CHARACTERS');
      expect(body.error.message).toBe(
        locale === 'en'
          ? 'The request contains characters Tomo cannot store (a NUL character or a broken Unicode character). Remove them and try again.'
          : 'リクエストに保存できない文字（NUL 文字または壊れた Unicode 文字）が含まれています。取り除いてからもう一度お試しください。',
      );
    }
    const list = (await (await admin.request('/api/settings/reactions')).json()) as { custom: { name: string }[] };
    expect(list.custom.filter((r) => r.name.startsWith('pin'))).toEqual([]);
    // A clean name still saves: the guard refuses characters, not reactions.
    const saved = await admin.request('/api/settings/reactions', { method: 'POST', headers: { origin: app.baseUrl }, json: { name: 'pin', prompt: 'Explain this' } });
    expect(saved.status).toBeLessThan(300);
  });

  it('refuses a change whose body is in a type Tomo does not read (text/plain, XML, multipart) with 415 in en and ja, and saves nothing', async () => {
    admin = new HttpSession(app.baseUrl);
    await admin.signIn(slack, { teamId: TEAM, userId: ADMIN });
    const japanese = new HttpSession(app.baseUrl, 'ja');
    await japanese.signIn(slack, { teamId: TEAM, userId: ADMIN });
    const appBefore = await (await admin.request('/api/settings/app')).json();
    const attempts: [session: HttpSession, method: string, path: string, type: string, body: string][] = [
      // A JSON body a script sends as text/plain: no parser reads it, so the route used to run as if nothing had been sent.
      [admin, 'PUT', '/api/settings/app', 'text/plain', JSON.stringify({ appName: 'Plain', greetingWhenJoiningChannel: false })],
      [japanese, 'PUT', '/api/settings/app', 'text/plain;charset=UTF-8', JSON.stringify({ appName: 'Plain' })],
      [admin, 'POST', '/api/settings/reactions', 'application/xml', '<reaction><name>xml</name><prompt>Explain</prompt></reaction>'],
      [admin, 'POST', '/api/settings/reactions', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nmulti\r\n--x--\r\n'],
      [japanese, 'PUT', '/api/settings/instructions/user', 'application/vnd.api+json', JSON.stringify({ text: 'typed' })],
    ];
    for (const [session, method, path, type, body] of attempts) {
      const response = await session.request(path, { method, headers: { 'content-type': type }, body });
      const label = `${method} ${path} ${type}`;
      expect(response.status, label).toBe(415);
      expect(await response.json(), label).toEqual({
        error:
          session === admin
            ? { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Tomo could not read this request (it is not sent as JSON). Reload the page and try again.' }
            : {
                code: 'UNSUPPORTED_MEDIA_TYPE',
                message: 'このリクエストを読み取れませんでした（JSON として送られていません）。ページを再読み込みしてから、もう一度お試しください。',
              },
      });
    }
    // Nothing was recorded: not even an "updated by" for a change nobody could read.
    expect(await (await admin.request('/api/settings/app')).json()).toEqual(appBefore);
    const reactions = (await (await admin.request('/api/settings/reactions')).json()) as { custom: { name: string }[] };
    expect(reactions.custom.map((r) => r.name)).not.toEqual(expect.arrayContaining(['xml']));
    // The same change as JSON still goes through.
    const json = await admin.request('/api/settings/app', { method: 'PUT', json: { greetingWhenJoiningChannel: false } });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { greetingWhenJoiningChannel: boolean }).greetingWhenJoiningChannel).toBe(false);
  });

  it('refuses a signed reaction event whose emoji name holds a NUL with the catalogue error', async () => {
    const body = JSON.stringify({
      type: 'event_callback',
      team_id: TEAM,
      event_id: 'Ev0NULREACT',
      authorizations: [{ team_id: TEAM, user_id: 'U0BOT', is_bot: true }],
      event: { type: 'reaction_added', user: ADMIN, reaction: `ok${NUL}`, item: { type: 'message', channel: 'C0FUZZ001', ts: '1.1' } },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(`${app.baseUrl}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signSlackRequest(SIGNING_SECRET, timestamp, body) },
      body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INPUT.UNSUPPORTED_CHARACTERS');
  });
});
