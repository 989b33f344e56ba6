import type { ChannelId, TeamId } from '../shared/ids';

/**
 * At most this many auto-replies per thread per hour: two bots that answer each other (or a
 * bot that answers Tomo) cannot keep a thread going.
 */
export const MAX_AUTO_REPLIES_PER_THREAD_PER_HOUR = 5;

/**
 * At most this many auto-replies (bot mentions included) per channel per hour, one a minute on
 * average: a bot that answers each of Tomo's replies with a new top-level message (a "new reply
 * in thread" notifier, a relay) starts a new thread every time, which the thread's cap never
 * stops, and an alert storm is not answered hundreds of times on one seat.
 */
export const MAX_AUTO_REPLIES_PER_CHANNEL_PER_HOUR = 60;

/** The counter's thread for a whole channel's count (no message has this ts). */
export const WHOLE_CHANNEL = '*';

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
