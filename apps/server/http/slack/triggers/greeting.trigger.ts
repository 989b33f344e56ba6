import { SLACK_QUEUES, type GreetingJob } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

/** member_joined_channel where the member is Tomo → a greeting job (delivered exactly once); anybody else joining is nothing. */
export const greetingTrigger: EventTrigger = {
  types: ['member_joined_channel'],
  subscriptions: ['member_joined_channel'],
  toJob({ event, type, teamId, eventId, botUserId, skip }) {
    if (!event.channel || !event.user) return skip('malformed');
    if (botUserId === undefined || event.user !== botUserId) return skip('other_member_joined');
    const payload: GreetingJob = {
      kind: 'greeting',
      eventId,
      teamId,
      channelId: event.channel,
      userId: event.user,
      inviterId: event.inviter ?? null,
    };
    return { enqueue: true, queue: SLACK_QUEUES.slackGreeting.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
  },
};
