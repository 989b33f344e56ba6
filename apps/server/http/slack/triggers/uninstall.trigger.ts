import { SLACK_QUEUES, type UninstallJobInput } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

/**
 * app_uninstalled, or tokens_revoked naming the bot token → uninstall. tokens_revoked naming
 * only people's user tokens → their Slack connections say "reconnect needed" (same queue).
 */
export const uninstallTrigger: EventTrigger = {
  types: ['app_uninstalled', 'tokens_revoked'],
  subscriptions: ['app_uninstalled', 'tokens_revoked'],
  toJob({ event, type, teamId, eventId, skip }) {
    if (type === 'tokens_revoked' && (event.tokens?.bot?.length ?? 0) === 0) {
      const userIds = (event.tokens?.oauth ?? []).filter((id): id is string => typeof id === 'string' && /^[UW][A-Z0-9]+$/.test(id)).slice(0, 1_000);
      if (userIds.length === 0) return skip('no_tokens');
      const payload = { teamId, eventId, reason: 'user_tokens_revoked' satisfies UninstallJobInput['reason'], userIds: userIds.join(',') };
      return { enqueue: true, queue: SLACK_QUEUES.slackUninstall.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
    }
    const payload = { teamId, eventId, reason: type as UninstallJobInput['reason'] };
    return { enqueue: true, queue: SLACK_QUEUES.slackUninstall.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
  },
};
