import type { EntitlementGrant } from '../entitlement/entitlement';
import { pluginStates, type PluginId } from '../plugins/plugin';
import type { PluginSettingsRepository } from '../plugins/plugin-settings-repository.port';
import { findSources, linksIn, sinceLastAnswer } from '../readers/find-sources';
import type { ReaderRegistry, ReadSources, UnreadSource } from '../readers/reader-registry';
import type { Clock } from '../shared/clock.port';
import type { TeamId, UserId } from '../shared/ids';
import type { Tokenizer } from '../shared/tokenizer.port';
import type { RecordUsage } from '../usage/record-usage.use-case';
import type { UsageKind } from '../usage/usage-event';
import { NO_RESOURCES, type AskerResources, type ToolSource, type WorkStatus } from '../tools/tool';
import type { OfferedTool, ToolRegistry } from '../tools/tool-registry';
import { LOCALES, type Locale } from '../workspace/user';
import type { AnswerWriter, BotAppearance, ChatPlatform, PostedAnswer, ThinkingIndicator, ThreadMessage, ThreadRef } from './chat-platform.port';
import type { EgressAuditLog } from './egress-audit-log.port';
import { isLlmError, type LlmError } from './llm-error';
import type { LlmProvider, LlmRequest, LlmStreamEvent, LlmUserMessage } from './llm-provider.port';
import { buildThreadContext, displayNamesOf, userIdsInThread, withoutRefusals, type ThreadContext } from './thread-context';
import { DEFAULT_TOOL_LOOP_LIMITS, newToolLoopProgress, runToolLoop, type ToolLoopLimits, type ToolLoopProgress } from './tool-loop';
import { PRIVATE_CONVERSATION, PrivateAnswerGate, privacyOf, withoutIntegrations, type AnswerPrivacy } from './private-answer';
import { UNTRUSTED_RULES } from './untrusted-content';
import { mentionSafeWriter } from './mention-safe-writer';
import { findProvider, type IntegrationProviderId } from '../integrations/integration-provider';
import { SearchAllowance } from '../tools/search-allowance';

export const DEFAULT_MAX_OUTPUT_TOKENS = 4_096;

export interface StreamAnswerDeps {
  readonly llm: LlmProvider;
  readonly tokenizer: Tokenizer;
  readonly recordUsage: Pick<RecordUsage, 'execute' | 'release'>;
  readonly egressAudit: EgressAuditLog;
  readonly clock: Clock;
  readonly texts: {
    unknownError(locale: Locale): string;
    /** What Slack shows while Tomo works ("is searching the web…"); without it the status stays as it is. */
    working?(status: WorkStatus, locale: Locale): string;
    /** Label of the links under an answer that used web pages or search results. Default "Sources". */
    sourcesLabel?(locale: Locale): string;
    /** The note above an answer sent to the asker alone because it used their connections. */
    privateAnswerNote?(services: readonly string[], locale: Locale): string;
    /**
     * The line under an answer the output limit cut (`max_tokens`) or the provider's safety
     * system stopped (`refusal`): without it the words read as a whole answer.
     */
    stopped(reason: 'max_tokens' | 'refusal', locale: Locale): string;
    /** Said instead of an answer when the conversation is more than the model can read at once. */
    tooLong(locale: Locale): string;
    /**
     * Said instead of an answer when the provider refused the request as Tomo sent it (a 400 for
     * a parameter, a key or model it does not take): trying again will not help. Default: the
     * unknown-error message.
     */
    rejected?(locale: Locale): string;
    /** The line under an answer naming the files and links that could not be read, and why; none without it. */
    unreadSources?(unread: readonly UnreadSource[], locale: Locale): string;
  };
  readonly maxOutputTokens?: number;
  /** Tools the model may call (calculator, web browsing, search…); none without it. */
  readonly tools?: ToolRegistry;
  /** Readers of the links and files in the question and thread; none without it. */
  readonly readers?: ReaderRegistry;
  /** The workspace's plugin switches; every plugin is on without it. */
  readonly plugins?: Pick<PluginSettingsRepository, 'list'>;
  /** The asker's integration tokens and knowledge base, for tools and readers that need them. */
  readonly resources?: (teamId: TeamId, userId: UserId) => AskerResources;
  /** Rounds, tokens and time one answer may spend on tools. */
  readonly toolLimits?: Partial<ToolLoopLimits>;
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
  /** With the request it holds against the seat's monthly limit, counted once answered. */
  readonly grant: EntitlementGrant & { readonly reservationId?: string };
  readonly requesterId: UserId;
  /** The requester's own workspace (a Slack Connect partner's differs from `teamId`); default `teamId`. */
  readonly requesterTeamId?: TeamId;
  readonly usageKind: UsageKind;
  readonly locale: Locale;
  readonly appearance: BotAppearance | undefined;
  /** The "is thinking…" sign already shown; tools and readers update it while they work. */
  readonly thinking?: ThinkingIndicator;
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
      /** Tools the model called, in order (names only). */
      readonly toolsCalled?: readonly string[];
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
 * streamed into the thread as they arrive. A stream cut after its first words is asked for
 * again by the fallback (ADR 7), and its words are replaced by the new answer. When the model
 * fails (after the fallback), the thread gets the unknown-error message instead: nothing is
 * retried here.
 */
export class StreamAnswer {
  constructor(private readonly deps: StreamAnswerDeps) {}

  async execute(given: StreamAnswerInput): Promise<StreamAnswerResult> {
    const { deps } = this;
    // An answer the provider's safety system stopped, sent again, gets the rest of the thread
    // refused (thread-context.ts): it and what asked for it, links and files included, are left out.
    const refusalMarks = LOCALES.map((locale) => deps.texts.stopped('refusal', locale));
    const input: StreamAnswerInput = { ...given, messages: withoutRefusals(given.messages, given.self, refusalMarks) };
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
    const showStatus = this.statusShower(input);
    const enabledPlugins = await this.enabledPlugins(input.teamId);
    // Private sources stay private (private-answer.ts): where no private answer is possible, none are offered.
    const privacy = privacyOf(platform, input.thread);
    const askerResources = deps.resources?.(input.teamId, input.requesterId) ?? NO_RESOURCES;
    const resources = privacy === 'public_only' ? withoutIntegrations(askerResources) : askerResources;
    const read = await this.readSources(input, enabledPlugins, resources, privacy, showStatus);
    const canUploadFiles = platform.uploadFiles !== undefined;
    const offer = { plan: grant.plan.name, enabledPlugins, resources, canUploadFiles };
    const tools: OfferedTool[] = (await deps.tools?.offer(offer)) ?? [];
    const reconnect = (await deps.tools?.awaitingReconnect(offer, tools)) ?? [];
    const request = this.firstRequest(grant.model.id, context, read, tools.length > 0, reconnect);

    const target = {
      thread: input.thread,
      recipientUserId: input.requesterId,
      recipientTeamId: input.requesterTeamId ?? input.teamId,
      ...(input.appearance ? { appearance: input.appearance } : {}),
    };
    const progress = newToolLoopProgress();
    const privateTools = new Map(tools.flatMap((t) => (t.integrationToken === undefined ? [] : [[t.tool.name, t.tool.needs!.integration!] as const])));
    const usedServices = () => [
      ...new Set([
        ...(read?.integrations ?? []),
        ...(read?.restricted === true ? [PRIVATE_CONVERSATION] : []),
        ...progress.toolsCalled.flatMap((name) => privateTools.get(name) ?? []),
      ]),
    ];
    const gated = privacy === 'shared' && ((read?.integrations?.length ?? 0) > 0 || read?.restricted === true || privateTools.size > 0);
    const written: AnswerWriter = gated
      ? new PrivateAnswerGate({
          platform,
          target,
          usedServices,
          note: (services) => deps.texts.privateAnswerNote?.(services, input.locale) ?? `Only you can see this answer: it used your ${services.join(', ')}.`,
        })
      : platform.startAnswer(target);
    // Whatever delivers it (a stream, a private answer, a step's output, a summary), the model
    // notifies no channel and no user group: every appended word passes mention-safe-writer.ts.
    const writer = mentionSafeWriter(written);
    const conversation = canUploadFiles
      ? { platform, thread: input.thread, subscriptionId: grant.subscriptionId, ...(input.appearance ? { appearance: input.appearance } : {}) }
      : undefined;
    let done: DoneEvent;
    let restarted = false;
    let imagesRejected = false;
    // Per answer, not per search (spec 9): shared by every search of this answer, in every round.
    const searchAllowance = new SearchAllowance(grant.googleResultsPerAnswer);
    const answer = (first: LlmRequest) =>
      runToolLoop({
        llm: deps.llm,
        request: first,
        tools,
        context: {
          teamId: input.teamId,
          userId: input.requesterId,
          locale: input.locale,
          plan: grant.plan.name,
          searchResults: grant.googleResultsPerAnswer,
          searchAllowance,
          // Read at each tool call: files go into the thread for everyone, so none once a held
          // answer has used the asker's private sources (a picture of their document would leak it).
          get conversation() {
            return gated && usedServices().length > 0 ? undefined : conversation;
          },
          // Read at each tool call too: once private text is in the conversation, an address the
          // model makes up could carry it out (in a DM as well), so only known ones may be opened.
          get openableUrls() {
            return usedServices().length > 0 ? knownUrls(input.messages, progress.sources) : undefined;
          },
        },
        append: (text) => writer.append(text),
        flush: async () => writer.flush?.(),
        // A stream cut after its first words, asked for again: its words are replaced, not followed.
        restart: async (kept) => {
          restarted = true;
          await writer.restart();
          if (kept !== '') await writer.append(kept);
        },
        // Everyone in the thread sees the status: once a held answer has read private sources, a
        // host the model made up ("is reading october-14.example.com…") is not shown.
        showStatus: (status) =>
          showStatus(gated && usedServices().length > 0 ? withoutMadeUpHost(status, knownUrls(input.messages, progress.sources)) : status),
        clock: deps.clock,
        tokenizer: deps.tokenizer,
        limits: { ...DEFAULT_TOOL_LOOP_LIMITS, ...deps.toolLimits },
        progress,
      });
    try {
      try {
        done = await answer(request);
      } catch (error) {
        // The provider could not process an image it was sent: sent again, the same request fails
        // the same way (every later question of the thread re-reads the image), so the answer is
        // asked for once more without the images, which are named under it as not seen.
        const retry = isLlmError(error) && error.code === 'image_rejected' && progress.rounds.length === 0 && progress.answer === '';
        if (!retry || !request.messages.some((m) => m.role === 'user' && (m.images?.length ?? 0) > 0)) throw error;
        imagesRejected = true;
        done = await answer(withoutImages(request));
      }
    } catch (error) {
      if (!isLlmError(error)) {
        // Slack (or the database) failed while the model was answering: the question still left.
        await this.recordEgress(input, progress, read, progress.inFlight);
        throw error;
      }
      // What was already said stays, marked as cut off; the error message follows it.
      await writer.interrupt();
      const attempts = error.attempts.length > 0 ? error.attempts : [error];
      await this.recordEgress(input, progress, read, attempts.map((attempt) => ({ provider: attempt.provider, model: input.grant.model.id })));
      await platform.postInThread(input.thread, this.failureText(error, input.locale), input.appearance);
      return { status: 'failed', reason: 'llm_unavailable', errorCode: error.code };
    }
    let posted: PostedAnswer;
    try {
      // Words cut by the output limit or stopped by a safety filter would read as a whole answer.
      const stopped = done.stopReason === 'max_tokens' || done.stopReason === 'refusal' ? this.deps.texts.stopped(done.stopReason, input.locale) : '';
      if (stopped !== '') await writer.append(progress.answer.trim() === '' ? stopped : `\n\n${stopped}`);
      else if (progress.answer.trim() === '') {
        // The model was asked and answered nothing: no usage is counted, but the question left.
        await this.recordEgress(input, progress, read, progress.inFlight);
        // A restarted answer that came back empty: the cut one is still shown.
        if (restarted) await writer.interrupt();
        await platform.postInThread(input.thread, deps.texts.unknownError(input.locale), input.appearance);
        return { status: 'failed', reason: 'empty_answer' };
      }
      const footer = citationFooter(progress.answer, progress.sources, deps.texts.sourcesLabel?.(input.locale));
      if (footer !== '') await writer.append(footer);
      // The person learns what was not read from the catalogue, whatever the model said of it; what
      // an earlier answer in the thread already said it could not read is not said again.
      const recent = sinceLastAnswer(input.messages, input.self);
      const unseen = imagesRejected
        ? (read?.unseenImages ?? []).map((source) => ({ ...source, reason: 'image_rejected' as const }))
        : done.imagesUnseen === true
          ? read?.unseenImages ?? []
          : [];
      const unread = [...(read?.unread ?? []), ...unseen].filter((source) => recent.has(source.messageTs));
      if (unread.length > 0 && deps.texts.unreadSources) await writer.append(`\n\n${deps.texts.unreadSources(unread, input.locale)}`);
      posted = await writer.finish();
    } catch (error) {
      // The model answered but Slack refused (or failed) the rest of the answer.
      await this.recordEgress(input, progress, read, progress.inFlight);
      throw error;
    }

    const { inputTokens, outputTokens } = this.tokensOf(progress);
    try {
      await deps.recordUsage.execute({
        teamId: input.teamId,
        memberId: input.requesterId,
        subscriptionId: grant.subscriptionId,
        kind: input.usageKind,
        askedAt: grant.allowedAt,
        ...(grant.reservationId === undefined ? {} : { reservationId: grant.reservationId }),
      });
      await deps.egressAudit.record(input.teamId, {
        teamId: input.teamId,
        memberId: input.requesterId,
        provider: done.provider,
        model: done.model,
        inputTokens,
        outputTokens,
        ...egressSources(input.system, read, progress),
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
      ...(progress.toolsCalled.length > 0 ? { toolsCalled: [...progress.toolsCalled] } : {}),
    };
  }

  /**
   * What the person reads when the model failed: "too long" is theirs to fix; a prompt the
   * provider's safety filter refused gets the safety line (so the thread's next questions leave it
   * out, `withoutRefusals`); a request turned down as Tomo is set up (also when every provider
   * asked would not serve Tomo's account: a revoked key, a model it does not have, no balance left)
   * says asking again will not help; the rest is the unknown error's "try again later".
   */
  private failureText(error: LlmError, locale: Locale): string {
    if (error.code === 'too_long') return this.deps.texts.tooLong(locale);
    if (error.code === 'content_filtered') return this.deps.texts.stopped('refusal', locale);
    const causes = error.code === 'unavailable' && error.attempts.length > 0 ? error.attempts : [error];
    const setUp = causes.every((cause) => cause.code === 'rejected' || cause.code === 'image_rejected' || cause.code === 'misconfigured');
    return (setUp ? this.deps.texts.rejected?.(locale) : undefined) ?? this.deps.texts.unknownError(locale);
  }

  /** Links and files of the question and thread, read before the model is asked. */
  private async readSources(
    input: StreamAnswerInput,
    enabledPlugins: ReadonlySet<PluginId>,
    resources: AskerResources,
    privacy: AnswerPrivacy,
    showStatus: (status: WorkStatus) => Promise<void>,
  ): Promise<ReadSources | undefined> {
    if (this.deps.readers === undefined) return undefined;
    const sources = findSources(input.messages, input.self);
    if (sources.length === 0) return undefined;
    return this.deps.readers.read({
      sources,
      limits: input.grant.plan.readers,
      enabledPlugins,
      resources,
      context: {
        teamId: input.teamId,
        userId: input.requesterId,
        locale: input.locale,
        platform: input.platform,
        channelId: input.thread.channelId,
        privateAllowed: privacy !== 'public_only',
      },
      showStatus,
      tokenizer: this.deps.tokenizer,
    });
  }

  /** The thread as turns; what the readers found follows the question in the same turn, fenced. */
  private firstRequest(model: string, context: ThreadContext, read: ReadSources | undefined, withTools: boolean, reconnect: readonly IntegrationProviderId[]) {
    const messages = [...context.messages];
    const last = messages.at(-1);
    const hasSources = read !== undefined && (read.text !== '' || read.images.length > 0);
    if (hasSources && last?.role === 'user') {
      const withSources: LlmUserMessage = {
        role: 'user',
        content: read.text === '' ? last.content : `${last.content}\n\n${read.text}`,
        ...(read.images.length > 0 ? { images: [...(last.images ?? []), ...read.images] } : {}),
      };
      messages[messages.length - 1] = withSources;
    }
    const rules = hasSources || withTools ? UNTRUSTED_RULES : '';
    const system = [context.system, rules, ...reconnect.map(reconnectRule)].filter((part) => part !== '').join('\n\n');
    return {
      model,
      system,
      messages,
      maxOutputTokens: this.deps.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    };
  }

  private async enabledPlugins(teamId: TeamId): Promise<ReadonlySet<PluginId>> {
    const saved = this.deps.plugins === undefined ? [] : await this.deps.plugins.list(teamId);
    return new Set(pluginStates(saved).filter((state) => state.enabled).map((state) => state.pluginId));
  }

  /** Status updates in the asker's language; cosmetic, so failures never stop the answer. */
  private statusShower(input: StreamAnswerInput): (status: WorkStatus) => Promise<void> {
    const { thinking } = input;
    const working = this.deps.texts.working;
    let shown = 'thinking';
    return async (status) => {
      const key = JSON.stringify(status);
      if (thinking?.update === undefined || working === undefined || key === shown) return;
      shown = key;
      await thinking.update(working(status, input.locale));
    };
  }

  /** Tokens over every request of the answer: as reported, estimated where a provider reported none. */
  private tokensOf(progress: ToolLoopProgress) {
    return {
      inputTokens: progress.rounds.reduce((sum, done) => sum + (done.usage?.inputTokens ?? 0), 0) + progress.estimatedInputTokens,
      outputTokens: progress.rounds.reduce((sum, done) => sum + (done.usage?.outputTokens ?? 0), 0) + progress.estimatedOutputTokens,
    };
  }

  /**
   * The question left the workspace for every provider that took it, whether or not an answer
   * was shown (Slack refused or failed the post, the model said nothing, the model failed):
   * finished rounds as one record with their tokens, then each provider `unanswered` names (a
   * round cut short, a failed attempt) without token counts. Docs/slack.md: every provider asked
   * gets an egress record.
   */
  private async recordEgress(
    input: StreamAnswerInput,
    progress: ToolLoopProgress,
    read: ReadSources | undefined,
    unanswered: readonly { readonly provider: string; readonly model: string }[],
  ): Promise<void> {
    const base = { teamId: input.teamId, memberId: input.requesterId, ...egressSources(input.system, read, progress) };
    const answered = progress.rounds.at(-1);
    if (answered !== undefined) {
      await this.deps.egressAudit.record(input.teamId, {
        ...base,
        provider: answered.provider,
        model: answered.model,
        ...this.tokensOf(progress),
        occurredAt: this.deps.clock.now(),
      });
    }
    for (const asked of unanswered) {
      await this.deps.egressAudit.record(input.teamId, {
        ...base,
        provider: asked.provider,
        model: asked.model,
        inputTokens: null,
        outputTokens: null,
        occurredAt: this.deps.clock.now(),
      });
    }
  }
}

/** The request with its images left out, each said to the model in a line of its turn. */
function withoutImages(request: LlmRequest): LlmRequest {
  return {
    ...request,
    messages: request.messages.map((message) => {
      if (message.role !== 'user' || (message.images?.length ?? 0) === 0) return message;
      const notes = message.images!.map((image) => `(Image ${image.name === undefined ? '' : `${image.name} `}left out: the AI provider could not process it.)`);
      return { role: 'user', content: [message.content, ...notes].join('\n') };
    }),
  };
}

/** What went to the provider, as names and counts: source kinds, how many of each, the tools called. */
function egressSources(system: string, read: ReadSources | undefined, progress: ToolLoopProgress) {
  const counts: Record<string, number> = { ...read?.counts };
  for (const source of progress.sources) counts[source.kind] = (counts[source.kind] ?? 0) + 1;
  const sourceKinds = [...(system === '' ? ['thread'] : ['thread', 'instructions']), ...Object.keys(counts)];
  return {
    sourceKinds,
    ...(Object.keys(counts).length > 0 ? { sourceCounts: counts } : {}),
    ...(progress.toolsCalled.length > 0 ? { toolsCalled: [...progress.toolsCalled] } : {}),
  };
}

/** Web addresses the conversation already holds: links in its messages, pages and results tools used. */
function knownUrls(messages: readonly ThreadMessage[], sources: readonly ToolSource[]): ReadonlySet<string> {
  const urls = [...messages.flatMap((message) => linksIn(message.text)), ...sources.map((source) => source.url)];
  return new Set(urls.filter((url) => URL.canParse(url)).map((url) => new URL(url).href));
}

/** A "reading <host>" status for a host not among the known addresses' becomes the plain "thinking". */
function withoutMadeUpHost(status: WorkStatus, known: ReadonlySet<string>): WorkStatus {
  if (status.code !== 'reading_page') return status;
  const hosts = new Set([...known].map((url) => new URL(url).hostname));
  return hosts.has(status.host) ? status : { code: 'thinking' };
}

/**
 * Pages and results the tools used, as Markdown links under the answer, when the model cited
 * none of them itself (answers are posted as Markdown, which Slack shows as links).
 */
export function citationFooter(answer: string, sources: readonly ToolSource[], label = 'Sources'): string {
  const byUrl = new Map<string, ToolSource>();
  for (const source of sources) if (!byUrl.has(source.url)) byUrl.set(source.url, source);
  const unique = [...byUrl.values()];
  if (unique.length === 0 || unique.some((source) => answer.includes(source.url))) return '';
  const links = unique.slice(0, 5).map((source) => `[${source.title.replace(/[[\]]/g, '').trim() || source.url}](${source.url.replace(/\)/g, '%29')})`);
  return `\n\n${label}: ${links.join(' · ')}`;
}

/** A service whose tools were left out because the asker's connection to it stopped working. */
function reconnectRule(provider: IntegrationProviderId): string {
  const title = findProvider(provider)?.title ?? provider;
  return (
    `The person connected ${title}, but ${title} no longer accepts that connection (revoked or expired there), so its tools are not available now. ` +
    `If they ask for something from ${title}, tell them to reconnect ${title} on Tomo's Integrations page, then ask again.`
  );
}
