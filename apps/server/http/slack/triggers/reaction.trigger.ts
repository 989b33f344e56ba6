import { SLACK_QUEUES, type ReactionJob } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

/**
 * reaction_added on a message → a reaction job (the worker decides whether the emoji is a
 * preset or custom reaction prompt). Tomo's own reactions (its thinking sign) are not.
 */
export const reactionTrigger: EventTrigger = {
  types: ['reaction_added'],
  subscriptions: ['reaction_added'],
  toJob({ envelope, event, type, teamId, eventId, botUserId, skip }) {
    const { item } = event;
    if (item?.type !== 'message') return skip('not_a_message');
    if (!item.channel || !item.ts || !event.user || !event.reaction) return skip('malformed');
    if (botUserId !== undefined && event.user === botUserId) return skip('own_reaction');
    // A reaction carries no `user_team`: the worker asks the reactor's profile which workspace
    // is theirs, and on Grid needs the organization to tell its people from outsiders.
    const enterpriseId = envelope.authorizations?.[0]?.enterprise_id ?? envelope.enterprise_id;
    const payload: ReactionJob = {
      eventId,
      teamId,
      channelId: item.channel,
      itemTs: item.ts,
      reaction: event.reaction,
      userId: event.user,
      ...(typeof enterpriseId === 'string' && enterpriseId !== '' ? { enterpriseId } : {}),
    };
    return { enqueue: true, queue: SLACK_QUEUES.slackReaction.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
  },
};
