import type { EntitlementGrant } from '../entitlement/entitlement';
import type { Clock } from '../shared/clock.port';
import type { TeamId, UserId } from '../shared/ids';
import type { Tokenizer } from '../shared/tokenizer.port';
import type { RecordUsage } from '../usage/record-usage.use-case';
import type { UsageKind } from '../usage/usage-event';
import type { Locale } from '../workspace/user';
import type { BotAppearance, ChatPlatform, PostedAnswer, ThreadMessage, ThreadRef } from './chat-platform.port';
import type { EgressAuditLog } from './egress-audit-log.port';
import { isLlmError, type LlmError } from './llm-error';
import type { LlmProvider, LlmStreamEvent } from './llm-provider.port';
import { buildThreadContext, displayNamesOf, userIdsInThread } from './thread-context';

export const DEFAULT_MAX_OUTPUT_TOKENS = 4_096;

export interface StreamAnswerDeps {
  readonly llm: LlmProvider;
  readonly tokenizer: Tokenizer;
  readonly recordUsage: Pick<RecordUsage, 'execute'>;
  readonly egressAudit: EgressAuditLog;
  readonly clock: Clock;
  readonly texts: { unknownError(locale: Locale): string };
  readonly maxOutputTokens?: number;
}

export interface StreamAnswerInput {
  readonly teamId: TeamId;
  readonly platform: ChatPlatform;
  /** Where the answer goes. */
  readonly thread: ThreadRef;
  /** The conversation so far, oldest first, ending with the question. */
  readonly messages: readonly ThreadMessage[];
  readonly self: { readonly userId: UserId; readonly botId: string };
  readonly system: string;
  readonly grant: EntitlementGrant;
  readonly requesterId: UserId;
  readonly usageKind: UsageKind;
  readonly locale: Locale;
  readonly appearance: BotAppearance | undefined;
}

export type StreamAnswerResult =
  | {
      readonly status: 'answered';
      readonly provider: string;
      readonly model: string;
      readonly delivery: PostedAnswer['delivery'];
      readonly messages: number;
      readonly inputTokens: number;
      readonly outputTokens: number;
      readonly droppedMessages: number;
    }
  | { readonly status: 'failed'; readonly reason: 'llm_unavailable' | 'empty_answer'; readonly errorCode?: string };

/** The answer reached Slack, but recording its usage or audit failed (infrastructure). */
export class AnswerRecordingError extends Error {
  override readonly name = 'AnswerRecordingError';
  constructor(override readonly cause: unknown) {
    super('The answer was posted but its usage or audit record could not be saved');
  }
}

type DoneEvent = Extract<LlmStreamEvent, { type: 'done' }>;

/**
 * The thread, trimmed oldest-first to the plan's token limit, goes to the LLM; its words are
 * streamed into the thread as they arrive. When the model fails (after the fallback), the
 * thread gets the unknown-error message instead: nothing is retried here (ADR 7).
 */
export class StreamAnswer {
  constructor(private readonly deps: StreamAnswerDeps) {}

  async execute(input: StreamAnswerInput): Promise<StreamAnswerResult> {
    const { deps } = this;
    const { platform, grant } = input;
    const profiles = await platform.getUsers(userIdsInThread(input.messages));
    const context = buildThreadContext({
      messages: input.messages,
      self: input.self,
      names: displayNamesOf(profiles),
      system: input.system,
      tokenLimit: grant.tokenLimit,
      tokenizer: deps.tokenizer,
    });
    const writer = platform.startAnswer({
      thread: input.thread,
      recipientUserId: input.requesterId,
      recipientTeamId: input.teamId,
      ...(input.appearance ? { appearance: input.appearance } : {}),
    });

    let answer = '';
    let done: DoneEvent | undefined;
    try {
      const stream = deps.llm.stream({
        model: grant.model.id,
        system: context.system,
        messages: context.messages,
        maxOutputTokens: deps.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      });
      for await (const event of stream) {
        if (event.type === 'done') done = event;
        if (event.type !== 'text' || event.text === '') continue;
        answer += event.text;
        await writer.append(event.text);
      }
    } catch (error) {
      if (!isLlmError(error)) throw error;
      // What was already said stays; the error message follows it.
      if (answer !== '') await writer.finish();
      await this.recordFailedEgress(input, error);
      await platform.postInThread(input.thread, deps.texts.unknownError(input.locale), input.appearance);
      return { status: 'failed', reason: 'llm_unavailable', errorCode: error.code };
    }
    if (done === undefined || answer.trim() === '') {
      await platform.postInThread(input.thread, deps.texts.unknownError(input.locale), input.appearance);
      return { status: 'failed', reason: 'empty_answer' };
    }
    const posted = await writer.finish();

    const inputTokens = done.usage?.inputTokens ?? context.tokens;
    const outputTokens = done.usage?.outputTokens ?? deps.tokenizer.countTokens(answer);
    try {
      await deps.recordUsage.execute({
        teamId: input.teamId,
        memberId: input.requesterId,
        subscriptionId: grant.subscriptionId,
        kind: input.usageKind,
      });
      await deps.egressAudit.record(input.teamId, {
        teamId: input.teamId,
        memberId: input.requesterId,
        provider: done.provider,
        model: done.model,
        inputTokens,
        outputTokens,
        sourceKinds: sourceKinds(input.system),
        occurredAt: deps.clock.now(),
      });
    } catch (error) {
      throw new AnswerRecordingError(error);
    }
    return {
      status: 'answered',
      provider: done.provider,
      model: done.model,
      delivery: posted.delivery,
      messages: posted.messageTs.length,
      inputTokens,
      outputTokens,
      droppedMessages: context.droppedMessages,
    };
  }

  /** The question left the workspace for every provider that was asked, answered or not. */
  private async recordFailedEgress(input: StreamAnswerInput, error: LlmError): Promise<void> {
    const attempts = error.attempts.length > 0 ? error.attempts : [error];
    for (const attempt of attempts) {
      await this.deps.egressAudit.record(input.teamId, {
        teamId: input.teamId,
        memberId: input.requesterId,
        provider: attempt.provider,
        model: input.grant.model.id,
        inputTokens: null,
        outputTokens: null,
        sourceKinds: sourceKinds(input.system),
        occurredAt: this.deps.clock.now(),
      });
    }
  }
}

function sourceKinds(system: string): string[] {
  return system === '' ? ['thread'] : ['thread', 'instructions'];
}
