import { SLACK_QUEUES, type UninstallJobInput } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

/**
 * app_uninstalled, or tokens_revoked naming the bot token → uninstall. tokens_revoked naming
 * only people's user tokens → their Slack connections say "reconnect needed" (same queue).
 * The uninstall carries the event's `event_time`: Slack redelivers a failed event (at once, after
 * 1 and 5 minutes) and the job may wait for a worker, so it can arrive after the admin installed
 * Tomo again; the worker then ignores it.
 */
export const uninstallTrigger: EventTrigger = {
  types: ['app_uninstalled', 'tokens_revoked'],
  subscriptions: ['app_uninstalled', 'tokens_revoked'],
  toJob({ envelope, event, type, teamId, eventId, skip }) {
    if (type === 'tokens_revoked' && (event.tokens?.bot?.length ?? 0) === 0) {
      const userIds = (event.tokens?.oauth ?? []).filter((id): id is string => typeof id === 'string' && /^[UW][A-Z0-9]+$/.test(id)).slice(0, 1_000);
      if (userIds.length === 0) return skip('no_tokens');
      const payload = { teamId, eventId, reason: 'user_tokens_revoked' satisfies UninstallJobInput['reason'], userIds: userIds.join(',') };
      return { enqueue: true, queue: SLACK_QUEUES.slackUninstall.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
    }
    const eventTime = envelope.event_time;
    const payload = {
      teamId,
      eventId,
      reason: type as UninstallJobInput['reason'],
      ...(typeof eventTime === 'number' && Number.isFinite(eventTime) && eventTime > 0 ? { eventTime } : {}),
    };
    return { enqueue: true, queue: SLACK_QUEUES.slackUninstall.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
  },
};
