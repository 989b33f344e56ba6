import type { AnswerQuestionInput } from '../../../../core/assistant/answer-question.use-case';
import type { JobPayload } from '../../../../core/shared/job-queue.port';
import { answerJobPayload, SLACK_QUEUES, type UninstallJobInput } from '../../../shared/slack-jobs';

/** What the Events API posts for `event_callback` (only the fields Tomo reads). */
export interface SlackEventEnvelope {
  type: 'event_callback';
  team_id?: string;
  api_app_id?: string;
  event_id?: string;
  authorizations?: { team_id?: string; user_id?: string; is_bot?: boolean }[];
  event?: SlackInnerEvent;
}

interface SlackInnerEvent {
  type?: string;
  subtype?: string;
  channel?: string;
  channel_type?: string;
  user?: string;
  bot_id?: string;
  app_id?: string;
  ts?: string;
  thread_ts?: string;
  /** Read in memory only, to leave mentions to app_mention; never stored or logged. */
  text?: string;
  tokens?: { oauth?: string[]; bot?: string[] };
}

export type EventJob =
  | { readonly enqueue: true; readonly queue: string; readonly payload: JobPayload; readonly dedupeKey: string; readonly type: string }
  | { readonly enqueue: false; readonly reason: string; readonly type: string };

/** Plain messages, file shares and thread broadcasts are questions; edits, deletions, joins… are not. */
const QUESTION_SUBTYPES = new Set(['file_share', 'thread_broadcast']);

/**
 * Which job, if any, an event becomes. Cheap checks only, so the ack stays fast: the worker
 * applies the full trigger rule (decideTrigger) with the installation loaded.
 */
export function jobForEvent(envelope: SlackEventEnvelope): EventJob {
  const event = envelope.event ?? {};
  const type = event.type ?? 'unknown';
  const authorization = envelope.authorizations?.[0];
  const teamId = authorization?.team_id ?? envelope.team_id;
  const eventId = envelope.event_id;
  if (!teamId || !eventId) return { enqueue: false, reason: 'malformed', type };
  const skip = (reason: string): EventJob => ({ enqueue: false, reason, type });

  if (type === 'app_uninstalled' || (type === 'tokens_revoked' && (event.tokens?.bot?.length ?? 0) > 0)) {
    const payload: UninstallJobInput = { teamId, eventId, reason: type };
    return { enqueue: true, queue: SLACK_QUEUES.slackUninstall.name, payload: { ...payload }, dedupeKey: `${teamId}:${eventId}`, type };
  }
  if (type !== 'app_mention' && type !== 'message') return skip('not_handled');
  if (!event.channel || !event.ts) return skip('malformed');
  if (event.subtype !== undefined && !QUESTION_SUBTYPES.has(event.subtype)) return skip('ignored_subtype');
  // Tomo's own messages (its streamed answers included) and other apps' are never questions here.
  const botUserId = authorization?.is_bot === false ? undefined : authorization?.user_id;
  const own = (botUserId !== undefined && event.user === botUserId) || (event.app_id !== undefined && event.app_id === envelope.api_app_id);
  if (own) return skip('own_message');
  if (event.bot_id !== undefined && type === 'message') return skip('bot_message');

  let kind: AnswerQuestionInput['kind'];
  if (type === 'app_mention') kind = 'mention';
  else if (event.channel_type === 'im') kind = 'direct_message';
  else {
    const inThread = event.thread_ts !== undefined && event.thread_ts !== event.ts;
    if (!inThread) return skip('not_addressed');
    // The app_mention event of the same message answers it; answering here too would reply twice.
    if (botUserId !== undefined && (event.text ?? '').includes(`<@${botUserId}`)) return skip('handled_as_mention');
    kind = 'thread_reply';
  }
  const input: AnswerQuestionInput = {
    eventId,
    teamId,
    kind,
    channelId: event.channel,
    ts: event.ts,
    threadTs: event.thread_ts ?? null,
    userId: event.user ?? null,
    botId: event.bot_id ?? null,
    subtype: event.subtype ?? null,
  };
  // Keyed by the message, not the event: Slack's retries of an event and a second event
  // about the same message (app_mention and message.im) make one job.
  return {
    enqueue: true,
    queue: SLACK_QUEUES.slackAnswer.name,
    payload: answerJobPayload(input),
    dedupeKey: `${teamId}:${event.channel}:${event.ts}`,
    type,
  };
}
