import type { Clock } from '../shared/clock.port';
import type { TeamId, UserId } from '../shared/ids';
import type { AskerResources } from '../tools/tool';
import { declinedScopes, findProvider, INTEGRATION_PROVIDERS, integrationCards, type ConnectionSummary, type IntegrationCard, type IntegrationProvider } from './integration-provider';
import { RefreshRefusedError, type ConnectionLock, type GrantedTokens, type IntegrationOAuth } from './integration-oauth.port';
import { isUsable, type OAuthTokenRecord } from './oauth-token';
import type { OAuthTokenRepository } from './oauth-token-repository.port';

/** A token this close to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export interface ConnectionsLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

export interface IntegrationConnectionsDeps {
  readonly tokens: OAuthTokenRepository;
  readonly oauth: IntegrationOAuth;
  readonly lock: ConnectionLock;
  readonly clock: Clock;
  readonly log: ConnectionsLog;
}

/**
 * A person's connections to the integrations: the cards of the page, storing a grant,
 * disconnecting (revoke, then forget), tokens for tools (refreshed before they expire; a
 * refused refresh, or a token the provider refuses, marks the connection "reconnect
 * needed"), and the uninstall sweep.
 * Team and user always come from the verified session or Slack request.
 */
export class IntegrationConnections {
  constructor(private readonly deps: IntegrationConnectionsDeps) {}

  activeProviders(): Set<string> {
    return new Set(INTEGRATION_PROVIDERS.filter((p) => this.deps.oauth.isActive(p)).map((p) => p.id));
  }

  async cards(teamId: TeamId, userId: UserId): Promise<IntegrationCard[]> {
    const rows = await this.deps.tokens.listLatestForUser(teamId, userId);
    const connections = rows.flatMap((row): ConnectionSummary[] => {
      if (row.status === 'reconnect_needed') return [{ provider: row.provider, status: 'reconnect_needed', accountName: row.accountName ?? null }];
      if (isUsable(row)) return [{ provider: row.provider, status: 'connected', accountName: row.accountName ?? null }];
      return [];
    });
    return integrationCards(this.activeProviders(), connections);
  }

  /**
   * Keeps what the provider granted. A grant without every scope the provider's tools need (the
   * person unticked one on Google's consent screen) is not kept, since none of the tools would
   * work while the card said connected: it is revoked at the provider unless another connection
   * of the person's family and account rests on the same grant, and `scopes_declined` tells the
   * person to connect again with every permission.
   */
  async saveGrant(
    teamId: TeamId,
    userId: UserId,
    provider: IntegrationProvider,
    granted: GrantedTokens,
  ): Promise<'connected' | 'scopes_declined'> {
    const declined = declinedScopes(provider, granted.scopes);
    if (declined.length > 0) {
      this.deps.log.info({ teamId, userId, provider: provider.id, declined }, 'integration not connected: the person declined scopes it needs');
      const row = this.row(teamId, userId, provider.id, granted, userId);
      if (!(await this.grantStillUsed(teamId, userId, provider, row, { sameProvider: true }))) await this.revokeQuietly(provider, row);
      return 'scopes_declined';
    }
    // Under the connection's lock: a refresh of the earlier grant in flight stores its tokens
    // first, so the new grant is the one kept (and shown on the card).
    await this.deps.lock.withLock(lockKey(teamId, userId, provider.id), async () => {
      const previous = await this.deps.tokens.findLatest(teamId, userId, provider.id);
      if (previous !== null && (previous.accessToken !== null || previous.refreshToken !== null)) {
        // Reconnected as another account: the earlier account's grant would stay live at the
        // provider (GitHub's, Notion's, Trello's never expire) with nothing left here to revoke it
        // by, since a disconnect revokes only the current one. The same account's earlier tokens
        // belong to the grant just made (revoking them would end it at Google or GitHub): only forgotten.
        const earlier = previous.accountName ?? null;
        if (earlier !== null && granted.accountName !== null && earlier !== granted.accountName && !(await this.grantStillUsed(teamId, userId, provider, previous))) {
          await this.revokeQuietly(provider, previous);
        }
        await this.deps.tokens.eraseTokens(teamId, userId, provider.id);
      }
      await this.deps.tokens.append(teamId, this.row(teamId, userId, provider.id, granted, userId));
    });
    this.deps.log.info({ teamId, userId, provider: provider.id }, 'integration connected');
    return 'connected';
  }

  /**
   * Revokes at the provider (when it has an endpoint), then forgets the tokens. A provider
   * that fails to revoke does not keep the tokens here: they are forgotten all the same.
   * One OAuth app serves a whole family, and a provider such as Google ends the account's
   * whole grant to that app on revocation, every service's tokens with it: while the person
   * keeps another service of the family connected with the same account, the tokens are only
   * forgotten here, and the last one's disconnect revokes the grant.
   */
  async disconnect(teamId: TeamId, userId: UserId, provider: IntegrationProvider): Promise<{ revokedAtProvider: boolean }> {
    // Under the refresh's lock: a refresh in flight would otherwise store fresh tokens after these are forgotten.
    return this.deps.lock.withLock(lockKey(teamId, userId, provider.id), async () => {
      const latest = await this.deps.tokens.findLatest(teamId, userId, provider.id);
      let revokedAtProvider = false;
      if (latest !== null && (latest.accessToken !== null || latest.refreshToken !== null)) {
        if (await this.grantStillUsed(teamId, userId, provider, latest)) {
          this.deps.log.info({ teamId, userId, provider: provider.id }, 'integration forgotten; its grant stays for the family’s other connections');
        } else {
          revokedAtProvider = await this.revokeQuietly(provider, latest);
        }
      }
      await this.deps.tokens.eraseTokens(teamId, userId, provider.id);
      await this.deps.tokens.append(teamId, this.empty(teamId, userId, provider.id, userId, 'connected'));
      return { revokedAtProvider };
    });
  }

  /**
   * The provider told us it revoked these people's tokens (Slack's tokens_revoked naming user
   * tokens): their connections to it say "reconnect needed" and the dead tokens are erased.
   * Returns how many connections changed; people without a usable connection are left alone.
   */
  async revokedByProvider(teamId: TeamId, userIds: readonly UserId[], providerId: string): Promise<number> {
    let changed = 0;
    for (const userId of userIds) {
      const current = await this.deps.tokens.findLatest(teamId, userId, providerId);
      if (!isUsable(current)) continue;
      await this.deps.tokens.eraseTokens(teamId, userId, providerId);
      await this.deps.tokens.append(teamId, this.empty(teamId, userId, providerId, current.updatedBy, 'reconnect_needed', current));
      changed += 1;
    }
    if (changed > 0) this.deps.log.info({ teamId, provider: providerId, changed }, 'connections revoked by the provider: reconnect needed');
    return changed;
  }

  /**
   * The provider answered 401 to this access token: revoked on the provider's side (GitHub,
   * Notion, monday.com and Trello tokens never expire, so no refresh would ever notice),
   * expired before its recorded expiry (Salesforce's session policy) or otherwise dead. A
   * connection with a refresh token is refreshed now (a refused refresh marks it "reconnect
   * needed"); one without is marked "reconnect needed" and its token erased. Nothing changes
   * when the connection already moved on (refreshed, disconnected). Resolves the access token
   * to try instead, if there is one.
   */
  async refusedByProvider(teamId: TeamId, userId: UserId, providerId: string, accessToken: string): Promise<string | undefined> {
    const provider = findProvider(providerId);
    if (provider === undefined) return undefined;
    return this.deps.lock.withLock(lockKey(teamId, userId, provider.id), async () => {
      const current = await this.deps.tokens.findLatest(teamId, userId, provider.id);
      if (!isUsable(current)) return undefined;
      // Another request refreshed it meanwhile: its token is the one to use.
      if (current.accessToken !== accessToken) return current.accessToken;
      if (current.refreshToken !== null) {
        const fresh = await this.refresh(provider, current);
        return fresh === accessToken ? undefined : fresh;
      }
      this.deps.log.warn({ teamId, userId, provider: provider.id }, 'integration token refused by the provider: reconnect needed');
      await this.deps.tokens.eraseTokens(teamId, userId, provider.id);
      await this.deps.tokens.append(teamId, this.empty(teamId, userId, provider.id, current.updatedBy, 'reconnect_needed', current));
      return undefined;
    });
  }

  /** The person's connection to the provider stopped being accepted and waits for a reconnect. */
  async needsReconnect(teamId: TeamId, userId: UserId, providerId: string): Promise<boolean> {
    return (await this.deps.tokens.findLatest(teamId, userId, providerId))?.status === 'reconnect_needed';
  }

  /**
   * The person left the workspace (deactivated in Slack): each of their connections is
   * disconnected as "Disconnect" would (revoked at the provider where it can be, the last of a
   * Google account's services revoking the grant; a provider that refuses or does not answer
   * keeps nothing here), then every row of theirs, history included, is deleted. Idempotent:
   * a person with no rows left changes nothing.
   */
  async forgetPerson(teamId: TeamId, userId: UserId): Promise<{ revoked: number; deleted: number }> {
    let revoked = 0;
    for (const row of await this.deps.tokens.listLatestForUser(teamId, userId)) {
      const provider = findProvider(row.provider);
      if (provider === undefined || (row.accessToken === null && row.refreshToken === null)) continue;
      if ((await this.disconnect(teamId, userId, provider)).revokedAtProvider) revoked += 1;
    }
    const deleted = await this.deps.tokens.deleteAllForUser(teamId, userId);
    if (deleted > 0) this.deps.log.info({ teamId, userId, revoked, deleted }, 'integration connections of a person who left the workspace revoked and deleted');
    return { revoked, deleted };
  }

  /** Uninstall: every token of the workspace revoked where possible, then every row deleted. */
  async revokeAllForTeam(teamId: TeamId): Promise<{ revoked: number; deleted: number }> {
    let revoked = 0;
    for (const row of await this.deps.tokens.listLatestForTeam(teamId)) {
      const provider = findProvider(row.provider);
      if (provider === undefined) continue;
      // Under the connection's lock, then erased: a refresh in flight finishes first (its fresh
      // tokens are the ones revoked), and one waiting for the lock finds nothing to refresh.
      await this.deps.lock.withLock(lockKey(teamId, row.userId, row.provider), async () => {
        const current = await this.deps.tokens.findLatest(teamId, row.userId, row.provider);
        if (current === null || (current.accessToken === null && current.refreshToken === null)) return;
        if (await this.revokeQuietly(provider, current)) revoked += 1;
        await this.deps.tokens.eraseTokens(teamId, row.userId, row.provider);
      });
    }
    const deleted = await this.deps.tokens.deleteAllForTeam(teamId);
    this.deps.log.info({ teamId, revoked, deleted }, 'integration tokens of the workspace revoked and deleted');
    return { revoked, deleted };
  }

  /**
   * The person's usable access token for a provider, refreshed first when it is about to
   * expire. undefined when not connected, not configured, or reconnect needed.
   */
  async tokenFor(teamId: TeamId, userId: UserId, providerId: string): Promise<string | undefined> {
    return (await this.lookUp(teamId, userId, providerId)).token;
  }

  /** The token as `tokenFor` finds it, and whether its absence is a connection waiting for a reconnect. */
  private async lookUp(teamId: TeamId, userId: UserId, providerId: string): Promise<{ token?: string; reconnectNeeded: boolean }> {
    const provider = findProvider(providerId);
    if (provider === undefined || !this.deps.oauth.isActive(provider)) return { reconnectNeeded: false };
    const latest = await this.deps.tokens.findLatest(teamId, userId, provider.id);
    if (!isUsable(latest)) return { reconnectNeeded: latest?.status === 'reconnect_needed' };
    if (!this.expiring(latest)) return { token: latest.accessToken, reconnectNeeded: false };
    const token = await this.deps.lock.withLock(lockKey(teamId, userId, provider.id), async () => {
      // Another request may have refreshed it while this one waited.
      const current = await this.deps.tokens.findLatest(teamId, userId, provider.id);
      if (!isUsable(current)) return undefined;
      if (!this.expiring(current)) return current.accessToken;
      return this.refresh(provider, current);
    });
    // A refresh the provider refused has just marked it.
    return token !== undefined ? { token, reconnectNeeded: false } : { reconnectNeeded: await this.needsReconnect(teamId, userId, provider.id) };
  }

  /**
   * What tools and readers see of the asker: their own tokens, never anyone else's. Each
   * provider is looked up once per answer; whether it waits for a reconnect is known from that
   * lookup, and asked afresh only for a provider whose token was found (a reader refused with it
   * may have just marked it).
   */
  resourcesFor(teamId: TeamId, userId: UserId, base?: Pick<AskerResources, 'hasKnowledgeBase'>): AskerResources {
    const lookups = new Map<string, Promise<{ token?: string; reconnectNeeded: boolean }>>();
    const lookUp = (provider: string) => {
      let found = lookups.get(provider);
      if (found === undefined) {
        found = this.lookUp(teamId, userId, provider);
        lookups.set(provider, found);
      }
      return found;
    };
    return {
      integrationToken: async (provider) => (await lookUp(provider)).token,
      integrationNeedsReconnect: async (provider) => {
        const found = await lookups.get(provider);
        if (found !== undefined && found.token === undefined) return found.reconnectNeeded;
        return this.needsReconnect(teamId, userId, provider);
      },
      hasKnowledgeBase: base?.hasKnowledgeBase ?? (async () => false),
    };
  }

  private async refresh(provider: IntegrationProvider, current: OAuthTokenRecord & { accessToken: string }): Promise<string | undefined> {
    const { teamId, userId } = current;
    if (current.refreshToken === null) {
      if (this.expired(current)) {
        await this.deps.tokens.append(teamId, this.empty(teamId, userId, provider.id, current.updatedBy, 'reconnect_needed', current));
        return undefined;
      }
      return current.accessToken;
    }
    try {
      const granted = await this.deps.oauth.refresh(provider, current);
      await this.deps.tokens.append(
        teamId,
        this.row(teamId, userId, provider.id, {
          ...granted,
          // Providers that do not rotate refresh tokens send none back: keep the one we have.
          refreshToken: granted.refreshToken ?? current.refreshToken,
          accountName: granted.accountName ?? current.accountName ?? null,
          details: granted.details ?? current.details ?? null,
          scopes: granted.scopes ?? current.scopes,
        }, current.updatedBy),
      );
      return granted.accessToken;
    } catch (error) {
      if (error instanceof RefreshRefusedError) {
        this.deps.log.warn({ teamId, userId, provider: provider.id }, 'integration refresh refused: reconnect needed');
        await this.deps.tokens.eraseTokens(teamId, userId, provider.id);
        await this.deps.tokens.append(teamId, this.empty(teamId, userId, provider.id, current.updatedBy, 'reconnect_needed', current));
        return undefined;
      }
      this.deps.log.warn({ teamId, userId, provider: provider.id, err: error }, 'integration refresh failed');
      // A passing failure: the old token still works until it expires.
      return this.expired(current) ? undefined : current.accessToken;
    }
  }

  /**
   * Another usable connection of the same family and account (an unnamed account may be the same
   * one); with `sameProvider`, the provider's own current connection counts too.
   */
  private async grantStillUsed(
    teamId: TeamId,
    userId: UserId,
    provider: IntegrationProvider,
    row: OAuthTokenRecord,
    options: { sameProvider?: boolean } = {},
  ): Promise<boolean> {
    const account = row.accountName ?? null;
    return (await this.deps.tokens.listLatestForUser(teamId, userId)).some((other) => {
      if ((other.provider === provider.id && options.sameProvider !== true) || findProvider(other.provider)?.family !== provider.family || !isUsable(other)) return false;
      const otherAccount = other.accountName ?? null;
      return account === null || otherAccount === null || otherAccount === account;
    });
  }

  private async revokeQuietly(provider: IntegrationProvider, row: OAuthTokenRecord): Promise<boolean> {
    try {
      await this.deps.oauth.revoke(provider, row);
      return true;
    } catch (error) {
      this.deps.log.warn({ teamId: row.teamId, userId: row.userId, provider: provider.id, err: error }, 'integration revoke failed at the provider');
      return false;
    }
  }

  private expiring(row: OAuthTokenRecord): boolean {
    return row.expiresAt !== null && row.expiresAt.getTime() - this.deps.clock.now().getTime() < REFRESH_MARGIN_MS;
  }

  private expired(row: OAuthTokenRecord): boolean {
    return row.expiresAt !== null && row.expiresAt.getTime() <= this.deps.clock.now().getTime();
  }

  private row(teamId: TeamId, userId: UserId, provider: string, granted: GrantedTokens, updatedBy: UserId): OAuthTokenRecord {
    return {
      teamId,
      userId,
      provider,
      accessToken: granted.accessToken,
      refreshToken: granted.refreshToken,
      scopes: granted.scopes,
      expiresAt: granted.expiresAt,
      accountName: granted.accountName,
      status: 'connected',
      details: granted.details,
      updatedBy,
      updatedAt: this.deps.clock.now(),
    };
  }

  private empty(
    teamId: TeamId,
    userId: UserId,
    provider: string,
    updatedBy: UserId,
    status: 'connected' | 'reconnect_needed',
    previous?: OAuthTokenRecord,
  ): OAuthTokenRecord {
    return {
      teamId,
      userId,
      provider,
      accessToken: null,
      refreshToken: null,
      scopes: previous?.scopes ?? null,
      expiresAt: null,
      accountName: previous?.accountName ?? null,
      status,
      details: null,
      updatedBy,
      updatedAt: this.deps.clock.now(),
    };
  }
}

/** One connection's lock: its refreshes, a new grant and its disconnect never overlap. */
function lockKey(teamId: TeamId, userId: UserId, providerId: string): string {
  return `oauth:${teamId}:${userId}:${providerId}`;
}
