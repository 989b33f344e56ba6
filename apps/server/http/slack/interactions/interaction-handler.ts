import type { Logger } from '../../../../../adapters/logging/logger';
import type { Clock } from '../../../../../core/shared/clock.port';
import type { JobQueue } from '../../../../../core/shared/job-queue.port';

/** The fields of Slack's interaction payloads (the form field `payload`) the handlers read. */
export interface SlackInteraction {
  /** block_actions, shortcut (global), message_action (message shortcut), view_submission, view_closed… */
  type: string;
  team?: { id?: string } | null;
  user?: { id?: string; team_id?: string };
  api_app_id?: string;
  trigger_id?: string;
  /** shortcut / message_action */
  callback_id?: string;
  /** message_action: where a message to the person can go without a token (hooks.slack.com). */
  response_url?: string;
  actions?: { action_id?: string; block_id?: string; value?: string; type?: string }[];
  container?: { type?: string; view_id?: string; channel_id?: string; message_ts?: string };
  /** `app_installed_team_id`: the workspace that installed Tomo, where `team` is a Slack Connect partner's. */
  view?: { id?: string; type?: string; callback_id?: string; private_metadata?: string; state?: unknown; app_installed_team_id?: string };
  channel?: { id?: string };
  /** message_action: the message; `team` is its author's workspace (in a shared channel too). */
  message?: { ts?: string; thread_ts?: string; team?: string };
}

export interface InteractionContext {
  readonly interaction: SlackInteraction;
  /** From the verified payload (never a client parameter). */
  readonly teamId: string;
  readonly userId: string;
  /**
   * Whether `teamId` has Tomo installed, for interactions that name no view: false when no
   * workspace the payload names did (a Slack Connect partner's shortcut). Unknown for views.
   */
  readonly installed?: boolean;
  /** Shows `text` to the person only, through the interaction's `response_url` (no token needed). */
  readonly respond?: (responseUrl: string, text: string) => Promise<void>;
  readonly queue: JobQueue;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * What the route answers Slack within its 3 seconds: 200, with a body only where Slack reads
 * one (a view_submission's `response_action`, e.g. field errors). Work that takes longer goes
 * to a job (ids only).
 */
export interface InteractionReply {
  readonly body?: Record<string, unknown>;
}

/**
 * One kind of interaction (a block action, a shortcut, a view submission) and what it does.
 * Adding one is a new file in this folder plus one line in INTERACTION_HANDLERS.
 */
export interface InteractionHandler {
  readonly name: string;
  matches(interaction: SlackInteraction): boolean;
  handle(context: InteractionContext): Promise<InteractionReply>;
}
