import type { ChatUserProfile } from '../../core/assistant/chat-platform.port';

export interface SlackProfileCacheOptions {
  /** How long a looked-up profile is reused. Default 10 minutes. */
  ttlMs?: number;
  /** Profiles kept at most (the oldest go first). Default 50,000. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  profile: Promise<ChatUserProfile | null>;
  at: number;
}

/**
 * People's Slack profiles (name, locale, time zone) shared by every job of a worker process
 * for a few minutes. Each answer needs the asker's and the thread authors' profiles, and
 * `users.info` is a Tier 4 method (100 a minute per workspace): without sharing, a burst of
 * questions in one workspace would spend its allowance on the same few people. A lookup in
 * flight is shared too; a failed one is forgotten at once. A changed name or language shows
 * within the time to live.
 */
export class SlackProfileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: SlackProfileCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** The cached profile of `userId` in `teamId`, or the one `lookUp` finds (then kept). */
  get(teamId: string, userId: string, lookUp: () => Promise<ChatUserProfile | null>): Promise<ChatUserProfile | null> {
    const key = `${teamId}\u0000${userId}`;
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && now - cached.at < this.ttlMs) return cached.profile;
    this.entries.delete(key);
    const profile = lookUp();
    this.entries.set(key, { profile, at: now });
    profile.catch(() => {
      if (this.entries.get(key)?.profile === profile) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return profile;
  }
}
