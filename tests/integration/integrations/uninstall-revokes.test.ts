import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { PgOAuthTokenRepository } from '../../../adapters/postgres/pg-oauth-token-repository';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { ANA, MO, startFakeIntegrations, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { HttpSession } from '../settings/support/http-session';
import { eventually, installThroughBrowser, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from '../slack-app/support/slack-app-world';

describe('Uninstalling Tomo revokes and deletes every integration token of the workspace', () => {
  let world: SlackAppWorld;
  let fake: FakeIntegrations;

  beforeAll(async () => {
    fake = await startFakeIntegrations();
    world = await startSlackAppWorld({ ...fake.env(['google', 'github']), OPENAI_IMAGE_MODEL: 'none' });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => {
    await world?.close();
    await fake?.close();
  });

  async function connect(teamId: string, userId: string, provider: string, account = ANA): Promise<void> {
    const session = new HttpSession(world.app.baseUrl);
    await session.signIn(world.slack, { teamId, userId });
    fake.oauth.signInAs(provider === 'github' ? 'github' : 'google', account);
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
});
