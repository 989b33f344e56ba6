import { SLACK_QUEUES, type SlackEventJob } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

/** app_home_opened on the Home tab → publish that person's Home (the Messages tab needs nothing). */
export const homeTrigger: EventTrigger = {
  types: ['app_home_opened'],
  subscriptions: ['app_home_opened'],
  toJob({ event, type, teamId, eventId, skip }) {
    if (!event.user) return skip('malformed');
    if (event.tab !== 'home') return skip('not_home_tab');
    const payload: SlackEventJob = { kind: 'home', eventId, teamId, userId: event.user, tab: event.tab };
    return { enqueue: true, queue: SLACK_QUEUES.slackEvent.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
  },
};
