import { SLACK_QUEUES, type SlackEventJob } from '../../../../shared/slack-jobs';
import type { EventTrigger } from './event-trigger';

/**
 * The AI-app view: a thread opened (greeting and suggested prompts) or the person moved to
 * another channel (remembered as the thread's context). Messages in the thread arrive as
 * message.im and are answered by the answer trigger.
 */
export const assistantThreadTrigger: EventTrigger = {
  types: ['assistant_thread_started', 'assistant_thread_context_changed'],
  subscriptions: ['assistant_thread_started', 'assistant_thread_context_changed'],
  toJob({ event, type, teamId, eventId, skip }) {
    const thread = event.assistant_thread;
    if (!thread?.channel_id || !thread.thread_ts || !thread.user_id) return skip('malformed');
    const seconds = Number(event.event_ts ?? thread.thread_ts);
    const payload: SlackEventJob = {
      kind: type === 'assistant_thread_started' ? 'assistant_started' : 'assistant_context',
      eventId,
      teamId,
      channelId: thread.channel_id,
      threadTs: thread.thread_ts,
      userId: thread.user_id,
      contextChannelId: thread.context?.channel_id ?? null,
      at: new Date(Number.isFinite(seconds) ? seconds * 1000 : Date.now()).toISOString(),
    };
    return { enqueue: true, queue: SLACK_QUEUES.slackEvent.name, payload, dedupeKey: `${teamId}:${eventId}`, type };
  },
};
