import type { ChannelId, TeamId } from '../shared/ids';

/**
 * At most this many auto-replies per thread per hour: two bots that answer each other (or a
 * bot that answers Tomo) cannot keep a thread going. A chatty bot's new threads are not capped.
 */
export const MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR = 5;

/** The hour an auto-reply is counted in (UTC, on the hour). */
export function hourStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
}

/** Counts only (table `auto_reply_counts`): which thread, which hour, how many. */
export interface AutoReplyCounter {
  /** Adds one for the thread in that hour and returns the new count; concurrent calls each get their own number. */
  increment(teamId: TeamId, channelId: ChannelId, threadTs: string, hour: Date): Promise<number>;
  /** Forgets hours before `before`; returns how many rows went. */
  purgeBefore(before: Date): Promise<number>;
}
