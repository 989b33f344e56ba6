import { answerTrigger } from './triggers/answer.trigger';
import { assistantThreadTrigger } from './triggers/assistant-thread.trigger';
import { greetingTrigger } from './triggers/greeting.trigger';
import { homeTrigger } from './triggers/home.trigger';
import { reactionTrigger } from './triggers/reaction.trigger';
import { uninstallTrigger } from './triggers/uninstall.trigger';
import { workflowTrigger } from './triggers/workflow.trigger';
import type { EventJob, EventTrigger, SlackEventEnvelope } from './triggers/event-trigger';

export type { EventJob, EventTrigger, SlackEventEnvelope, SlackInnerEvent } from './triggers/event-trigger';


export const EVENT_TRIGGERS: readonly EventTrigger[] = [
  answerTrigger,
  reactionTrigger,
  greetingTrigger,
  homeTrigger,
  assistantThreadTrigger,
  workflowTrigger,
  uninstallTrigger,
];

/**
 * Which job, if any, an event becomes. Cheap checks only, so the ack stays fast: the worker
 * applies the full trigger rule (decideTrigger) with the installation and settings loaded.
 */
export function jobForEvent(envelope: SlackEventEnvelope): EventJob {
  const event = envelope.event ?? {};
  const type = event.type ?? 'unknown';
  const authorization = envelope.authorizations?.[0];
  const teamId = authorization?.team_id ?? envelope.team_id;
  const eventId = envelope.event_id;
  const skip = (reason: string): EventJob => ({ enqueue: false, reason, type });
  if (!teamId || !eventId) return skip('malformed');
  const trigger = EVENT_TRIGGERS.find((t) => t.types.includes(type));
  if (!trigger) return skip('not_handled');
  const botUserId = authorization?.is_bot === false ? undefined : authorization?.user_id;
  return trigger.toJob({ envelope, event, type, teamId, eventId, botUserId, skip });
}
