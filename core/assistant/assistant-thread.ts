import type { ChannelId, TeamId, UserId } from '../shared/ids';

/**
 * A thread of Slack's AI-app view (assistant_thread_started) and the channel the person is
 * looking at beside it (assistant_thread_context_changed). Ids only (table `assistant_threads`).
 */
export interface AssistantThreadRecord {
  readonly teamId: TeamId;
  /** The DM channel (D…) the thread lives in. */
  readonly channelId: ChannelId;
  readonly threadTs: string;
  readonly userId: UserId;
  readonly contextChannelId: ChannelId | null;
  readonly updatedAt: Date;
}

export interface AssistantThreadRepository {
  find(teamId: TeamId, channelId: ChannelId, threadTs: string): Promise<AssistantThreadRecord | null>;
  /** Insert or update the context (a title already set stays set). */
  save(teamId: TeamId, record: AssistantThreadRecord): Promise<void>;
  /** true only the first time for a thread: it gets its title once, from its first question. */
  markTitled(teamId: TeamId, channelId: ChannelId, threadTs: string): Promise<boolean>;
  /** Forgets threads untouched since `before`; returns how many. */
  purgeBefore(before: Date): Promise<number>;
}
