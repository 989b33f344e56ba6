import { TriggerUseCase } from './trigger-use-case';
import { askerIsGone, type AnswerPipelineResult, type AnswerRequest, type TriggerDeps } from '../assistant/answer-pipeline';
import { isChatPlatformError } from '../assistant/chat-platform-error';
import type { ThreadMessage } from '../assistant/chat-platform.port';
import { viewedChannelContext } from '../assistant/viewed-channel';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import type { JobAttempt } from '../shared/job-attempt.port';
import { TRIGGER_INPUT_RETENTION_MS } from '../workspace/housekeeping.use-case';
import { DEFAULT_LOCALE, toLocale, type Locale } from '../workspace/user';
import type { ChatWorkspace, FunctionOutcome } from './chat-workspace.port';
import { decideTrigger, triggerSettings } from './decide-trigger';
import { claimKey, type OpenWorkspace } from './trigger-gate';
import type { TriggerInputStash } from './trigger-input-stash.port';

/** The manifest's custom step: its callback id and the output Tomo fills. */
export const ASK_TOMO_FUNCTION = 'ask_tomo';
export const ASK_TOMO_OUTPUT = 'answer';
/** The step's inputs (manifest.json `functions.ask_tomo.input_parameters`). */
export const ASK_TOMO_INPUTS = { prompt: 'prompt', user: 'user_id', channel: 'channel_id', message: 'message_ts' } as const;

/** function_executed of "Ask Tomo", as ids (what the job carries); the prompt waits in the stash. */
export interface AnswerWorkflowStepInput {
  readonly eventId: string;
  readonly teamId: TeamId;
  readonly functionExecutionId: string;
  /** The person the step acts for (its required user input): their seat, their language. */
  readonly userId: UserId | null;
  /** Optional context: a channel, and a message in it. */
  readonly channelId: ChannelId | null;
  readonly messageTs: string | null;
}

export interface AnswerWorkflowStepDeps extends TriggerDeps {
  readonly stash: TriggerInputStash;
  /** The job attempt the step runs in: a passing failure leaves the step to the job's retry. Absent: no retry follows. */
  readonly attempts?: JobAttempt;
}

/**
 * How long after its first attempt a failing step is still left to the job's retries. Slack
 * documents no deadline for a step whose app runs it remotely, but revokes the step's own token
 * 15 minutes after the event and Tomo forgets the step's inputs then (TRIGGER_INPUT_RETENTION_MS):
 * past this, a failure ends the step with the error message instead of a retry that may find
 * nothing to answer. The queue's own waits between retries add up to about a minute.
 */
export const STEP_RETRY_WINDOW_MS = 10 * 60_000;

export type AnswerWorkflowStepResult =
  | { readonly status: 'ignored'; readonly reason: 'duplicate' | 'not_installed' }
  | { readonly status: 'failed'; readonly reason: 'input_missing' | 'user_gone' }
  | AnswerPipelineResult;

/** Where the step's prompt waits between the server that received the event and the worker. */
export function workflowStashKey(functionExecutionId: string): string {
  return claimKey('function', functionExecutionId);
}

/**
 * "Ask Tomo" in Workflow Builder: the prompt (with an optional message or channel as context)
 * is answered through the same pipeline as a mention, and the step ends with
 * functions.completeSuccess carrying the answer, or functions.completeError carrying the
 * refusal or error in the person's language. Exactly one of them, exactly once.
 */
export class AnswerWorkflowStep extends TriggerUseCase<AnswerWorkflowStepDeps> {
  async execute(input: AnswerWorkflowStepInput): Promise<AnswerWorkflowStepResult> {
    const gate = await this.gate.open({
      key: claimKey('function', input.functionExecutionId),
      teamId: input.teamId,
      type: 'function_executed',
    });
    if (!gate.open) return { status: 'ignored', reason: gate.reason };
    const { workspace } = gate;
    // Slack hands completeError's text to the person in a Slackbot message: in their language
    // once it is known (English before that), whatever ends the step.
    const person: { locale: Locale } = { locale: DEFAULT_LOCALE };
    const step = completionOf(workspace.platform, input.functionExecutionId, () => this.deps.texts.unknownError(person.locale));
    try {
      return await this.run(workspace, input, step, person);
    } catch (error) {
      // A step ends once, so a passing failure (Slack answering 5xx or 429, the database away)
      // must not end it: the job's retry answers, as a mention's does. Once no retry follows, or
      // when one could not help, the workflow must not wait for the step until Slack gives up.
      if (!this.retried(error)) await step.end({ ok: false, error: this.deps.texts.unknownError(person.locale) }).catch(() => undefined);
      throw error;
    }
  }

  /** Whether the job tries the step again after `error` (the step's inputs wait until it has ended). */
  private retried(error: unknown): boolean {
    // Slack refusing the token or a thing that is not there says the same to a retry.
    if (isChatPlatformError(error) && (error.code === 'not_authorized' || error.code === 'not_found')) return false;
    const attempt = this.deps.attempts?.current();
    if (!attempt || attempt.retriesLeft <= 0) return false;
    const since = attempt.firstClaimedAt;
    return since === null || this.deps.clock.now().getTime() - since.getTime() < STEP_RETRY_WINDOW_MS;
  }

  private async run(
    workspace: OpenWorkspace,
    input: AnswerWorkflowStepInput,
    step: Completion,
    person: { locale: Locale },
  ): Promise<AnswerWorkflowStepResult> {
    const inputs = await this.deps.stash.take(input.teamId, workflowStashKey(input.functionExecutionId));
    // Inputs whose job never ran (a crash before the claim) do not wait for the daily clean-up.
    await this.deps.stash.purgeBefore(new Date(this.deps.clock.now().getTime() - TRIGGER_INPUT_RETENTION_MS));
    const prompt = inputs?.prompt?.trim() ?? '';
    const decision = decideTrigger({ kind: 'workflow', teamId: input.teamId, userId: input.userId }, triggerSettings(workspace.self));
    if (prompt === '' || !decision.respond || decision.intent !== 'workflow') {
      const locale = input.userId ? await this.localeOf(workspace, input.userId) : 'en';
      await step.end({ ok: false, error: this.deps.texts.say('SLACK.WORKFLOW_INPUT_MISSING', {}, locale) });
      return { status: 'failed', reason: 'input_missing' };
    }
    // The step's person may belong to another organization (a Slack Connect partner running a
    // shared channel's workflow): their profile says which workspace is theirs, as for a reaction.
    const asker = await this.pipeline.asker(workspace, decision.requesterId, { fromProfile: {} });
    person.locale = asker.locale;
    if (askerIsGone(asker)) {
      // A workflow whose user input names a fixed person (its author, say) who was deactivated
      // or left since: the request would take a seat for an account no one uses (a paid plan's
      // free seat assigned to it automatically). Whoever runs the workflow is told to change it.
      await step.end({ ok: false, error: this.deps.texts.say('SLACK.WORKFLOW_USER_GONE', { user: `<@${asker.id}>` }, asker.locale) });
      return { status: 'failed', reason: 'user_gone' };
    }
    const question: ThreadMessage = { ts: 'workflow', userId: asker.id, text: prompt };
    // The step's inputs come from whoever built or runs the workflow: a private channel or DM
    // that Tomo is in but the person it asks for is not is never read for them.
    const hidden = input.channelId !== null && !(await workspace.platform.canRead(input.channelId, asker.id));
    const channelId = hidden ? null : input.channelId;
    // The pipeline reports a failure also on its way to throwing: only one it returns from ends
    // the step here; a thrown one is execute's to end, or to leave to the job's retry.
    let failed: string | undefined;
    const result = await this.pipeline.answer({
      workspace,
      asker,
      usageKind: decision.usageKind,
      channelId,
      thread: { channelId: channelId ?? '', threadTs: '' },
      thinkingOn: null,
      ...(hidden ? { context: hiddenChannelContext(asker.appName) } : {}),
      ...(channelId && !input.messageTs ? { context: viewedChannelContext(workspace, asker, channelId, this.deps) } : {}),
      messages: async () => [...(await this.messageContext(workspace, { ...input, channelId })), question],
      refuse: (text) => step.end({ ok: false, error: text }),
      delivery: {
        deliver: (text) => step.end({ ok: true, outputs: { [ASK_TOMO_OUTPUT]: text } }),
        fail: async (text) => {
          failed = text;
        },
      },
    });
    if (failed !== undefined) await step.end({ ok: false, error: failed });
    return result;
  }

  /** The message the step points at (with its thread when it is a parent), or nothing. */
  private async messageContext(workspace: OpenWorkspace, input: AnswerWorkflowStepInput): Promise<ThreadMessage[]> {
    if (!input.channelId || !input.messageTs) return [];
    try {
      const message = await workspace.platform.readMessage(input.channelId, input.messageTs);
      if (!message) return [];
      if (message.replyCount === 0) return [message];
      return workspace.platform.readThread({ channelId: input.channelId, threadTs: message.threadTs });
    } catch (error) {
      // A message Tomo cannot see is left out; the prompt is still answered.
      if (isChatPlatformError(error) && error.code === 'not_found') return [];
      throw error;
    }
  }

  private async localeOf(workspace: OpenWorkspace, userId: UserId) {
    return toLocale((await workspace.platform.getUsers([userId])).get(userId)?.locale);
  }
}

/** What the model is told instead of a channel the person cannot read. */
function hiddenChannelContext(appName: string): NonNullable<AnswerRequest['context']> {
  return {
    share: 0.5,
    load: async () => ({
      title: 'The channel given with the question',
      text: `The person is not a member of the channel given with the question, so ${appName} did not read it for them. If the question is about it, say so.`,
    }),
  };
}

interface Completion {
  end(outcome: FunctionOutcome): Promise<void>;
}

/**
 * Ends the step once: after an end Slack took, no other is sent (success after error, or twice);
 * one that failed may be sent again (Slack refuses it if the first reached it after all, and the
 * Slack caller then counts the step as ended). When Slack
 * refuses the answer itself (its outputs, e.g. `parameter_validation_failed`), a retry would ask
 * the model again only to be refused the same way while the workflow waits: the step ends with
 * the unknown-error message instead.
 */
function completionOf(platform: ChatWorkspace, executionId: string, refusedText: () => string): Completion {
  let ended = false;
  return {
    async end(outcome) {
      if (ended) return;
      try {
        await platform.completeFunction(executionId, outcome);
      } catch (error) {
        if (!outcome.ok || !isChatPlatformError(error) || error.code !== 'failed' || error.platformCode === undefined) throw error;
        await platform.completeFunction(executionId, { ok: false, error: refusedText() });
      }
      ended = true;
    },
  };
}
