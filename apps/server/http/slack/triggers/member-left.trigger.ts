import { SLACK_QUEUES, type SlackEventJob } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

/**
 * user_change with `user.deleted: true` → the person was deactivated (left the workspace): their
 * integration connections are revoked and deleted, their seats released and the summaries they own
 * turned off (ReleaseMemberWhoLeft), in every installation of Tomo the event concerns.
 * Slack sends user_change for every profile edit of every member (scope users:read); all
 * but deactivations are skipped here, before any job. The event's `user` is the whole user
 * object, not an id as in message events. A reactivation (`deleted: false`) restores nothing.
 */
export const memberLeftTrigger: EventTrigger = {
  types: ['user_change'],
  subscriptions: ['user_change'],
  toJob({ envelope, event, type, teamId, eventId, skip }) {
    const user: unknown = (event as { user?: unknown }).user;
    if (typeof user !== 'object' || user === null) return skip('malformed');
    const { id, deleted } = user as { id?: unknown; deleted?: unknown };
    if (deleted !== true) return skip('not_deactivated');
    if (typeof id !== 'string' || !/^[UW][A-Z0-9]+$/.test(id)) return skip('malformed');
    // The event's context lets the worker ask Slack which other installations it concerns (Grid, Slack Connect).
    const context = envelope.event_context;
    const eventContext = typeof context === 'string' && context.length > 0 && context.length <= 1_000 ? context : undefined;
    const payload: SlackEventJob = { kind: 'member_left', eventId, teamId, userId: id, ...(eventContext === undefined ? {} : { eventContext }) };
    return { enqueue: true, queue: SLACK_QUEUES.slackEvent.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
  },
};
