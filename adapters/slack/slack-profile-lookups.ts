import type { ChatUserProfile } from '../../core/assistant/chat-platform.port';

/**
 * People's Slack profile lookups shared by every job of a worker process while they are in
 * flight: a burst of questions from the same people asks `users.info` (Tier 4, 100 a minute per
 * workspace) once per person instead of once per question. Nothing is kept after the answer
 * arrives, so a changed name, language or time zone shows on the very next question; a failed
 * lookup fails every waiter and the next one tries afresh.
 */
export class SlackProfileLookups {
  private readonly inflight = new Map<string, Promise<ChatUserProfile | null>>();

  /** The profile of `userId` in `teamId` from the lookup in flight for it, or from `lookUp`. */
  get(teamId: string, userId: string, lookUp: () => Promise<ChatUserProfile | null>): Promise<ChatUserProfile | null> {
    const key = `${teamId}\u0000${userId}`;
    const running = this.inflight.get(key);
    if (running) return running;
    const profile = lookUp().finally(() => this.inflight.delete(key));
    this.inflight.set(key, profile);
    return profile;
  }
}
