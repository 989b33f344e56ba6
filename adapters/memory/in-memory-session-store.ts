import type { SessionRecord, SessionStore } from '../../core/workspace/session-store.port';
import { clone } from './clone';

export class InMemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, SessionRecord>();

  async create(session: SessionRecord): Promise<void> {
    if (this.sessions.has(session.id)) throw new Error('Session id already exists');
    this.sessions.set(session.id, clone(session));
  }

  async find(id: string, now: Date): Promise<SessionRecord | null> {
    const session = this.sessions.get(id);
    return session && session.expiresAt.getTime() > now.getTime() ? clone(session) : null;
  }

  async revoke(id: string): Promise<boolean> {
    return this.sessions.delete(id);
  }

  async revokeAllForUser(teamId: string, userId: string): Promise<number> {
    return this.deleteWhere((s) => s.teamId === teamId && s.userId === userId);
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.deleteWhere((s) => s.expiresAt.getTime() <= now.getTime());
  }

  private deleteWhere(predicate: (session: SessionRecord) => boolean): number {
    let deleted = 0;
    for (const [id, session] of this.sessions) {
      if (predicate(session)) {
        this.sessions.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }
}
