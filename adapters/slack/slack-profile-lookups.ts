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
  /** Each workspace's `users.list` as profiles: in flight (until Infinity) or kept until `until`. */
  private readonly lists = new Map<string, { until: number; value: Promise<ReadonlyMap<string, ChatUserProfile>> }>();

  constructor(private readonly options: { now?: () => number; /** How long a workspace's listing is reused. Default 60 s. */ listCacheMs?: number } = {}) {}

  /** The profile of `userId` in `teamId` from the lookup in flight for it, or from `lookUp`. */
  get(teamId: string, userId: string, lookUp: () => Promise<LookedUpProfile>): Promise<LookedUpProfile> {
    return this.flights.run(`${teamId}\u0000${userId}`, lookUp);
  }

  /**
   * Everyone of `teamId` from one `users.list` listing (`list`), for a thread with many people:
   * shared while in flight and kept briefly (a changed name shows within `listCacheMs`), so a
   * burst of answers in huge threads lists the workspace once. A failed listing is not kept.
   */
  workspaceProfiles(teamId: string, list: () => Promise<ReadonlyMap<string, ChatUserProfile>>): Promise<ReadonlyMap<string, ChatUserProfile>> {
    const now = (this.options.now ?? Date.now)();
    for (const [key, entry] of this.lists) if (entry.until <= now) this.lists.delete(key);
    const kept = this.lists.get(teamId);
    if (kept) return kept.value;
    const value = list();
    const entry = { until: Infinity, value };
    this.lists.set(teamId, entry);
    value.then(
      () => (entry.until = (this.options.now ?? Date.now)() + (this.options.listCacheMs ?? 60_000)),
      () => {
        if (this.lists.get(teamId) === entry) this.lists.delete(teamId);
      },
    );
    return value;
  }
}
