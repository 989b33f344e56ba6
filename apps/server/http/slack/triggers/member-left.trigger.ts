import { SLACK_QUEUES, type SlackEventJob } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

/**
 * user_change with `user.deleted: true` → the person was deactivated (left the workspace): their
 * integration connections are revoked and deleted and their seats released (ReleaseMemberWhoLeft).
 * Slack sends user_change for every profile edit of every member (scope users:read); all
 * but deactivations are skipped here, before any job. The event's `user` is the whole user
 * object, not an id as in message events. A reactivation (`deleted: false`) restores nothing.
 */
export const memberLeftTrigger: EventTrigger = {
  types: ['user_change'],
  subscriptions: ['user_change'],
  toJob({ event, type, teamId, eventId, skip }) {
    const user: unknown = (event as { user?: unknown }).user;
    if (typeof user !== 'object' || user === null) return skip('malformed');
    const { id, deleted } = user as { id?: unknown; deleted?: unknown };
    if (deleted !== true) return skip('not_deactivated');
    if (typeof id !== 'string' || !/^[UW][A-Z0-9]+$/.test(id)) return skip('malformed');
    const payload: SlackEventJob = { kind: 'member_left', eventId, teamId, userId: id };
    return { enqueue: true, queue: SLACK_QUEUES.slackEvent.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
  },
};
