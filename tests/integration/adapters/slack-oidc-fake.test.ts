import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';

/**
 * The fake's "Sign in with Slack" must satisfy a strict, real OIDC client: discovery by
 * issuer, PKCE and nonce checks, and ID tokens verified against the JWKS.
 */
describe('Slack fake: OpenID Connect provider', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  let config: client.Configuration;

  beforeAll(async () => {
    slack = await startFakeSlack({ clientId: 'tomo-client', clientSecret: 'tomo-secret' });
    ws = seedWorkspace(slack);
    config = await client.discovery(new URL(slack.origin), 'tomo-client', 'tomo-secret', undefined, {
      execute: [client.allowInsecureRequests],
    });
  });
  afterAll(() => slack.close());

  const signIn = async () => {
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const state = client.randomState();
    const authorize = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:3000/api/auth/callback/slack',
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      nonce,
      state,
    });
    const redirect = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(redirect.headers.get('location')!);
    return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state });
  };

  it('signs the chosen person in with an ID token carrying Slack’s team and user claims', async () => {
    slack.oidc.signInAs({ teamId: ws.team.id, userId: ws.bob });

    const tokens = await signIn();
    const claims = tokens.claims()!;

    expect(claims).toMatchObject({
      iss: slack.origin,
      aud: 'tomo-client',
      sub: ws.bob,
      'https://slack.com/user_id': ws.bob,
      'https://slack.com/team_id': ws.team.id,
      'https://slack.com/team_name': 'Acme',
      name: 'Bob Baker',
    });
    const info = await client.fetchUserInfo(config, tokens.access_token, ws.bob);
    expect(info).toMatchObject({ sub: ws.bob, 'https://slack.com/team_id': ws.team.id });
  });

  it('refuses a code twice', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const authorize = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:3000/cb',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });

    await expect(client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier })).rejects.toThrow();
  });
});
