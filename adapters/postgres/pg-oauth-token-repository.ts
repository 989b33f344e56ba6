import type { EntityName, InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { OAuthTokenRecord } from '../../core/integrations/oauth-token';
import type { OAuthTokenRepository } from '../../core/integrations/oauth-token-repository.port';
import type { SecretBox } from '../crypto/secret-box';
import { OAuthTokenHistoryEntity, OAuthTokenViewEntity } from './entities/oauth-token.entity';
import { entityReads } from './native-pool';
import { assertSameTeam } from './team-scope';

type ViewRow = InferEntity<typeof OAuthTokenViewEntity>;

// Binds a sealed token to its owner and provider: copied to another row, it fails to open.
const context = (kind: 'access' | 'refresh', r: { teamId: string; userId: string; provider: string }) =>
  `oauth_tokens.${kind}:${r.teamId}:${r.userId}:${r.provider}`;

/** Writes append to oauth_tokens_history (tokens sealed); reads come from oauth_tokens_view. */
export class PgOAuthTokenRepository implements OAuthTokenRepository {
  // Answers look up the asker's connections: a named statement, without the ORM (ADR 83).
  private readonly latest: (values: readonly unknown[]) => Promise<ViewRow[]>;

  constructor(
    private readonly orm: MikroORM,
    private readonly secrets: SecretBox,
  ) {
    // The view's row for a key is the history's newest; read from the history, through its key index.
    this.latest = entityReads<ViewRow>(orm, OAuthTokenHistoryEntity as unknown as EntityName<ViewRow>)(['team_id', 'user_id', 'provider'], 'id desc', 1);
  }

  async findLatest(teamId: string, userId: string, provider: string): Promise<OAuthTokenRecord | null> {
    const [row] = await this.latest([teamId, userId, provider]);
    return row ? this.toRecord(row) : null;
  }

  async listLatestForUser(teamId: string, userId: string): Promise<OAuthTokenRecord[]> {
    const rows = await this.orm.em.fork().find(OAuthTokenViewEntity, { teamId, userId }, { orderBy: { provider: 'asc' } });
    return rows.map((row) => this.toRecord(row));
  }

  async listLatestForTeam(teamId: string): Promise<OAuthTokenRecord[]> {
    const rows = await this.orm.em.fork().find(OAuthTokenViewEntity, { teamId }, { orderBy: { userId: 'asc', provider: 'asc' } });
    return rows.map((row) => this.toRecord(row));
  }

  async eraseTokens(teamId: string, userId: string, provider: string): Promise<void> {
    await this.orm.em
      .fork()
      .nativeUpdate(OAuthTokenHistoryEntity, { teamId, userId, provider }, { accessTokenSealed: null, refreshTokenSealed: null });
  }

  async deleteAllForTeam(teamId: string): Promise<number> {
    return this.orm.em.fork().nativeDelete(OAuthTokenHistoryEntity, { teamId });
  }

  async deleteAllForUser(teamId: string, userId: string): Promise<number> {
    return this.orm.em.fork().nativeDelete(OAuthTokenHistoryEntity, { teamId, userId });
  }

  async append(teamId: string, record: OAuthTokenRecord): Promise<void> {
    assertSameTeam(teamId, record);
    const { accessToken, refreshToken, details, accountName, status, ...rest } = record;
    await this.orm.em.fork().insert(OAuthTokenHistoryEntity, {
      ...rest,
      accountName: accountName ?? null,
      status: status ?? 'connected',
      details: details ? JSON.stringify(details) : null,
      accessTokenSealed: accessToken === null ? null : this.secrets.seal(accessToken, context('access', record)),
      refreshTokenSealed: refreshToken === null ? null : this.secrets.seal(refreshToken, context('refresh', record)),
    });
  }

  private toRecord(row: ViewRow): OAuthTokenRecord {
    return {
      teamId: row.teamId,
      userId: row.userId,
      provider: row.provider,
      accessToken: row.accessTokenSealed ? this.secrets.open(row.accessTokenSealed, context('access', row)) : null,
      refreshToken: row.refreshTokenSealed ? this.secrets.open(row.refreshTokenSealed, context('refresh', row)) : null,
      scopes: row.scopes ?? null,
      expiresAt: row.expiresAt ?? null,
      accountName: row.accountName ?? null,
      status: row.status === 'reconnect_needed' ? 'reconnect_needed' : 'connected',
      details: row.details ? (JSON.parse(row.details) as Record<string, string>) : null,
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt,
    };
  }
}
