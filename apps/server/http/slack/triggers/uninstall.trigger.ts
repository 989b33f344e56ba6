import { SLACK_QUEUES, type UninstallJobInput } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

/** app_uninstalled, or tokens_revoked naming the bot token → uninstall (user tokens only: nothing). */
export const uninstallTrigger: EventTrigger = {
  types: ['app_uninstalled', 'tokens_revoked'],
  subscriptions: ['app_uninstalled', 'tokens_revoked'],
  toJob({ event, type, teamId, eventId, skip }) {
    if (type === 'tokens_revoked' && (event.tokens?.bot?.length ?? 0) === 0) return skip('user_tokens_only');
    const payload: UninstallJobInput = { teamId, eventId, reason: type as UninstallJobInput['reason'] };
    return { enqueue: true, queue: SLACK_QUEUES.slackUninstall.name, payload: { ...payload }, dedupeKey: `${teamId}:${eventId}`, type };
  },
};
