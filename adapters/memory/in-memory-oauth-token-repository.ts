import type { OAuthTokenRecord } from '../../core/integrations/oauth-token';
import type { OAuthTokenRepository } from '../../core/integrations/oauth-token-repository.port';
import { assertSameTeam, clone } from './clone';

/** Keeps the whole history; reads return the latest row per provider, like the `_view`. */
export class InMemoryOAuthTokenRepository implements OAuthTokenRepository {
  private readonly history: OAuthTokenRecord[] = [];

  async findLatest(teamId: string, userId: string, provider: string): Promise<OAuthTokenRecord | null> {
    const last = this.history.filter((r) => r.teamId === teamId && r.userId === userId && r.provider === provider).at(-1);
    return last ? normalized(last) : null;
  }

  async listLatestForUser(teamId: string, userId: string): Promise<OAuthTokenRecord[]> {
    const latest = new Map<string, OAuthTokenRecord>();
    for (const row of this.history) if (row.teamId === teamId && row.userId === userId) latest.set(row.provider, row);
    return [...latest.values()].map(normalized);
  }

  async listLatestForTeam(teamId: string): Promise<OAuthTokenRecord[]> {
    const latest = new Map<string, OAuthTokenRecord>();
    for (const row of this.history) if (row.teamId === teamId) latest.set(`${row.userId}\0${row.provider}`, row);
    return [...latest.values()].map(normalized);
  }

  async eraseTokens(teamId: string, userId: string, provider: string): Promise<void> {
    this.history.forEach((row, index) => {
      if (row.teamId === teamId && row.userId === userId && row.provider === provider) {
        this.history[index] = { ...row, accessToken: null, refreshToken: null };
      }
    });
  }

  async deleteAllForTeam(teamId: string): Promise<number> {
    return this.deleteWhere((r) => r.teamId === teamId);
  }

  async deleteAllForUser(teamId: string, userId: string): Promise<number> {
    return this.deleteWhere((r) => r.teamId === teamId && r.userId === userId);
  }

  private deleteWhere(matches: (row: OAuthTokenRecord) => boolean): number {
    const before = this.history.length;
    const kept = this.history.filter((r) => !matches(r));
    this.history.splice(0, this.history.length, ...kept);
    return before - kept.length;
  }

  async append(teamId: string, record: OAuthTokenRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.history.push(clone(record));
  }
}

/** Reads like the table's: the optional columns always present. */
function normalized(row: OAuthTokenRecord): OAuthTokenRecord {
  return clone({ ...row, accountName: row.accountName ?? null, status: row.status ?? 'connected', details: row.details ?? null });
}
