import type { LlmProviderName } from '../billing/plan';
import type { AppCustomizationRepository } from '../customization/app-customization-repository.port';
import { effectiveCustomization } from '../customization/app-customization-rules';
import type { CheckEntitlement } from '../entitlement/check-entitlement.use-case';
import type { TriggerPrompt } from '../instructions/compose-instructions';
import type { ComposeInstructions } from '../instructions/compose-instructions.use-case';
import type { DomainError } from '../shared/domain-error';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import type { Clock } from '../shared/clock.port';
import type { ProcessedEventLog } from '../shared/processed-event-log.port';
import type { ChatWorkspaceFactory } from '../triggers/chat-workspace.port';
import type { OpenWorkspace } from '../triggers/trigger-gate';
import type { InstallationRepository } from '../workspace/installation-repository.port';
import type { TriggerTexts } from '../triggers/trigger-texts';
import type { UsageKind } from '../usage/usage-event';
import { toLocale, type Locale } from '../workspace/user';
import { formatTimeInZone } from '../shared/zoned-time';
import { AnswerRecordingError, StreamAnswer, type StreamAnswerDeps, type StreamAnswerResult } from './answer-stream.use-case';
import type { BotAppearance, ChatPlatform, ChatUserProfile, ThreadMessage, ThreadRef } from './chat-platform.port';
import { collectAnswer } from './collected-answer';
import { isNoPlaceToAnswer, isTokenDead } from './chat-platform-error';

/** The words Tomo says itself, in the asker's language (the catalogue lives at the edge). */
export interface AnswerTexts extends TriggerTexts {
  thinking(locale: Locale): string;
  /** What Slack shows while a tool or reader works ("is searching the web…"). */
  working?: StreamAnswerDeps['texts']['working'];
  sourcesLabel?: StreamAnswerDeps['texts']['sourcesLabel'];
  unreadSources?: StreamAnswerDeps['texts']['unreadSources'];
  privateAnswerNote?: StreamAnswerDeps['texts']['privateAnswerNote'];
  stopped: StreamAnswerDeps['texts']['stopped'];
  tooLong: StreamAnswerDeps['texts']['tooLong'];
  rejected?: StreamAnswerDeps['texts']['rejected'];
  unknownError(locale: Locale): string;
  denial(error: DomainError, locale: Locale): string;
}

export interface AnswerPipelineDeps extends StreamAnswerDeps {
  readonly customizations: AppCustomizationRepository;
  readonly checkEntitlement: Pick<CheckEntitlement, 'execute'>;
  readonly composeInstructions: Pick<ComposeInstructions, 'execute'>;
  readonly texts: AnswerTexts;
  /** Put into denial messages: where to buy a plan, where admins assign seats, where an unpaid invoice is paid. */
  /** The site's pages a refusal points to, in each language: a person reads the refusal and the page in theirs. */
  readonly links: Readonly<Record<Locale, { readonly pricingUrl: string; readonly membersUrl: string; readonly subscriptionUrl: string }>>;
  /** A public address of a workspace's custom icon, for Slack's icon_url. */
  readonly iconUrl: (teamId: TeamId, iconKey: string) => string | undefined;
  /** `LLM_PROVIDER`: the plan's model maps to it. */
  readonly preferredProvider?: LlmProviderName;
}

/** What every trigger's use case works with: the gate (claim, installation, Slack) and the pipeline. */
export interface TriggerDeps extends AnswerPipelineDeps {
  readonly installations: InstallationRepository;
  readonly processedEvents: ProcessedEventLog;
  readonly chat: ChatWorkspaceFactory;
  readonly clock: Clock;
}

/** Who is asking, in their language, and how Tomo looks in this workspace. */
export interface Asker {
  readonly id: UserId;
  /** The workspace the asker belongs to: this one, or a Slack Connect partner's. */
  readonly teamId: TeamId;
  /**
   * Of another workspace than this one though `teamId` cannot say which (Slack hides the
   * person): no seat here either. Otherwise `teamId` tells.
   */
  readonly outsider?: boolean;
  readonly profile: ChatUserProfile | undefined;
  readonly locale: Locale;
  readonly appName: string;
  readonly appearance: BotAppearance;
}

/** Where a finished answer goes instead of streaming into `thread`, and where a failure goes. */
export interface AnswerDelivery {
  deliver(text: string): Promise<void>;
  fail(text: string): Promise<void>;
}

export interface AnswerRequest {
  readonly workspace: OpenWorkspace;
  readonly asker: Asker;
  readonly usageKind: UsageKind;
  /** The channel whose instructions apply; null when none does. */
  readonly channelId: ChannelId | null;
  /** Where the answer streams (and an error message goes). */
  readonly thread: ThreadRef;
  /** The message that shows Tomo is working on it; null: no sign. */
  readonly thinkingOn: string | null;
  /** The trigger's own prompt (reaction, auto-reply row, summary task). */
  readonly task?: string;
  /** Material beyond the conversation, loaded once the request is allowed, within its share of the tokens. */
  readonly context?: {
    /** Share of the tokens left after the instructions (0–1). */
    readonly share: number;
    load(budgetTokens: number): Promise<TriggerPrompt['context']>;
  };
  /** The conversation, oldest first, ending with what is asked; read once the request is allowed. */
  messages(): Promise<ThreadMessage[]>;
  /** How a refusal reaches the asker. Default: in `thread`. */
  refuse?(text: string): Promise<void>;
  /** Default: the answer streams into `thread`. */
  readonly delivery?: AnswerDelivery;
}

export type AnswerPipelineResult =
  | { readonly status: 'denied'; readonly reason: string }
  /**
   * Slack would not take the answer where it belonged (the channel archived or deleted, Tomo
   * removed from it, a read-only channel, a locked thread): nothing more can be said there, and a
   * retry would ask the model again only to be refused the same way.
   */
  | { readonly status: 'failed'; readonly reason: 'no_place_to_answer'; readonly errorCode?: string }
  | StreamAnswerResult;

/**
 * Gives back a request held for an answer that was not given. A failure to do so is not the
 * asker's: the hold ends by itself (`RESERVATION_HOLD_MS`), so it does not hide the answer's own outcome.
 */
export async function releaseHeld(deps: Pick<AnswerPipelineDeps, 'recordUsage'>, teamId: TeamId, reservationId: string): Promise<void> {
  await deps.recordUsage.release(teamId, reservationId).catch(() => undefined);
}

/** What is known of the workspace an event came from beyond its id. */
export interface HomeContext {
  /** Enterprise Grid: the organization the receiving workspace belongs to (the event's `enterprise_id`). */
  readonly enterpriseId?: string;
}

/**
 * The asker's own workspace from what the platform says of them (the profile lookup the asker
 * makes anyway): someone it hides from Tomo, a stranger, or a person whose `homeTeamId` is
 * another workspace's is an outsider, who never takes a seat of this one. On Enterprise Grid a
 * person of the same organization is not (their `homeTeamId` may name the organization or a
 * sibling workspace), as for questions. Unknown (no profile) counts as this workspace's.
 */
export function homeOf(
  teamId: TeamId,
  profile: ChatUserProfile | undefined,
  hidden: boolean,
  context: HomeContext,
): { readonly teamId: TeamId; readonly outsider?: true } {
  if (hidden) return { teamId, outsider: true };
  if (profile === undefined) return { teamId };
  const home = profile.homeTeamId;
  if (context.enterpriseId !== undefined && profile.enterpriseId !== undefined) {
    return profile.enterpriseId === context.enterpriseId ? { teamId } : { teamId: home ?? teamId, outsider: true };
  }
  if (home !== undefined && home !== teamId) return { teamId: home };
  if (profile.isStranger === true) return { teamId, outsider: true };
  return { teamId };
}

/**
 * The asker is no longer one of the workspace's people: deactivated (Slack keeps the account,
 * users.info `deleted: true`) or gone (`user_not_found`: no profile, and not someone Slack merely
 * hides, a Slack Connect partner's person, `outsider`). Only triggers that name a person who is
 * not the one acting (a schedule's owner, a workflow step's user input) meet one; a seat would
 * otherwise go to an account no one uses (assign-seat refuses one).
 */
export function askerIsGone(asker: Asker): boolean {
  return asker.profile?.deleted === true || (asker.profile === undefined && asker.outsider !== true);
}

/** Tokens kept for the conversation when context material shares the budget. */
const CONVERSATION_RESERVE_TOKENS = 300;
/**
 * Context material keeps at least this many tokens, a quarter of the smallest plan's 4,096
 * (times its share), even when the instructions alone fill the plan's tokens, as the newest
 * message of a thread keeps 256: a summary of no messages, or an answer about a channel the
 * model was not shown, is worse than a request over the plan's budget.
 */
const MIN_CONTEXT_TOKENS = 1_024;

/** The entitlement decision for `asker` in `teamId`, with the configured provider and the denial's links. */
export async function checkAsker(
  deps: Pick<AnswerPipelineDeps, 'checkEntitlement' | 'preferredProvider' | 'links'>,
  teamId: TeamId,
  asker: Asker,
  /** The caller answers and counts the request: hold it against the monthly limit until then. */
  options: { readonly reserve?: boolean } = {},
): ReturnType<AnswerPipelineDeps['checkEntitlement']['execute']> {
  const checked = await deps.checkEntitlement.execute({
    teamId,
    memberId: asker.id,
    memberIsBot: asker.profile?.isBot === true,
    ...(options.reserve === true ? { reserve: true } : {}),
    memberOfWorkspace: asker.teamId === teamId && asker.outsider !== true,
    ...(deps.preferredProvider ? { preferredProvider: deps.preferredProvider } : {}),
    links: deps.links[asker.locale],
  });
  return checked.allowed ? checked : withLocalReset(checked, asker);
}

/**
 * Counts reset at midnight UTC on the 1st, which is 09:00 that day in Tokyo and the afternoon
 * before in America: the limit message says the moment in the asker's time zone (Slack's `tz`)
 * and language, not a bare UTC date that may already be "today" where they are.
 */
function withLocalReset<T extends { readonly error: DomainError }>(denial: T, asker: Asker): T {
  const resetsAt = denial.error.params?.['resetsAt'];
  if (typeof resetsAt !== 'string') return denial;
  const resetDate = formatTimeInZone(new Date(resetsAt), asker.profile?.timeZone, asker.locale);
  return { ...denial, error: { ...denial.error, params: { ...denial.error.params, resetDate } } };
}

/**
 * The one path from "Tomo should answer" to an answer, shared by every trigger: entitlement
 * (a localized refusal when not entitled, no LLM call), a thinking sign, the instruction
 * layers plus the trigger's task and context, the conversation, StreamAnswer (LLM with
 * fallback, streaming, usage and egress), and the unknown-error message when it fails.
 * Never throws after posting an answer, except AnswerRecordingError (bookkeeping only).
 */
export class AnswerPipeline {
  constructor(private readonly deps: AnswerPipelineDeps) {}

  /**
   * The asker's profile and language, and Tomo's custom name and icon in the workspace. Their
   * own workspace is `home`: the event's word for it (a question's `user_team`), or, for events
   * that carry none (a reaction), what the profile lookup says of them (`homeOf`).
   */
  async asker(workspace: OpenWorkspace, userId: UserId, home: TeamId | { readonly fromProfile: HomeContext } = workspace.teamId): Promise<Asker> {
    const { platform } = workspace;
    const profile = (await platform.getUsers([userId])).get(userId);
    const homeTeam = typeof home === 'string' ? { teamId: home } : homeOf(workspace.teamId, profile, platform.isHiddenUser?.(userId) === true, home.fromProfile);
    const customization = effectiveCustomization(await this.deps.customizations.find(workspace.teamId));
    const iconUrl = customization.iconKey === null ? undefined : this.deps.iconUrl(workspace.teamId, customization.iconKey);
    return {
      id: userId,
      ...homeTeam,
      profile,
      locale: toLocale(profile?.locale),
      appName: customization.appName,
      appearance: { username: customization.appName, ...(iconUrl === undefined ? {} : { iconUrl }) },
    };
  }

  async answer(request: AnswerRequest): Promise<AnswerPipelineResult> {
    const { deps } = this;
    const { workspace, asker } = request;
    const { platform } = workspace;
    const entitlement = await checkAsker(deps, workspace.teamId, asker, { reserve: true });
    if (!entitlement.allowed) {
      const text = deps.texts.denial(entitlement.error, asker.locale);
      try {
        if (request.refuse) await request.refuse(text);
        else await platform.postInThread(request.thread, text, asker.appearance);
      } catch (error) {
        // Archived, left or read-only since the question: a retry would be refused the same way.
        if (!isNoPlaceToAnswer(error)) throw error;
      }
      return { status: 'denied', reason: entitlement.reason };
    }

    const collected = request.delivery ? collectAnswer(platform) : undefined;
    const writeWith: ChatPlatform = collected?.platform ?? platform;
    const thinking =
      request.thinkingOn === null || collected
        ? { clear: async () => undefined }
        : await platform.showThinking({
            thread: request.thread,
            messageTs: request.thinkingOn,
            status: deps.texts.thinking(asker.locale),
            appearance: asker.appearance,
          });
    let counted = false;
    try {
      const system = await this.system(request, entitlement.tokenLimit);
      const result = await new StreamAnswer(deps).execute({
        teamId: workspace.teamId,
        platform: writeWith,
        thread: request.thread,
        messages: await request.messages(),
        self: workspace.self,
        system,
        grant: entitlement,
        requesterId: asker.id,
        requesterTeamId: asker.teamId,
        usageKind: request.usageKind,
        locale: asker.locale,
        appearance: asker.appearance,
        thinking,
      });
      counted = result.status === 'answered';
      if (collected && request.delivery) {
        const failure = collected.failure();
        if (result.status === 'answered' && failure === null) await request.delivery.deliver(collected.text());
        else await request.delivery.fail(failure ?? deps.texts.unknownError(asker.locale));
      }
      return result;
    } catch (error) {
      if (error instanceof AnswerRecordingError) {
        // The answer exists; only its bookkeeping failed.
        if (collected && request.delivery) await request.delivery.deliver(collected.text());
      } else if (!request.delivery && isNoPlaceToAnswer(error)) {
        // The error message would be refused too. What was shown before the refusal stays.
        return { status: 'failed', reason: 'no_place_to_answer', ...(error.platformCode === undefined ? {} : { errorCode: error.platformCode }) };
      } else if (isTokenDead(error)) {
        // The app was removed: the error message would meet the same dead token. The job ends
        // where it is, without retries (trigger-job.ts).
      } else {
        await this.sayUnknownError(request, writeWith);
      }
      throw error;
    } finally {
      await thinking.clear();
      if (!counted && entitlement.reservationId !== undefined) await releaseHeld(deps, workspace.teamId, entitlement.reservationId);
    }
  }

  /** The instruction layers, then the trigger's task, then its context within its share of what is left. */
  private async system(request: AnswerRequest, tokenLimit: number): Promise<string> {
    const { workspace, asker } = request;
    const compose = (trigger: TriggerPrompt) =>
      this.deps.composeInstructions.execute({
        teamId: workspace.teamId,
        channelId: request.channelId,
        userId: asker.id,
        appName: asker.appName,
        trigger,
      });
    const withTask = await compose({ task: request.task ?? null });
    if (!request.context) return withTask;
    const left = Math.max(MIN_CONTEXT_TOKENS, tokenLimit - this.deps.tokenizer.countTokens(withTask) - CONVERSATION_RESERVE_TOKENS);
    const context = await request.context.load(Math.floor(left * request.context.share));
    return context ? compose({ task: request.task ?? null, context }) : withTask;
  }

  /** Best effort: the failure that got us here may be Slack itself. */
  private async sayUnknownError(request: AnswerRequest, platform: ChatPlatform): Promise<void> {
    const text = this.deps.texts.unknownError(request.asker.locale);
    try {
      if (request.delivery) await request.delivery.fail(text);
      else await platform.postInThread(request.thread, text, request.asker.appearance);
    } catch {
      // Nothing more can be said in Slack; the job logs the original failure.
    }
  }
}
