import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { PgOAuthTokenRepository } from '../../../adapters/postgres/pg-oauth-token-repository';
import { IntegrationEndpoints, integrationSettingsFromEnv } from '../../../adapters/integrations/integration-settings';
import { ProviderOAuth } from '../../../adapters/integrations/provider-oauth';
import { PgConnectionLock } from '../../../adapters/postgres/pg-connection-lock';
import { SystemClock } from '../../../adapters/system/system-clock';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { IntegrationConnections } from '../../../core/integrations/integration-connections';
import { testLogger } from '../../support/logger';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { ANA, MO, startFakeIntegrations, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { HttpSession } from '../settings/support/http-session';
import { eventually, installThroughBrowser, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from '../slack-app/support/slack-app-world';

describe('Uninstalling Tomo revokes and deletes every integration token of the workspace', () => {
  let world: SlackAppWorld;
  let fake: FakeIntegrations;

  beforeAll(async () => {
    fake = await startFakeIntegrations();
    world = await startSlackAppWorld({ ...fake.env(['google', 'github', 'atlassian']), OPENAI_IMAGE_MODEL: 'none' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => {
    await world?.close();
    await fake?.close();
  });

  async function connect(teamId: string, userId: string, provider: string, account = ANA): Promise<void> {
    const session = new HttpSession(world.app.baseUrl);
    await session.signIn(world.slack, { teamId, userId });
    fake.oauth.signInAs(provider === 'github' ? 'github' : provider.startsWith('atlassian') ? 'atlassian' : 'google', account);
    const start = await session.get(`/api/auth/request/${provider}`);
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    expect((await session.get(consent.headers.get('location')!.replace(world.app.baseUrl, ''))).status).toBe(303);
  }

  it('revokes at Google and GitHub, deletes every row (history included), and leaves other workspaces alone', async () => {
    const other = seedWorkspace(world.slack, 'T0OTHER');
    expect((await installThroughBrowser(world, other)).status).toBe(200);
    const { ws } = world;
    await connect(ws.team.id, ws.alice, 'google-docs');
    await connect(ws.team.id, ws.alice, 'github');
    await connect(ws.team.id, ws.bob, 'google-calendar', MO);
    // A different Google account: revoking a grant ends every token of that account for Tomo's client.
    await connect(other.team.id, other.alice, 'google-drive', { id: 'acct-olga', name: 'Olga Other', email: 'olga@other.test' });
    const tokens = new PgOAuthTokenRepository(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
    const ours = await tokens.listLatestForTeam(ws.team.id);
    expect(ours.map((r) => r.provider).sort()).toEqual(['github', 'google-calendar', 'google-docs']);

    expect((await sendEvent(world, { type: 'app_uninstalled' })).status).toBe(200);
    await eventually(async () => expect(await tokens.listLatestForTeam(ws.team.id)).toEqual([]));
    await settled(world, SLACK_QUEUES.slackUninstall.name);

    for (const row of ours) expect(fake.oauth.tokens.get(row.accessToken!)?.revoked).toBe(true);
    const left = (await world.app.database.orm.em
      .getConnection()
      .execute(`select count(*)::int as n from oauth_tokens_history where team_id = '${ws.team.id}'`)) as { n: number }[];
    expect(left[0]!.n).toBe(0);
    const theirs = await tokens.listLatestForTeam(other.team.id);
    expect(theirs).toHaveLength(1);
    expect(fake.oauth.tokens.get(theirs[0]!.accessToken!)?.revoked).toBe(false);
  });

  it('keeps no token of a refresh that was in flight when the workspace uninstalled', async () => {
    const other = seedWorkspace(world.slack, 'T0LATE');
    expect((await installThroughBrowser(world, other)).status).toBe(200);
    // Atlassian has no revocation endpoint: a token stored after the uninstall would work.
    await connect(other.team.id, other.alice, 'atlassian-jira');
    const connectionRows = async () =>
      ((await world.app.database.orm.em.getConnection().execute(`select count(*)::int as n from oauth_tokens_history where team_id = '${other.team.id}'`)) as { n: number }[])[0]!.n;
    await world.app.database.orm.em
      .getConnection()
      .execute(`update oauth_tokens_history set expires_at = now() + interval '1 minute' where team_id = '${other.team.id}'`);
    const tokens = new PgOAuthTokenRepository(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
    const service = new IntegrationConnections({
      tokens,
      oauth: new ProviderOAuth(new IntegrationEndpoints(integrationSettingsFromEnv(fake.env()))),
      lock: new PgConnectionLock(world.app.database.orm),
      clock: new SystemClock(),
      log: testLogger,
    });
    let release!: () => void;
    fake.oauth.tokenEndpointHeld.set('atlassian', new Promise<void>((resolve) => (release = resolve)));
    try {
      // A worker refreshes Alice's token for an answer; Atlassian is slow to answer, and the
      // workspace uninstalls Tomo meanwhile.
      const refreshing = service.tokenFor(other.team.id, other.alice, 'atlassian-jira');
      await eventually(() => expect(fake.oauth.waitingTokenRequests.get('atlassian') ?? 0).toBeGreaterThan(0));
      expect((await sendEvent(world, { type: 'app_uninstalled' }, { ws: other })).status).toBe(200);
      await eventually(async () => {
        const [waiting] = (await world.app.database.orm.em
          .getConnection()
          .execute(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'`)) as { n: number }[];
        const uninstalled = (await tokens.listLatestForTeam(other.team.id)).length === 0;
        expect(uninstalled || waiting!.n > 0).toBe(true);
      });
      release();
      await refreshing;
      await settled(world, SLACK_QUEUES.slackUninstall.name);
    } finally {
      release();
      fake.oauth.tokenEndpointHeld.delete('atlassian');
    }
    expect(await tokens.listLatestForTeam(other.team.id)).toEqual([]);
    expect(await connectionRows()).toBe(0);
    expect(await service.tokenFor(other.team.id, other.alice, 'atlassian-jira')).toBeUndefined();
  });
});
