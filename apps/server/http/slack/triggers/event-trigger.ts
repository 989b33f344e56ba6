import type { SlackBlock } from '../../../../../adapters/slack/slack-message-text';
import type { JobPayload } from '../../../../../core/shared/job-queue.port';

/** What the Events API posts for `event_callback` (only the fields Tomo reads). */
export interface SlackEventEnvelope {
  type: 'event_callback';
  team_id?: string;
  /**
   * The workspace the app runs in for this event (Slack's org-wide apps page, "context_team_id").
   * In a shared channel `team_id` may be the channel's originating workspace instead.
   */
  context_team_id?: string | null;
  /** Set on Enterprise Grid. */
  enterprise_id?: string | null;
  api_app_id?: string;
  event_id?: string;
  /** When the event happened, in whole seconds since the epoch. */
  event_time?: number;
  authorizations?: { enterprise_id?: string | null; team_id?: string; user_id?: string; is_bot?: boolean }[];
  /** Opaque id of the event for apps.event.authorizations.list (every installation it is visible to). */
  event_context?: string;
  event?: SlackInnerEvent;
}

/** The inner event's fields the triggers read. Text is read in memory only, never stored or logged. */
export interface SlackInnerEvent {
  type?: string;
  subtype?: string;
  channel?: string;
  channel_type?: string;
  user?: string;
  /** The author's own workspace (Slack Connect: another organization's in a shared channel). */
  user_team?: string;
  bot_id?: string;
  app_id?: string;
  bot_profile?: { app_id?: string };
  ts?: string;
  thread_ts?: string;
  event_ts?: string;
  text?: string;
  /** Set on messages Slack shows to nobody (an edit, a deletion, a thread's new reply). */
  hidden?: boolean;
  /** The message an event is about (message_changed, message_replied): the event is not a message itself. */
  message?: unknown;
  /** Set when the message was edited: Slack sends app_mention again for each edit of a mention. */
  edited?: { user?: string; ts?: string };
  /** Block Kit blocks: a blocks-only message (empty `text`) says what it says, mentions included, here. */
  blocks?: SlackBlock[];
  tokens?: { oauth?: string[]; bot?: string[] };
  /** reaction_added */
  reaction?: string;
  item?: { type?: string; channel?: string; ts?: string };
  /** member_joined_channel */
  inviter?: string;
  /** app_home_opened */
  tab?: string;
  /** assistant_thread_started / _context_changed */
  assistant_thread?: { user_id?: string; channel_id?: string; thread_ts?: string; context?: { channel_id?: string } };
  /** function_executed */
  function?: { callback_id?: string };
  function_execution_id?: string;
  inputs?: Record<string, unknown>;
}

export type EventJob =
  | {
      readonly enqueue: true;
      readonly queue: string;
      readonly payload: JobPayload;
      readonly dedupeKey: string;
      readonly type: string;
      /**
       * Text Slack sends only in the event and the job needs (a workflow step's prompt): stored
       * sealed under `key` before the ids-only job is queued (TriggerInputStash).
       */
      readonly stash?: { readonly key: string; readonly values: Readonly<Record<string, string>> };
    }
  | { readonly enqueue: false; readonly reason: string; readonly type: string };

/** A verified event with what every trigger needs to know about it. */
export interface EventContext {
  readonly envelope: SlackEventEnvelope;
  readonly event: SlackInnerEvent;
  readonly type: string;
  readonly teamId: string;
  readonly eventId: string;
  /** Tomo's bot user in the workspace (from the authorization when it is the bot, else the stored installation); undefined when unknown. */
  readonly botUserId: string | undefined;
  skip(reason: string): EventJob;
}

/**
 * One kind of Slack event → one job (and, in the worker, one use case). Adding a trigger is a
 * new file in ./triggers plus one line in EVENT_TRIGGERS; `subscriptions` are the manifest's
 * bot_events it needs (a unit test keeps the manifest equal to the union).
 */
export interface EventTrigger {
  /** Inner event types (`event.type`) this trigger handles. */
  readonly types: readonly string[];
  /** manifest.json bot_events entries. */
  readonly subscriptions: readonly string[];
  toJob(context: EventContext): EventJob;
}
