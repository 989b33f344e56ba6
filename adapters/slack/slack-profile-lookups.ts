import type { ChatUserProfile } from '../../core/assistant/chat-platform.port';
import { SingleFlight } from '../system/single-flight';

/** A profile; 'not_visible' when Slack hides the person from Tomo (user_not_visible); null when there is none. */
export type LookedUpProfile = ChatUserProfile | 'not_visible' | null;

/**
 * People's Slack profile lookups shared by every job of a worker process while they are in
 * flight: a burst of questions from the same people asks `users.info` (Tier 4, 100 a minute per
 * workspace) once per person instead of once per question. Nothing is kept after the answer
 * arrives, so a changed name, language or time zone shows on the very next question; a failed
 * lookup fails every waiter and the next one tries afresh.
 */
export class SlackProfileLookups {
  private readonly flights = new SingleFlight<LookedUpProfile>();

  /** The profile of `userId` in `teamId` from the lookup in flight for it, or from `lookUp`. */
  get(teamId: string, userId: string, lookUp: () => Promise<LookedUpProfile>): Promise<LookedUpProfile> {
    return this.flights.run(`${teamId}\u0000${userId}`, lookUp);
  }
}
