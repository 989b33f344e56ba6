import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../adapters/crypto/secret-box';
import { InMemoryOAuthTokenRepository } from '../../adapters/memory/in-memory-oauth-token-repository';
import { PgOAuthTokenRepository } from '../../adapters/postgres/pg-oauth-token-repository';
import type { OAuthTokenRecord } from '../../core/integrations/oauth-token';
import type { OAuthTokenRepository } from '../../core/integrations/oauth-token-repository.port';
import { implementations } from './support/implementations';
import { at, TEAM_A, TEAM_B } from './support/records';

const secrets = AesGcmSecretBox.fromEnv(randomBytes(32).toString('base64'));

const aToken = (overrides: Partial<OAuthTokenRecord> = {}): OAuthTokenRecord => ({
  teamId: TEAM_A,
  userId: 'U001',
  provider: 'github',
  accessToken: 'gho_access_1',
  refreshToken: 'ghr_refresh_1',
  scopes: 'repo',
  expiresAt: at(60),
  accountName: 'octocat',
  status: 'connected',
  details: null,
  updatedBy: 'U001',
  updatedAt: at(1),
  ...overrides,
});

describe.each(
  implementations<OAuthTokenRepository>({
    memory: () => new InMemoryOAuthTokenRepository(),
    postgres: (orm) => new PgOAuthTokenRepository(orm, secrets),
  }),
)('OAuthTokenRepository ($name)', ({ create }) => {
  let tokens: OAuthTokenRepository;
  beforeEach(async () => {
    tokens = await create();
  });

  it('reads the latest connection per provider; a disconnect leaves no tokens', async () => {
    const google = aToken({ provider: 'google-drive', accessToken: 'ya29', refreshToken: null, scopes: null, expiresAt: null, accountName: null });
    const refreshed = aToken({ accessToken: 'gho_access_2', updatedAt: at(2) });
    const disconnected = aToken({ accessToken: null, refreshToken: null, expiresAt: null, updatedAt: at(3) });
    await tokens.append(TEAM_A, aToken());
    await tokens.append(TEAM_A, google);
    await tokens.append(TEAM_A, refreshed);
    expect(await tokens.findLatest(TEAM_A, 'U001', 'github')).toEqual(refreshed);
    await tokens.append(TEAM_A, disconnected);
    expect(await tokens.findLatest(TEAM_A, 'U001', 'github')).toEqual(disconnected);
    const latest = await tokens.listLatestForUser(TEAM_A, 'U001');
    expect(latest).toHaveLength(2);
    expect(latest).toEqual(expect.arrayContaining([disconnected, google]));
    expect(await tokens.findLatest(TEAM_A, 'U002', 'github')).toBeNull();
  });

  it('keeps teams apart: team B neither reads nor replaces team A tokens', async () => {
    await tokens.append(TEAM_A, aToken());
    expect(await tokens.findLatest(TEAM_B, 'U001', 'github')).toBeNull();
    expect(await tokens.listLatestForUser(TEAM_B, 'U001')).toEqual([]);
    await expect(tokens.append(TEAM_B, aToken({ accessToken: 'stolen' }))).rejects.toThrow(/team/);
    await tokens.append(TEAM_B, aToken({ teamId: TEAM_B, accessToken: 'theirs', updatedAt: at(9) }));
    expect(await tokens.findLatest(TEAM_A, 'U001', 'github')).toEqual(aToken());
  });

  it('keeps a failed refresh as "reconnect needed" and the provider facts beside the token', async () => {
    const salesforce = aToken({ provider: 'salesforce', details: { instanceUrl: 'https://acme.my.salesforce.com' }, accountName: 'ana@acme.test' });
    await tokens.append(TEAM_A, salesforce);
    expect(await tokens.findLatest(TEAM_A, 'U001', 'salesforce')).toEqual(salesforce);
    const broken = aToken({ provider: 'salesforce', accessToken: null, refreshToken: null, status: 'reconnect_needed', updatedAt: at(2) });
    await tokens.append(TEAM_A, broken);
    expect(await tokens.findLatest(TEAM_A, 'U001', 'salesforce')).toEqual(broken);
  });

  it('lists every connection of a workspace and deletes them all, history included, for that workspace only', async () => {
    await tokens.append(TEAM_A, aToken());
    await tokens.append(TEAM_A, aToken({ accessToken: 'gho_access_2', updatedAt: at(2) }));
    await tokens.append(TEAM_A, aToken({ userId: 'U002', provider: 'notion', updatedBy: 'U002' }));
    await tokens.append(TEAM_B, aToken({ teamId: TEAM_B, accessToken: 'theirs' }));
    const all = await tokens.listLatestForTeam(TEAM_A);
    expect(all.map((r) => [r.userId, r.provider, r.accessToken])).toEqual([
      ['U001', 'github', 'gho_access_2'],
      ['U002', 'notion', 'gho_access_1'],
    ]);
    expect(await tokens.deleteAllForTeam(TEAM_A)).toBe(3);
    expect(await tokens.listLatestForTeam(TEAM_A)).toEqual([]);
    expect(await tokens.findLatest(TEAM_A, 'U001', 'github')).toBeNull();
    expect(await tokens.findLatest(TEAM_B, 'U001', 'github')).toMatchObject({ accessToken: 'theirs' });
  });

  it('deletes every row of one person, history included, keeping the workspace\'s other people and other workspaces', async () => {
    await tokens.append(TEAM_A, aToken());
    await tokens.append(TEAM_A, aToken({ accessToken: 'gho_access_2', updatedAt: at(2) }));
    await tokens.append(TEAM_A, aToken({ provider: 'notion' }));
    await tokens.append(TEAM_A, aToken({ userId: 'U002', updatedBy: 'U002', accessToken: 'bobs' }));
    await tokens.append(TEAM_B, aToken({ teamId: TEAM_B, accessToken: 'theirs' }));
    expect(await tokens.deleteAllForUser(TEAM_A, 'U001')).toBe(3);
    expect(await tokens.listLatestForUser(TEAM_A, 'U001')).toEqual([]);
    expect(await tokens.findLatest(TEAM_A, 'U002', 'github')).toMatchObject({ accessToken: 'bobs' });
    expect(await tokens.findLatest(TEAM_B, 'U001', 'github')).toMatchObject({ accessToken: 'theirs' });
    expect(await tokens.deleteAllForUser(TEAM_A, 'U001')).toBe(0);
  });

  it('erases the tokens of every row of one connection, keeping the rows and other connections', async () => {
    await tokens.append(TEAM_A, aToken());
    await tokens.append(TEAM_A, aToken({ accessToken: 'gho_access_2', updatedAt: at(2) }));
    await tokens.append(TEAM_A, aToken({ provider: 'notion' }));
    await tokens.eraseTokens(TEAM_A, 'U001', 'github');
    expect(await tokens.findLatest(TEAM_A, 'U001', 'github')).toMatchObject({ accessToken: null, refreshToken: null, accountName: 'octocat' });
    expect(await tokens.findLatest(TEAM_A, 'U001', 'notion')).toMatchObject({ accessToken: 'gho_access_1' });
  });
});
