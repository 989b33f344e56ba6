import { TriggerUseCase } from '../triggers/trigger-use-case';
import { escapeSlackText } from '../shared/slack-escapes';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import { decideTrigger, triggerSettings, type IgnoreReason } from '../triggers/decide-trigger';
import type { SuggestedPrompt } from '../triggers/chat-workspace.port';
import type { TriggerTextCode } from '../triggers/trigger-texts';
import { checkAsker, type TriggerDeps } from './answer-pipeline';
import type { AssistantThreadRepository } from './assistant-thread';
import { isChatPlatformError } from './chat-platform-error';
import type { EntitlementDenialReason } from '../entitlement/entitlement';

/** assistant_thread_started / assistant_thread_context_changed, as ids. */
export interface AssistantThreadEventInput {
  readonly eventId: string;
  readonly teamId: TeamId;
  readonly kind: 'started' | 'context_changed';
  readonly channelId: ChannelId;
  readonly threadTs: string;
  readonly userId: UserId;
  readonly contextChannelId: ChannelId | null;
  /** When Slack sent it (event_ts): an older context never replaces a newer one. */
  readonly at: Date;
}

export type AssistantThreadEventResult =
  | { readonly status: 'ignored'; readonly reason: IgnoreReason | 'duplicate' | 'not_installed' }
  | { readonly status: 'greeted' | 'remembered' }
  /** The person may not ask now (trial over, plan ended, no seat…): told why instead of greeted. */
  | { readonly status: 'denied'; readonly reason: EntitlementDenialReason };

/**
 * Slack's AI-app view (the assistant split view): when someone opens it, a short greeting and
 * suggested prompts (en/ja) in the new thread, or, when they may not ask now, the refusal an
 * answer would get; whenever they move to another channel, Tomo
 * remembers it, so "summarize this channel" in that thread reads the right one. Questions in
 * the thread are answered like DMs (AnswerQuestion).
 */
export class HandleAssistantThread extends TriggerUseCase<TriggerDeps & { readonly assistantThreads: AssistantThreadRepository }> {
  async execute(input: AssistantThreadEventInput): Promise<AssistantThreadEventResult> {
    const gate = await this.gate.open({ key: input.eventId, teamId: input.teamId, type: `assistant_thread_${input.kind}` });
    if (!gate.open) return { status: 'ignored', reason: gate.reason };
    const { workspace } = gate;
    const base = {
      teamId: input.teamId,
      channelId: input.channelId,
      threadTs: input.threadTs,
      userId: input.userId,
      contextChannelId: input.contextChannelId,
    };
    const decision = decideTrigger(
      { kind: input.kind === 'started' ? 'assistant_thread_started' : 'assistant_thread_context_changed', ...base },
      triggerSettings(workspace.self),
    );
    if (!decision.respond) return { status: 'ignored', reason: decision.reason };
    await this.deps.assistantThreads.save(input.teamId, { ...base, updatedAt: input.at });
    if (decision.intent !== 'assistant_greeting') return { status: 'remembered' };

    const asker = await this.pipeline.asker(workspace, input.userId);
    const thread = { channelId: input.channelId, threadTs: input.threadTs };
    // Someone who may not ask now is told why (with the catalogue's links) rather than invited to
    // ask a question that would only be refused; no prompts are offered then.
    const entitlement = await checkAsker(this.deps, workspace.teamId, asker);
    if (!entitlement.allowed) {
      await workspace.platform.postInThread(thread, this.deps.texts.denial(entitlement.error, asker.locale), asker.appearance);
      return { status: 'denied', reason: entitlement.reason };
    }
    const say = (code: TriggerTextCode, params: Record<string, string> = {}) =>
      this.deps.texts.say(code, params, asker.locale);
    await workspace.platform.postInThread(thread, say('SLACK.ASSISTANT_GREETING', { appName: escapeSlackText(asker.appName) }), asker.appearance);
    try {
      await workspace.platform.setSuggestedPrompts(
        thread,
        suggestedPrompts(say, input.contextChannelId !== null),
        say('SLACK.ASSISTANT_PROMPTS_TITLE'),
      );
    } catch (error) {
      // Suggestions are a nicety; the greeting is already there.
      if (!isChatPlatformError(error)) throw error;
    }
    return { status: 'greeted' };
  }
}

/** Up to four prompts (Slack's limit); "summarize this channel" only when a channel is in view. */
function suggestedPrompts(
  say: (code: TriggerTextCode) => string,
  channelInView: boolean,
): SuggestedPrompt[] {
  const prompts: SuggestedPrompt[] = [];
  if (channelInView) prompts.push({ title: say('SLACK.PROMPT_SUMMARIZE_CHANNEL_TITLE'), message: say('SLACK.PROMPT_SUMMARIZE_CHANNEL') });
  prompts.push(
    { title: say('SLACK.PROMPT_WHAT_CAN_YOU_DO_TITLE'), message: say('SLACK.PROMPT_WHAT_CAN_YOU_DO') },
    { title: say('SLACK.PROMPT_DRAFT_REPLY_TITLE'), message: say('SLACK.PROMPT_DRAFT_REPLY') },
    { title: say('SLACK.PROMPT_TRANSLATE_TITLE'), message: say('SLACK.PROMPT_TRANSLATE') },
  );
  return prompts;
}

