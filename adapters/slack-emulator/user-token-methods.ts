import { randomBytes } from 'node:crypto';
import type { SlackState } from './slack-state';

/** A person's own token (`xoxp-…`), granted through `user_scope` on the authorize page. */
export interface UserGrant {
  readonly teamId: string;
  readonly userId: string;
  readonly scope: string;
}

/**
 * What a user token can do here, as Slack does it: `auth.test` names the person,
 * `search.messages` (scope search:read) finds messages in conversations they belong to
 * (public channels, their private ones and DMs), `auth.revoke` ends the token.
 */
export class UserTokens {
  readonly grants = new Map<string, UserGrant>();
  /** Tokens that ended (auth.revoke, or the person removed the app): Slack answers `token_revoked`. */
  private readonly revoked = new Set<string>();
  private readonly codes = new Map<string, UserGrant & { redirectUri: string | undefined }>();

  issueCode(grant: UserGrant, redirectUri: string | undefined): string {
    const code = `user-${randomBytes(10).toString('hex')}`;
    this.codes.set(code, { ...grant, redirectUri });
    return code;
  }

  isUserCode(code: string | undefined): boolean {
    return code !== undefined && this.codes.has(code);
  }

  /** oauth.v2.access for a user-scope code: the person's token under `authed_user`, no bot token. */
  redeem(params: Record<string, string>, settings: { clientId: string; clientSecret: string }, state: SlackState): Record<string, unknown> {
    if (params.client_id !== settings.clientId) return { ok: false, error: 'invalid_client_id' };
    if (params.client_secret !== settings.clientSecret) return { ok: false, error: 'bad_client_secret' };
    const pending = this.codes.get(params.code ?? '');
    this.codes.delete(params.code ?? '');
    if (pending === undefined || (pending.redirectUri !== undefined && pending.redirectUri !== params.redirect_uri)) return { ok: false, error: 'invalid_code' };
    const token = `xoxp-${randomBytes(12).toString('hex')}`;
    this.grants.set(token, { teamId: pending.teamId, userId: pending.userId, scope: pending.scope });
    const team = state.teams.get(pending.teamId)!;
    return {
      ok: true,
      app_id: team.appId,
      authed_user: { id: pending.userId, scope: pending.scope, access_token: token, token_type: 'user' },
      team: { id: team.id, name: team.name },
      enterprise: null,
      is_enterprise_install: false,
    };
  }

  /** The person removes the app's access in Slack: the token stops working, and nobody is told. */
  revoke(token: string): void {
    if (this.grants.delete(token)) this.revoked.add(token);
  }

  /** Answers a method called with a user token; undefined when the method is not a user-token one. */
  call(method: string, token: string, params: Record<string, string>, state: SlackState): Record<string, unknown> | undefined {
    if (this.revoked.has(token)) return { ok: false, error: 'token_revoked' };
    const grant = this.grants.get(token);
    if (grant === undefined) return undefined;
    const team = state.teams.get(grant.teamId)!;
    const user = state.users.get(grant.userId);
    switch (method) {
      case 'auth.test':
        return { ok: true, url: `https://${team.domain}.slack.com/`, team: team.name, user: user?.name ?? grant.userId, team_id: team.id, user_id: grant.userId };
      case 'auth.revoke':
        this.revoke(token);
        return { ok: true, revoked: true };
      case 'search.messages': {
        if (!grant.scope.split(',').includes('search:read')) return { ok: false, error: 'missing_scope', needed: 'search:read' };
        const words = (params.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const matches = state.messages
          .filter((m) => state.channels.get(m.channel)?.teamId === team.id && state.isMember(m.channel, grant.userId))
          .filter((m) => words.every((w) => m.text.toLowerCase().includes(w)))
          .slice(0, Number(params.count ?? 20))
          .map((m) => {
            const channel = state.channels.get(m.channel)!;
            return {
              type: 'message',
              ts: m.ts,
              text: m.text,
              user: m.user,
              username: m.user ? (state.users.get(m.user)?.name ?? m.user) : m.username,
              channel: { id: channel.id, name: channel.name ?? channel.id, is_private: channel.isPrivate === true },
              permalink: `https://${team.domain}.slack.com/archives/${channel.id}/p${m.ts.replace('.', '')}`,
            };
          });
        return { ok: true, query: params.query, messages: { total: matches.length, matches, pagination: { page: 1, page_count: 1 } } };
      }
      default:
        return { ok: false, error: 'not_allowed_token_type' };
    }
  }
}
