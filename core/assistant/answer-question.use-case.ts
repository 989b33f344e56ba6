import type { LlmProviderName } from '../billing/plan';
import type { AppCustomizationRepository } from '../customization/app-customization-repository.port';
import { effectiveCustomization } from '../customization/app-customization-rules';
import type { CheckEntitlement } from '../entitlement/check-entitlement.use-case';
import type { ComposeInstructions } from '../instructions/compose-instructions.use-case';
import type { Clock } from '../shared/clock.port';
import type { DomainError } from '../shared/domain-error';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import type { ProcessedEventLog } from '../shared/processed-event-log.port';
import type { Tokenizer } from '../shared/tokenizer.port';
import { decideTrigger, type IgnoreReason } from '../triggers/decide-trigger';
import type { InboundEvent } from '../triggers/inbound-event';
import type { RecordUsage } from '../usage/record-usage.use-case';
import type { InstallationRepository } from '../workspace/installation-repository.port';
import { toLocale, type Locale } from '../workspace/user';
import { AnswerRecordingError, StreamAnswer, type StreamAnswerDeps, type StreamAnswerResult } from './answer-stream.use-case';
import type { BotAppearance, ChatPlatform, ChatPlatformFactory, ThreadMessage, ThreadRef } from './chat-platform.port';
import type { EgressAuditLog } from './egress-audit-log.port';
import type { LlmProvider } from './llm-provider.port';

/**
 * One inbound Slack message that may deserve an answer, as ids only (what the job carries):
 * the text is read from Slack when the job runs and never stored.
 */
export interface AnswerQuestionInput {
  /** Slack's event_id: a second delivery of the same event does nothing. */
  readonly eventId: string;
  readonly teamId: TeamId;
  /** app_mention, message.im, or a channel message in a thread (a possible follow-up). */
  readonly kind: 'mention' | 'direct_message' | 'thread_reply';
  readonly channelId: ChannelId;
  readonly ts: string;
  readonly threadTs: string | null;
  readonly userId: UserId | null;
  readonly botId: string | null;
  readonly subtype: string | null;
}

/** The words Tomo says itself, in the asker's language (the catalogue lives at the edge). */
export interface AnswerTexts {
  thinking(locale: Locale): string;
  /** What Slack shows while a tool or reader works ("is searching the web…"). */
  working?: StreamAnswerDeps['texts']['working'];
  sourcesLabel?: StreamAnswerDeps['texts']['sourcesLabel'];
  unknownError(locale: Locale): string;
  denial(error: DomainError, locale: Locale): string;
}

export interface AnswerQuestionDeps extends Pick<StreamAnswerDeps, 'tools' | 'readers' | 'plugins' | 'resources' | 'toolLimits'> {
  readonly installations: InstallationRepository;
  readonly customizations: AppCustomizationRepository;
  readonly checkEntitlement: Pick<CheckEntitlement, 'execute'>;
  readonly composeInstructions: Pick<ComposeInstructions, 'execute'>;
  readonly recordUsage: Pick<RecordUsage, 'execute'>;
  readonly egressAudit: EgressAuditLog;
  readonly processedEvents: ProcessedEventLog;
  readonly chat: ChatPlatformFactory;
  readonly llm: LlmProvider;
  readonly tokenizer: Tokenizer;
  readonly clock: Clock;
  readonly texts: AnswerTexts;
  /** Put into denial messages: where to buy a plan, where admins assign seats. */
  readonly links: { readonly pricingUrl: string; readonly membersUrl: string };
  /** A public address of a workspace's custom icon, for Slack's icon_url. */
  readonly iconUrl: (teamId: TeamId, iconKey: string) => string | undefined;
  /** `LLM_PROVIDER`: the plan's model maps to it. */
  readonly preferredProvider?: LlmProviderName;
  /** Longest answer asked of the model. Default 4,096 tokens. */
  readonly maxOutputTokens?: number;
}

export type AnswerQuestionResult =
  | { readonly status: 'ignored'; readonly reason: IgnoreReason | 'duplicate' | 'not_installed' | 'tomo_not_in_thread' }
  | { readonly status: 'denied'; readonly reason: string }
  | StreamAnswerResult;

/**
 * Mention, DM or thread follow-up → an answer streamed into the thread (spec 1): the trigger
 * rule, the entitlement decision (a localized refusal when not entitled), the thread as
 * context under the plan's token limit, the composed instructions, the LLM, one usage event
 * and one egress record. Never throws after posting something, so a job retry cannot
 * produce a second answer; infrastructure failures before that are thrown.
 */
export class AnswerQuestion {
  constructor(private readonly deps: AnswerQuestionDeps) {}

  async execute(input: AnswerQuestionInput): Promise<AnswerQuestionResult> {
    const { deps } = this;
    const claimed = await deps.processedEvents.markProcessed(
      { eventId: input.eventId, teamId: input.teamId, type: input.kind },
      deps.clock.now(),
    );
    if (!claimed) return { status: 'ignored', reason: 'duplicate' };

    const installation = await deps.installations.find(input.teamId);
    if (!installation || installation.uninstalledAt !== null || !installation.botToken) {
      return { status: 'ignored', reason: 'not_installed' };
    }
    const self = { userId: installation.botUserId, botId: installation.botId };
    const platform = deps.chat.forWorkspace({ teamId: input.teamId, botToken: installation.botToken, botUserId: self.userId });

    // A follow-up is only answered where Tomo already speaks, so the thread is read first.
    let thread: ThreadMessage[] | undefined;
    const seen = { tomoInThread: false, mentionsTomo: false };
    if (input.kind === 'thread_reply' && input.threadTs !== null) {
      thread = await platform.readThread({ channelId: input.channelId, threadTs: input.threadTs });
      seen.tomoInThread = thread.some((m) => m.ts !== input.ts && (m.userId === self.userId || m.botId === self.botId));
      if (!seen.tomoInThread) return { status: 'ignored', reason: 'tomo_not_in_thread' };
      seen.mentionsTomo = thread.some((m) => m.ts === input.ts && m.text.includes(`<@${self.userId}`));
    }
    const decision = decideTrigger(toInboundEvent(input, seen), {
      tomo: { botUserId: self.userId, botId: self.botId },
      autoReplies: [],
      customReactions: [],
      greetingWhenJoiningChannel: false,
      schedules: [],
    });
    if (!decision.respond) return { status: 'ignored', reason: decision.reason };
    if (decision.intent !== 'answer') return { status: 'ignored', reason: 'not_addressed' };

    const replyThread: ThreadRef = { channelId: decision.channelId, threadTs: decision.replyThreadTs };
    const requester = (await platform.getUsers([decision.requesterId])).get(decision.requesterId);
    const locale = toLocale(requester?.locale);
    const customization = effectiveCustomization(await deps.customizations.find(input.teamId));
    const appearance = this.appearance(input.teamId, customization.appName, customization.iconKey);

    const entitlement = await deps.checkEntitlement.execute({
      teamId: input.teamId,
      memberId: decision.requesterId,
      memberIsBot: requester?.isBot === true,
      ...(deps.preferredProvider ? { preferredProvider: deps.preferredProvider } : {}),
      links: deps.links,
    });
    if (!entitlement.allowed) {
      await platform.postInThread(replyThread, deps.texts.denial(entitlement.error, locale), appearance);
      return { status: 'denied', reason: entitlement.reason };
    }

    const thinking = await platform.showThinking({
      thread: replyThread,
      messageTs: input.ts,
      status: deps.texts.thinking(locale),
      ...(appearance ? { appearance } : {}),
    });
    try {
      thread ??= await platform.readThread(replyThread);
      const system = await deps.composeInstructions.execute({
        teamId: input.teamId,
        channelId: input.channelId,
        userId: decision.requesterId,
        appName: customization.appName,
      });
      return await new StreamAnswer(deps).execute({
        teamId: input.teamId,
        platform,
        thread: replyThread,
        // Messages written after the question are not part of it.
        messages: thread.filter((m) => compareTs(m.ts, input.ts) <= 0),
        self,
        system,
        grant: entitlement,
        requesterId: decision.requesterId,
        usageKind: decision.usageKind,
        locale,
        appearance,
        thinking,
      });
    } catch (error) {
      // After a delivered answer only the bookkeeping failed: the person already has their answer.
      if (!(error instanceof AnswerRecordingError)) await this.sayUnknownError(platform, replyThread, locale, appearance);
      throw error;
    } finally {
      await thinking.clear();
    }
  }

  private appearance(teamId: TeamId, appName: string, iconKey: string | null): BotAppearance | undefined {
    const iconUrl = iconKey === null ? undefined : this.deps.iconUrl(teamId, iconKey);
    return { username: appName, ...(iconUrl === undefined ? {} : { iconUrl }) };
  }

  /** Best effort: the failure that got us here may be Slack itself. */
  private async sayUnknownError(platform: ChatPlatform, thread: ThreadRef, locale: Locale, appearance?: BotAppearance) {
    try {
      await platform.postInThread(thread, this.deps.texts.unknownError(locale), appearance);
    } catch {
      // Nothing more can be said in Slack; the job logs the original failure.
    }
  }
}

function toInboundEvent(input: AnswerQuestionInput, seen: { tomoInThread: boolean; mentionsTomo: boolean }): InboundEvent {
  const base = {
    teamId: input.teamId,
    channelId: input.channelId,
    ts: input.ts,
    threadTs: input.threadTs,
    sender: { userId: input.userId, botId: input.botId },
    subtype: input.subtype,
  };
  if (input.kind === 'mention') return { kind: 'mention', ...base };
  if (input.kind === 'direct_message') return { kind: 'direct_message', ...base };
  return { kind: 'channel_message', ...seen, ...base };
}

/** Slack timestamps are "seconds.micros" strings; compared as numbers of equal scale. */
export function compareTs(a: string, b: string): number {
  const [as = '0', af = ''] = a.split('.');
  const [bs = '0', bf = ''] = b.split('.');
  return Number(as) - Number(bs) || Number(af.padEnd(6, '0')) - Number(bf.padEnd(6, '0'));
}
