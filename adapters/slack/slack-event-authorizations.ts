import { WebClient } from '@slack/web-api';
import type { TeamId } from '../../core/shared/ids';
import type { EventInstallations } from '../../core/workspace/member-left.use-case';
import type { Logger } from '../logging/logger';
import { quietLogger, toChatPlatformError } from './slack-api-caller';

/** Slack's largest page (its cursor pagination takes `limit` up to 999; 100 by default). */
const PAGE_SIZE = 200;
/** A deactivation concerns at most this many pages of installations; more is not read. */
const MAX_PAGES = 50;

/**
 * Every workspace an event is visible to, from Slack's `apps.event.authorizations.list` (one
 * authorization per installation of the app: `team_id`, `enterprise_id`, `user_id`, `is_bot`),
 * page by page with `response_metadata.next_cursor`. It takes the app-level token
 * (`SLACK_APP_TOKEN`, scope `authorizations:read`), not a workspace's bot token. Without the
 * token, or when Slack refuses (`missing_scope`: the token was made for Socket Mode only;
 * `invalid_auth`, `auth_mismatch`, `invalid_event_context`…) or does not answer, it says so in one
 * warning (codes and ids only) and answers null: the caller keeps to the event's own workspace.
 * An org-wide authorization (no `team_id`) names no workspace Tomo installs in and is left out.
 */
export class SlackEventAuthorizations implements EventInstallations {
  private readonly client: WebClient | undefined;

  constructor(
    private readonly options: { readonly appToken: string | undefined; readonly slackApiUrl?: string; readonly logger: Logger; readonly timeoutMs?: number },
  ) {
    this.client = options.appToken
      ? new WebClient(options.appToken, {
          ...(options.slackApiUrl === undefined ? {} : { slackApiUrl: options.slackApiUrl }),
          retryConfig: { retries: 2 },
          timeout: options.timeoutMs ?? 10_000,
          logger: quietLogger,
        })
      : undefined;
  }

  async teamsSeeing(eventContext: string): Promise<readonly TeamId[] | null> {
    if (!this.client) {
      this.options.logger.warn(
        { method: 'apps.event.authorizations.list' },
        'SLACK_APP_TOKEN is not set: a deactivation is applied to the workspace its event names only, not to the other installations it concerns',
      );
      return null;
    }
    const teams = new Set<TeamId>();
    let cursor: string | undefined;
    try {
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await this.client.apps.event.authorizations.list({ event_context: eventContext, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
        for (const authorization of answer.authorizations ?? []) {
          if (typeof authorization.team_id === 'string' && authorization.team_id !== '') teams.add(authorization.team_id);
        }
        cursor = answer.response_metadata?.next_cursor || undefined;
        if (!cursor) break;
      }
    } catch (error) {
      const code = toChatPlatformError(error, 'apps.event.authorizations.list').platformCode ?? 'failed';
      const hint = code === 'missing_scope' ? ' (add the authorizations:read scope to SLACK_APP_TOKEN under Basic Information → App-Level Tokens)' : '';
      this.options.logger.warn(
        { method: 'apps.event.authorizations.list', code },
        `Slack did not list the installations an event concerns: a deactivation is applied to the workspace its event names only${hint}`,
      );
      return null;
    }
    return [...teams];
  }
}
