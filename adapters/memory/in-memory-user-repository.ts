import type { UserRepository } from '../../core/workspace/user-repository.port';
import type { UserRecord } from '../../core/workspace/user';
import { assertSameTeam, clone } from './clone';

export class InMemoryUserRepository implements UserRepository {
  private readonly rows = new Map<string, UserRecord>();

  async find(teamId: string, userId: string): Promise<UserRecord | null> {
    const row = this.rows.get(`${teamId}/${userId}`);
    return row ? clone(row) : null;
  }

  async save(teamId: string, record: UserRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.rows.set(`${teamId}/${record.userId}`, clone(record));
  }
}
