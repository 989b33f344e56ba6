import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { IntegrationEndpoints, integrationSettingsFromEnv } from '../../../adapters/integrations/integration-settings';
import { ProviderOAuth } from '../../../adapters/integrations/provider-oauth';
import { PgConnectionLock } from '../../../adapters/postgres/pg-connection-lock';
import { PgOAuthTokenRepository } from '../../../adapters/postgres/pg-oauth-token-repository';
import { SystemClock } from '../../../adapters/system/system-clock';
import { IntegrationConnections } from '../../../core/integrations/integration-connections';
import { ANA, MO, startFakeIntegrations, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { testLogger } from '../../support/logger';
import { eventually } from '../slack-app/support/slack-app-world';
import { HttpSession } from '../settings/support/http-session';
import { ADMIN_A, startSettingsWorld, TEAM_A, type SettingsWorld } from '../settings/support/slack-world';

// A GitHub App's user tokens: they expire after 8 hours, and each refresh hands out a new
// refresh token and retires the old one ("Refreshing user access tokens").
let world: SettingsWorld;
let fake: FakeIntegrations;
let ana: HttpSession;

beforeAll(async () => {
  // A GitHub App with expiring user tokens: its token responses carry an empty `scope`.
  fake = await startFakeIntegrations({ behaviours: { github: { expiresIn: 8 * 3600, refresh: true, rotates: true, scopeless: true } } });
  world = await startSettingsWorld({ env: fake.env(['github']) });
  ana = new HttpSession(world.app.baseUrl);
  await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
  fake.oauth.signInAs('github', ANA);
});
afterAll(async () => {
  await world?.close();
  await fake?.close();
});

const tokens = () => new PgOAuthTokenRepository(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
/** One server or worker process's connections: its own OAuth client, the shared advisory lock. */
const aProcess = () =>
  new IntegrationConnections({
    tokens: tokens(),
    oauth: new ProviderOAuth(new IntegrationEndpoints(integrationSettingsFromEnv(fake.env(['github'])))),
    lock: new PgConnectionLock(world.app.database.orm),
    clock: new SystemClock(),
    log: testLogger,
  });

async function connectGitHub(): Promise<void> {
  const start = await ana.get('/api/auth/request/github');
  expect(start.status).toBe(302);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect((await ana.get(consent.headers.get('location')!.replace(world.app.baseUrl, ''))).status).toBe(303);
}

async function githubCard() {
  const response = await ana.get('/api/settings/integrations');
  expect(response.status).toBe(200);
  return ((await response.json()) as { integrations: { id: string; state: string; account: string | null }[] }).integrations.find((c) => c.id === 'github');
}

async function aboutToExpire(): Promise<void> {
  await world.app.database.orm.em
    .getConnection()
    .execute(`update oauth_tokens_history set expires_at = now() + interval '1 minute' where team_id = '${TEAM_A}' and user_id = '${ADMIN_A}' and provider = 'github'`);
}

const refreshes = () => fake.oauth.tokenRequests.filter((r) => r.family === 'github' && r.grantType === 'refresh_token').length;

describe('GitHub App user tokens (expiring, rotating refresh tokens)', () => {
  it('two processes refreshing at once spend the refresh token once, and the new refresh token is the one kept', async () => {
    await connectGitHub();
    const before = (await tokens().findLatest(TEAM_A, ADMIN_A, 'github'))!;
    expect(before.refreshToken).toBeTruthy();
    await aboutToExpire();
    const count = refreshes();

    const [server, worker] = await Promise.all([aProcess().tokenFor(TEAM_A, ADMIN_A, 'github'), aProcess().tokenFor(TEAM_A, ADMIN_A, 'github')]);

    expect(server).toBeDefined();
    expect(worker).toBe(server);
    expect(refreshes()).toBe(count + 1);
    const after = (await tokens().findLatest(TEAM_A, ADMIN_A, 'github'))!;
    expect(after).toMatchObject({ status: 'connected', accessToken: server, accountName: 'ana' });
    // The rotated refresh token is stored; the spent one no longer works at GitHub.
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(fake.oauth.tokens.get(server!)?.refreshToken).toBe(after.refreshToken);
    expect(await githubCard()).toMatchObject({ state: 'connected', account: 'ana' });
  });

  it('a refresh token GitHub refuses (HTTP 200 with bad_refresh_token) marks the connection "reconnect needed", and the card says so', async () => {
    await connectGitHub();
    await aboutToExpire();
    // The person revoked the app at GitHub (or the refresh token outlived its six months).
    fake.oauth.refuseRefresh.add('github');
    try {
      expect(await aProcess().tokenFor(TEAM_A, ADMIN_A, 'github')).toBeUndefined();
    } finally {
      fake.oauth.refuseRefresh.delete('github');
    }

    expect(await tokens().findLatest(TEAM_A, ADMIN_A, 'github')).toMatchObject({ status: 'reconnect_needed', accessToken: null, refreshToken: null });
    expect(await githubCard()).toMatchObject({ state: 'reconnect_needed', account: 'ana' });
    // Reconnecting makes it usable again.
    await connectGitHub();
    expect(await githubCard()).toMatchObject({ state: 'connected' });
  });

  it('connecting another account while a refresh of the earlier grant is in flight keeps the new account', async () => {
    fake.oauth.signInAs('github', ANA);
    await connectGitHub();
    await aboutToExpire();
    let release!: () => void;
    fake.oauth.refreshHeld.set('github', new Promise<void>((resolve) => (release = resolve)));
    try {
      // A worker refreshes Ana's token for an answer; GitHub is slow to answer it.
      const refreshing = aProcess().tokenFor(TEAM_A, ADMIN_A, 'github');
      await eventually(() => expect(fake.oauth.waitingTokenRequests.get('github') ?? 0).toBeGreaterThan(0));
      // Meanwhile the person connects again, as their other GitHub account.
      fake.oauth.signInAs('github', MO);
      const exchanges = fake.oauth.tokenRequests.filter((r) => r.family === 'github' && r.grantType === 'authorization_code').length;
      const connecting = connectGitHub();
      await eventually(() => expect(fake.oauth.tokenRequests.filter((r) => r.family === 'github' && r.grantType === 'authorization_code')).toHaveLength(exchanges + 1));
      // The new grant waits for the refresh to finish before it is stored (a lock held in PostgreSQL).
      await eventually(async () => expect(await waitingAdvisoryLocks()).toBeGreaterThan(0));
      release();
      await Promise.all([refreshing, connecting]);
    } finally {
      fake.oauth.refreshHeld.delete('github');
      release?.();
    }
    expect(await githubCard()).toMatchObject({ state: 'connected', account: 'mo' });
    expect(fake.oauth.tokens.get((await tokens().findLatest(TEAM_A, ADMIN_A, 'github'))!.accessToken!)?.account).toEqual(MO);
  });
});

async function waitingAdvisoryLocks(): Promise<number> {
  const [row] = await world.app.database.orm.em.getConnection().execute<{ n: number }[]>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`);
  return row?.n ?? 0;
}
