import type { OAuthTokenRecord } from '../../core/integrations/oauth-token';
import type { OAuthTokenRepository } from '../../core/integrations/oauth-token-repository.port';
import { assertSameTeam, clone } from './clone';

/** Keeps the whole history; reads return the latest row per provider, like the `_view`. */
export class InMemoryOAuthTokenRepository implements OAuthTokenRepository {
  private readonly history: OAuthTokenRecord[] = [];

  async findLatest(teamId: string, userId: string, provider: string): Promise<OAuthTokenRecord | null> {
    const last = this.history.filter((r) => r.teamId === teamId && r.userId === userId && r.provider === provider).at(-1);
    return last ? clone(last) : null;
  }

  async listLatestForUser(teamId: string, userId: string): Promise<OAuthTokenRecord[]> {
    const latest = new Map<string, OAuthTokenRecord>();
    for (const row of this.history) if (row.teamId === teamId && row.userId === userId) latest.set(row.provider, row);
    return [...latest.values()].map(clone);
  }

  async append(teamId: string, record: OAuthTokenRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.history.push(clone(record));
  }
}
