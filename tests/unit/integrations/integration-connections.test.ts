import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { InMemoryConnectionLock } from '../../../adapters/memory/in-memory-connection-lock';
import { InMemoryOAuthTokenRepository } from '../../../adapters/memory/in-memory-oauth-token-repository';
import { IntegrationConnections } from '../../../core/integrations/integration-connections';
import { RefreshRefusedError, type GrantedTokens, type IntegrationOAuth } from '../../../core/integrations/integration-oauth.port';
import { findProvider } from '../../../core/integrations/integration-provider';
import { isUsable, type OAuthTokenRecord } from '../../../core/integrations/oauth-token';

const T = 'T1';
const U = 'U1';
const MINUTE = 60_000;

/** The provider side, scripted: what a refresh returns or throws, which revokes fail. */
function scriptedOAuth(options: { active?: Set<string>; refresh?: () => Promise<GrantedTokens>; revokeFails?: boolean } = {}) {
  const revoked: string[] = [];
  let refreshes = 0;
  const oauth: IntegrationOAuth = {
    isActive: (p) => options.active?.has(p.id) ?? true,
    start: async () => ({ url: new URL('https://provider.test/authorize'), pending: { state: 's', codeVerifier: null } }),
    complete: async () => granted('fresh'),
    refresh: async () => {
      refreshes += 1;
      return (options.refresh ?? (async () => granted(`refreshed-${refreshes}`)))();
    },
    revoke: async (provider, record) => {
      if (options.revokeFails) throw new Error('provider down');
      revoked.push(`${provider.id}:${record.accessToken}`);
    },
  };
  return { oauth, revoked, refreshes: () => refreshes };
}

function granted(accessToken: string, overrides: Partial<GrantedTokens> = {}): GrantedTokens {
  return { accessToken, refreshToken: null, expiresAt: null, scopes: null, accountName: null, details: null, ...overrides };
}

function world(options: Parameters<typeof scriptedOAuth>[0] = {}) {
  const clock = new FakeClock('2026-11-23T12:00:00Z');
  const tokens = new InMemoryOAuthTokenRepository();
  const provider = scriptedOAuth(options);
  const warnings: string[] = [];
  const connections = new IntegrationConnections({
    tokens,
    oauth: provider.oauth,
    lock: new InMemoryConnectionLock(),
    clock,
    log: { warn: (_f, m) => void warnings.push(m), info: () => undefined },
  });
  const connect = (providerId: string, record: Partial<OAuthTokenRecord> = {}) =>
    tokens.append(T, {
      teamId: T,
      userId: U,
      provider: providerId,
      accessToken: 'old',
      refreshToken: 'rt',
      scopes: 'read',
      expiresAt: new Date(clock.now().getTime() + 2 * MINUTE),
      accountName: 'ana@acme.test',
      status: 'connected',
      details: { site: 'acme' },
      updatedBy: U,
      updatedAt: clock.now(),
      ...record,
    });
  return { clock, tokens, connections, connect, warnings, ...provider };
}

describe('IntegrationConnections', () => {
  it('hands out a valid token as it is, and nothing for unknown, unconfigured or unconnected providers', async () => {
    const w = world({ active: new Set(['github']) });
    await w.connect('github', { expiresAt: null });
    await w.connect('notion', { expiresAt: null });
    expect(await w.connections.tokenFor(T, U, 'github')).toBe('old');
    expect(await w.connections.tokenFor(T, U, 'notion')).toBeUndefined();
    expect(await w.connections.tokenFor(T, U, 'myspace')).toBeUndefined();
    expect(await w.connections.tokenFor(T, 'U2', 'github')).toBeUndefined();
    expect(w.refreshes()).toBe(0);
  });

  it('refreshes a token about to expire, keeping the refresh token, account and details the provider did not resend', async () => {
    const w = world();
    await w.connect('gitlab');
    expect(await w.connections.tokenFor(T, U, 'gitlab')).toBe('refreshed-1');
    expect(await w.tokens.findLatest(T, U, 'gitlab')).toMatchObject({ accessToken: 'refreshed-1', refreshToken: 'rt', accountName: 'ana@acme.test', details: { site: 'acme' }, scopes: 'read' });
  });

  it('without a refresh token: uses the token until it expires, then marks reconnect needed', async () => {
    const w = world();
    await w.connect('github', { refreshToken: null });
    expect(await w.connections.tokenFor(T, U, 'github')).toBe('old');
    w.clock.set('2026-11-23T12:03:00Z');
    expect(await w.connections.tokenFor(T, U, 'github')).toBeUndefined();
    expect(await w.tokens.findLatest(T, U, 'github')).toMatchObject({ status: 'reconnect_needed', accessToken: null });
    expect((await w.connections.cards(T, U)).find((c) => c.id === 'github')).toMatchObject({ state: 'reconnect_needed', account: 'ana@acme.test' });
  });

  it('marks the people whose tokens the provider revoked as reconnect needed, and leaves the unconnected alone', async () => {
    const w = world();
    await w.connect('slack', { refreshToken: null, expiresAt: null, accountName: 'ana' });
    expect(await w.connections.revokedByProvider(T, [U, 'UNOBODY'], 'slack')).toBe(1);
    expect(await w.tokens.findLatest(T, U, 'slack')).toMatchObject({ status: 'reconnect_needed', accessToken: null, accountName: 'ana' });
    expect(await w.connections.revokedByProvider(T, [U], 'slack')).toBe(0);
  });

  it('a token the provider refuses (401): reconnect needed without a refresh token, a refresh with one, nothing once it moved on', async () => {
    const w = world({ refresh: async () => Promise.reject(new RefreshRefusedError('invalid_grant')) });
    await w.connect('github', { refreshToken: null, expiresAt: null });
    await w.connections.refusedByProvider(T, U, 'github', 'stale-token-of-an-earlier-connection');
    expect(await w.connections.tokenFor(T, U, 'github')).toBe('old');
    await w.connections.refusedByProvider(T, U, 'github', 'old');
    expect(await w.tokens.findLatest(T, U, 'github')).toMatchObject({ status: 'reconnect_needed', accessToken: null, accountName: 'ana@acme.test' });
    expect(await w.connections.needsReconnect(T, U, 'github')).toBe(true);
    expect(w.refreshes()).toBe(0);

    // A refreshable connection is refreshed at once; the provider refusing that too ends it.
    await w.connect('zoom', { expiresAt: new Date(w.clock.now().getTime() + 60 * MINUTE) });
    await w.connections.refusedByProvider(T, U, 'zoom', 'old');
    expect(w.refreshes()).toBe(1);
    expect(await w.tokens.findLatest(T, U, 'zoom')).toMatchObject({ status: 'reconnect_needed', accessToken: null, refreshToken: null });
    const fine = world();
    await fine.connect('zoom', { expiresAt: new Date(fine.clock.now().getTime() + 60 * MINUTE) });
    await fine.connections.refusedByProvider(T, U, 'zoom', 'old');
    expect(await fine.connections.tokenFor(T, U, 'zoom')).toBe('refreshed-1');
    expect(await fine.connections.needsReconnect(T, U, 'zoom')).toBe(false);
  });

  it('a passing refresh failure keeps the old token until it expires; a refused one needs a reconnect', async () => {
    const down = world({ refresh: async () => Promise.reject(new Error('503')) });
    await down.connect('zoom');
    expect(await down.connections.tokenFor(T, U, 'zoom')).toBe('old');
    down.clock.set('2026-11-23T12:05:00Z');
    expect(await down.connections.tokenFor(T, U, 'zoom')).toBeUndefined();
    expect(down.warnings).toContain('integration refresh failed');

    const refused = world({ refresh: async () => Promise.reject(new RefreshRefusedError('invalid_grant')) });
    await refused.connect('zoom');
    expect(await refused.connections.tokenFor(T, U, 'zoom')).toBeUndefined();
    expect(await refused.tokens.findLatest(T, U, 'zoom')).toMatchObject({ status: 'reconnect_needed', accessToken: null, refreshToken: null });
  });

  it('disconnects even when the provider fails to revoke, and the uninstall sweep revokes what it can and deletes everything', async () => {
    const failing = world({ revokeFails: true });
    await failing.connect('github');
    expect(await failing.connections.disconnect(T, U, findProvider('github')!)).toEqual({ revokedAtProvider: false });
    expect(await failing.tokens.findLatest(T, U, 'github')).toMatchObject({ accessToken: null, refreshToken: null });
    expect(await failing.connections.disconnect(T, U, findProvider('github')!)).toEqual({ revokedAtProvider: false });

    const w = world();
    await w.connect('github');
    await w.connect('notion', { accessToken: null, refreshToken: null });
    await w.connect('retired-provider');
    expect(await w.connections.revokeAllForTeam(T)).toEqual({ revoked: 1, deleted: 3 });
    expect(w.revoked).toEqual(['github:old']);
    expect(await w.tokens.listLatestForTeam(T)).toEqual([]);
  });

  it("gives tools the asker's own tokens, asks once per provider per answer, and keeps the knowledge base check", async () => {
    const w = world();
    await w.connect('github', { expiresAt: null });
    const resources = w.connections.resourcesFor(T, U, { hasKnowledgeBase: async () => true });
    expect(await resources.integrationToken('github')).toBe('old');
    expect(await resources.integrationToken('github')).toBe('old');
    expect(await resources.hasKnowledgeBase()).toBe(true);
    expect(await w.connections.resourcesFor(T, 'U2').hasKnowledgeBase()).toBe(false);
    expect(await w.connections.resourcesFor(T, 'U2').integrationToken('github')).toBeUndefined();
  });

  it('stores a grant as connected for the person who made it', async () => {
    const w = world();
    await w.connections.saveGrant(T, U, findProvider('notion')!, granted('ntn', { accountName: 'Ana (Wiki)' }));
    expect(await w.tokens.findLatest(T, U, 'notion')).toMatchObject({ accessToken: 'ntn', status: 'connected', accountName: 'Ana (Wiki)', updatedBy: U });
    expect((await w.connections.cards(T, U)).find((c) => c.id === 'notion')).toMatchObject({ state: 'connected', account: 'Ana (Wiki)' });
  });

  it('treats rows written before connections had a status as connected when they hold a token, and a disconnect row as no connection', async () => {
    const w = world();
    await w.tokens.append(T, {
      teamId: T, userId: U, provider: 'github', accessToken: 'legacy', refreshToken: null, scopes: 'repo', expiresAt: null, updatedBy: U, updatedAt: w.clock.now(),
    });
    expect(isUsable(await w.tokens.findLatest(T, U, 'github'))).toBe(true);
    expect(isUsable({ teamId: T, userId: U, provider: 'x', accessToken: 'a', refreshToken: null, scopes: null, expiresAt: null, updatedBy: U, updatedAt: w.clock.now() })).toBe(true);
    expect(isUsable(null)).toBe(false);
    await w.connect('notion', { accessToken: null, refreshToken: null });
    const cards = await w.connections.cards(T, U);
    expect(cards.find((c) => c.id === 'github')).toMatchObject({ state: 'connected' });
    expect(cards.find((c) => c.id === 'notion')).toMatchObject({ state: 'disconnected', account: null });
    expect(await w.connections.disconnect(T, 'U9', findProvider('notion')!)).toEqual({ revokedAtProvider: false });
  });
});
