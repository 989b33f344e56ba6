import { answerTrigger } from './triggers/answer.trigger';
import { assistantThreadTrigger } from './triggers/assistant-thread.trigger';
import { greetingTrigger } from './triggers/greeting.trigger';
import { homeTrigger } from './triggers/home.trigger';
import { memberLeftTrigger } from './triggers/member-left.trigger';
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
  memberLeftTrigger,
];

/**
 * The workspace an event belongs to: the installation named in its authorization, else
 * `context_team_id` (the workspace the app runs in), and only then `team_id`, which in a
 * shared channel may name the workspace that created the channel, not the one that installed
 * Tomo (slackapi/java-slack-sdk#629): its job would go to another workspace's installation.
 */
export function eventTeamId(envelope: SlackEventEnvelope): string | undefined {
  const context = typeof envelope.context_team_id === 'string' && envelope.context_team_id !== '' ? envelope.context_team_id : undefined;
  return envelope.authorizations?.[0]?.team_id ?? context ?? envelope.team_id;
}

/**
 * Tomo's bot user when the event's authorization is Tomo's bot (the fast path). `authorizations`
 * holds one party the event is visible to, which may be a person who authorized Tomo (user
 * tokens): then undefined, and the ingress asks the stored installation (TomoBotUsers).
 */
export function authorizedBotUserId(envelope: SlackEventEnvelope): string | undefined {
  const authorization = envelope.authorizations?.[0];
  return authorization?.is_bot === true && authorization.user_id ? authorization.user_id : undefined;
}

/**
 * Which job, if any, an event becomes. Cheap checks only, so the ack stays fast: the worker
 * applies the full trigger rule (decideTrigger) with the installation and settings loaded.
 * `botUserId` is Tomo's bot user in the workspace (its stored installation's when the
 * authorization is not Tomo's bot).
 */
export function jobForEvent(envelope: SlackEventEnvelope, botUserId: string | undefined = authorizedBotUserId(envelope)): EventJob {
  const event = envelope.event ?? {};
  const type = event.type ?? 'unknown';
  const teamId = eventTeamId(envelope);
  const eventId = envelope.event_id;
  const skip = (reason: string): EventJob => ({ enqueue: false, reason, type });
  if (!teamId || !eventId) return skip('malformed');
  const trigger = EVENT_TRIGGERS.find((t) => t.types.includes(type));
  if (!trigger) return skip('not_handled');
  return trigger.toJob({ envelope, event, type, teamId, eventId, botUserId, skip });
}
