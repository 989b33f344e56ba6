import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository';
import { PgUserRepository } from '../../adapters/postgres/pg-user-repository';
import type { UserRepository } from '../../core/workspace/user-repository.port';
import { implementations } from './support/implementations';
import { aUser, at, TEAM_A, TEAM_B } from './support/records';

describe.each(
  implementations<UserRepository>({ memory: () => new InMemoryUserRepository(), postgres: (orm) => new PgUserRepository(orm) }),
)('UserRepository ($name)', ({ create }) => {
  let users: UserRepository;
  beforeEach(async () => {
    users = await create();
  });

  it('finds nobody before the first sign-in', async () => {
    expect(await users.find(TEAM_A, 'U001')).toBeNull();
  });

  it('stores a user and replaces it on the next save', async () => {
    await users.save(TEAM_A, aUser());
    await users.save(TEAM_A, aUser({ name: 'Ann Lee', locale: 'ja', lastSignedInAt: at(50) }));
    expect(await users.find(TEAM_A, 'U001')).toEqual(aUser({ name: 'Ann Lee', locale: 'ja', lastSignedInAt: at(50) }));
  });

  it('keeps teams apart: team B neither reads nor overwrites team A', async () => {
    await users.save(TEAM_A, aUser());
    expect(await users.find(TEAM_B, 'U001')).toBeNull();
    await expect(users.save(TEAM_B, aUser({ name: 'Mallory' }))).rejects.toThrow(/team/);
    await users.save(TEAM_B, aUser({ teamId: TEAM_B, name: 'Other Ann' }));
    expect((await users.find(TEAM_A, 'U001'))?.name).toBe('Ann');
    expect((await users.find(TEAM_B, 'U001'))?.name).toBe('Other Ann');
  });
});
