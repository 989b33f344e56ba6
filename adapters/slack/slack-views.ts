import type { Member } from '../../core/workspace/member';
import { createSlackCaller, type SlackApiCallerOptions } from './slack-api-caller';
import { slackUserToMember, type SlackUser } from './slack-user';

export interface SlackMemberFacts {
  readonly isAdmin: boolean;
  /** `ja` for a Japanese Slack locale, else `en`. */
  readonly locale: 'en' | 'ja';
  /**
   * The person as Slack describes them, with what decides whether they may add to the
   * workspace (`isFullMemberOf`): the guest flags, their own `team_id`, `is_stranger`,
   * `enterprise_user.teams`.
   */
  readonly member: Member;
}

/**
 * How long one call may take: an Add click makes two in a row (users.info, then views.open)
 * before its ack, and both the ack and the trigger_id are dead after Slack's 3 s. A slower
 * answer fails the call (the click is acknowledged, nothing done) instead of holding the ack.
 */
const WITHIN_ACK_MS = 1_250;

/**
 * What an interaction must do within Slack's 3 seconds with the bot token: open a modal on
 * the click's `trigger_id` (views.open; the id expires after 3 s), and learn whether the person
 * is an admin, a full member of the workspace and which language they read (users.info).
 */
export class SlackViews {
  constructor(private readonly options: SlackApiCallerOptions = {}) {}

  async open(botToken: string, triggerId: string, view: Record<string, unknown>): Promise<void> {
    await this.caller(botToken)('views.open', { trigger_id: triggerId, view });
  }

  async member(botToken: string, userId: string): Promise<SlackMemberFacts> {
    const result = (await this.caller(botToken)('users.info', { user: userId, include_locale: true })) as { user?: SlackUser };
    const user = result.user ?? {};
    return {
      isAdmin: Boolean(user.is_admin || user.is_owner || user.is_primary_owner),
      locale: user.locale?.startsWith('ja') ? 'ja' : 'en',
      member: slackUserToMember({ ...user, id: user.id ?? userId }),
    };
  }

  private caller(botToken: string) {
    return createSlackCaller(botToken, { timeoutMs: WITHIN_ACK_MS, ...this.options, maxRateLimitRetries: 0 });
  }
}
