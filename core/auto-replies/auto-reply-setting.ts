import type { TeamId, UserId } from '../shared/ids';

/** One row of auto_reply_settings_history; the `_view` is the latest row per bot. */
export interface AutoReplySettingRecord {
  readonly teamId: TeamId;
  /** The bot's user id (starts with 'U'); it needs a seat like any member. */
  readonly botUserId: UserId;
  readonly botName: string;
  /** The instruction Tomo follows when replying to this bot's messages. */
  readonly instruction: string;
  readonly enabled: boolean;
  readonly updatedBy: UserId;
  readonly updatedAt: Date;
}
