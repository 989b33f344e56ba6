import type { TeamId, UserId } from '../shared/ids';

/** A signed-in browser session (server side, revocable). */
export interface SessionRecord {
  /** The secret cookie value; adapters store only a hash of it. */
  readonly id: string;
  readonly teamId: TeamId;
  readonly userId: UserId;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  /** The session for a cookie value, or null when unknown, revoked or expired at `now`. */
  find(id: string, now: Date): Promise<SessionRecord | null>;
  /** Sign-out. true when a session was ended. */
  revoke(id: string): Promise<boolean>;
  /** Ends every session of one person in one workspace; returns how many. */
  revokeAllForUser(teamId: TeamId, userId: UserId): Promise<number>;
  /** Housekeeping: deletes sessions expired at `now`; returns how many. */
  purgeExpired(now: Date): Promise<number>;
}
