import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

/** The fake's install flow, driven by the real SDK the way the server's OAuth routes will. */
describe('Slack fake: OAuth v2 install', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  const redirectUri = 'http://127.0.0.1:3000/slack/oauth_redirect';

  beforeAll(async () => {
    slack = await startFakeSlack({ clientId: 'cid', clientSecret: 'csecret' });
    ws = seedWorkspace(slack);
  });
  afterAll(() => slack.close());

  const authorize = async (clientId = 'cid') => {
    const url = new URL('/oauth/v2/authorize', slack.origin);
    url.search = new URLSearchParams({ client_id: clientId, scope: 'app_mentions:read,chat:write', redirect_uri: redirectUri, state: 's1' }).toString();
    return new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
  };

  it('redirects back with a code that oauth.v2.access exchanges for the bot token', async () => {
    slack.installAs({ teamId: ws.team.id, userId: ws.alice });
    const back = await authorize();
    expect(back.searchParams.get('state')).toBe('s1');

    const sdk = new WebClient(undefined, { slackApiUrl: slack.url });
    const result = await sdk.oauth.v2.access({ client_id: 'cid', client_secret: 'csecret', code: back.searchParams.get('code')!, redirect_uri: redirectUri });

    expect(result).toMatchObject({
      access_token: ws.team.botToken,
      bot_user_id: ws.team.botUserId,
      team: { id: ws.team.id, name: 'Acme' },
      authed_user: { id: ws.alice },
    });
    const whoAmI = await new WebClient(result.access_token, { slackApiUrl: slack.url }).auth.test();
    expect(whoAmI).toMatchObject({ team_id: ws.team.id, user_id: ws.team.botUserId });
  });

  it('refuses a wrong client secret and a reused code', async () => {
    const code = (await authorize()).searchParams.get('code')!;
    const sdk = new WebClient(undefined, { slackApiUrl: slack.url, retryConfig: { retries: 0 } });

    await expect(sdk.oauth.v2.access({ client_id: 'cid', client_secret: 'nope', code, redirect_uri: redirectUri })).rejects.toMatchObject({
      data: { error: 'bad_client_secret' },
    });
    await sdk.oauth.v2.access({ client_id: 'cid', client_secret: 'csecret', code, redirect_uri: redirectUri });
    await expect(sdk.oauth.v2.access({ client_id: 'cid', client_secret: 'csecret', code, redirect_uri: redirectUri })).rejects.toMatchObject({
      data: { error: 'invalid_code' },
    });
  });

  it('answers bad_redirect_uri when the exchange names another redirect_uri than the authorize request', async () => {
    slack.installAs({ teamId: ws.team.id, userId: ws.alice });
    const code = (await authorize()).searchParams.get('code')!;
    const sdk = new WebClient(undefined, { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
    await expect(
      sdk.oauth.v2.access({ client_id: 'cid', client_secret: 'csecret', code, redirect_uri: 'http://127.0.0.1:3000/elsewhere' }),
    ).rejects.toMatchObject({ data: { error: 'bad_redirect_uri' } });
  });

  it('answers an org-wide install on Enterprise Grid as Slack does: no team, the enterprise, is_enterprise_install', async () => {
    slack.installAs({ teamId: ws.team.id, userId: ws.alice, orgWide: { enterpriseId: 'E0ORG', name: 'Starship' } });
    const code = (await authorize()).searchParams.get('code')!;
    const result = await new WebClient(undefined, { slackApiUrl: slack.url }).oauth.v2.access({ client_id: 'cid', client_secret: 'csecret', code, redirect_uri: redirectUri });
    expect(result).toMatchObject({ token_type: 'bot', team: null, enterprise: { id: 'E0ORG', name: 'Starship' }, is_enterprise_install: true });
    slack.installAs({ teamId: ws.team.id, userId: ws.alice });
  });

  it('denies an unknown app', async () => {
    expect((await authorize('other-app')).searchParams.get('error')).toBe('access_denied');
  });
});
