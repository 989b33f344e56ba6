import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { OAuthTokenRecord } from '../../core/integrations/oauth-token';
import type { OAuthTokenRepository } from '../../core/integrations/oauth-token-repository.port';
import type { SecretBox } from '../crypto/secret-box';
import { OAuthTokenHistoryEntity, OAuthTokenViewEntity } from './entities/oauth-token.entity';
import { preparedQueries, toDate, type PreparedQuery } from './native-pool';
import { assertSameTeam } from './team-scope';

type ViewRow = InferEntity<typeof OAuthTokenViewEntity>;
interface NativeViewRow {
  id: string;
  team_id: string;
  user_id: string;
  provider: string;
  access_token_sealed: string | null;
  refresh_token_sealed: string | null;
  scopes: string | null;
  expires_at: string | null;
  account_name: string | null;
  status: string;
  details: string | null;
  updated_by: string;
  updated_at: string;
}

// Binds a sealed token to its owner and provider: copied to another row, it fails to open.
const context = (kind: 'access' | 'refresh', r: { teamId: string; userId: string; provider: string }) =>
  `oauth_tokens.${kind}:${r.teamId}:${r.userId}:${r.provider}`;

/** Writes append to oauth_tokens_history (tokens sealed); reads come from oauth_tokens_view. */
export class PgOAuthTokenRepository implements OAuthTokenRepository {
  // Answers look up the asker's connections: a named statement, without the ORM (ADR 34).
  private readonly query: PreparedQuery;

  constructor(
    private readonly orm: MikroORM,
    private readonly secrets: SecretBox,
  ) {
    this.query = preparedQueries(orm);
  }

  async findLatest(teamId: string, userId: string, provider: string): Promise<OAuthTokenRecord | null> {
    const [row] = await this.query<NativeViewRow>(
      'oauth-token-find-latest',
      `select * from oauth_tokens_history where team_id = $1 and user_id = $2 and provider = $3 order by id desc limit 1`,
      [teamId, userId, provider],
    );
    return row
      ? this.toRecord({
          id: Number(row.id),
          teamId: row.team_id,
          userId: row.user_id,
          provider: row.provider,
          accessTokenSealed: row.access_token_sealed,
          refreshTokenSealed: row.refresh_token_sealed,
          scopes: row.scopes,
          expiresAt: row.expires_at === null ? null : toDate(row.expires_at),
          accountName: row.account_name,
          status: row.status,
          details: row.details,
          updatedBy: row.updated_by,
          updatedAt: toDate(row.updated_at),
        })
      : null;
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
