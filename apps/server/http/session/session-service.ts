import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../../core/shared/clock.port';
import type { TeamId, UserId } from '../../../../core/shared/ids';
import type { SessionRecord, SessionStore } from '../../../../core/workspace/session-store.port';

/** Session cookie max age (spec 9: 31,536,000,000 ms, one year). */
export const SESSION_LIFETIME_MS = 31_536_000_000;

/**
 * Server-side sessions. The browser holds a random 256-bit token in an httpOnly cookie;
 * the store keeps only its hash, and deleting the row revokes the session at once.
 */
export class SessionService {
  constructor(private readonly deps: { sessions: SessionStore; clock: Clock }) {}

  async start(teamId: TeamId, userId: UserId): Promise<SessionRecord> {
    const now = this.deps.clock.now();
    const session: SessionRecord = {
      id: randomBytes(32).toString('base64url'),
      teamId,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    };
    await this.deps.sessions.create(session);
    return session;
  }

  /** The live session for a cookie value, or null (unknown, revoked, expired). */
  async resolve(token: string | undefined): Promise<SessionRecord | null> {
    if (!isToken(token)) return null;
    return this.deps.sessions.find(token, this.deps.clock.now());
  }

  async revoke(token: string | undefined): Promise<boolean> {
    if (!isToken(token)) return false;
    return this.deps.sessions.revoke(token);
  }

  /** Ends every session of one person (e.g. removed from the workspace). */
  revokeAllForUser(teamId: TeamId, userId: UserId): Promise<number> {
    return this.deps.sessions.revokeAllForUser(teamId, userId);
  }
}

function isToken(token: string | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{20,128}$/.test(token);
}
