import { beforeEach, describe, expect, it } from 'vitest';
import { InMemorySessionStore } from '../../adapters/memory/in-memory-session-store';
import { PgSessionStore } from '../../adapters/postgres/pg-session-store';
import type { SessionRecord, SessionStore } from '../../core/workspace/session-store.port';
import { implementations } from './support/implementations';
import { at, TEAM_A, TEAM_B } from './support/records';

const aSession = (overrides: Partial<SessionRecord> = {}): SessionRecord => ({
  id: 'cookie-secret-1',
  teamId: TEAM_A,
  userId: 'U001',
  createdAt: at(0),
  expiresAt: at(60),
  ...overrides,
});

describe.each(
  implementations<SessionStore>({ memory: () => new InMemorySessionStore(), postgres: (orm) => new PgSessionStore(orm) }),
)('SessionStore ($name)', ({ create }) => {
  let sessions: SessionStore;
  beforeEach(async () => {
    sessions = await create();
  });

  it('finds a live session by its cookie value until it expires', async () => {
    await sessions.create(aSession());
    expect(await sessions.find('cookie-secret-1', at(30))).toEqual(aSession());
    expect(await sessions.find('cookie-secret-1', at(60))).toBeNull();
    expect(await sessions.find('cookie-secret-2', at(30))).toBeNull();
  });

  it('sign-out ends only that session', async () => {
    await sessions.create(aSession());
    await sessions.create(aSession({ id: 'cookie-secret-2' }));
    expect(await sessions.revoke('cookie-secret-1')).toBe(true);
    expect(await sessions.revoke('cookie-secret-1')).toBe(false);
    expect(await sessions.find('cookie-secret-1', at(1))).toBeNull();
    expect(await sessions.find('cookie-secret-2', at(1))).not.toBeNull();
  });

  it('ends every session of one person, and purges expired ones', async () => {
    await sessions.create(aSession());
    await sessions.create(aSession({ id: 's2', expiresAt: at(10) }));
    await sessions.create(aSession({ id: 's3', userId: 'U002', expiresAt: at(10) }));
    await sessions.create(aSession({ id: 's4', teamId: TEAM_B }));
    expect(await sessions.revokeAllForUser(TEAM_A, 'U001')).toBe(2);
    expect(await sessions.find('s4', at(1))).not.toBeNull();
    expect(await sessions.purgeExpired(at(10))).toBe(1);
    expect(await sessions.find('s3', at(1))).toBeNull();
  });

  it('refuses a second session with the same id', async () => {
    await sessions.create(aSession());
    await expect(sessions.create(aSession({ userId: 'U666' }))).rejects.toThrow();
    expect((await sessions.find('cookie-secret-1', at(1)))?.userId).toBe('U001');
  });
});
