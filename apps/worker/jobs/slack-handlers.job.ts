import { DemoLlmProvider } from '../../../adapters/llm/demo/demo-llm-provider';
import type { Logger } from '../../../adapters/logging/logger';
import { timeAnswers } from '../../../adapters/metrics/answer-timing';
import { countLlmErrors } from '../../../adapters/metrics/llm-error-counting';
import type { TomoMetrics } from '../../../adapters/metrics/prometheus-metrics';
import { createLlmProvider } from '../../../adapters/llm/create-llm-provider';
import type { Database } from '../../../adapters/postgres/database';
import { coalescedReads } from '../../../adapters/postgres/coalesced-reads';
import { createPgRepositories } from '../../../adapters/postgres/pg-repositories';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import { PgBossJobAttempt } from '../../../adapters/queue/pg-boss-job-attempt';
import { SlackChatWorkspaceFactory } from '../../../adapters/slack/slack-chat-workspace';
import { SlackEventAuthorizations } from '../../../adapters/slack/slack-event-authorizations';
import { SlackProfileLookups } from '../../../adapters/slack/slack-profile-lookups';
import { SlackRateLimiter } from '../../../adapters/slack/slack-rate-limiter';
import { SlackStreamLoad } from '../../../adapters/slack/slack-stream-load';
import { SystemClock } from '../../../adapters/system/system-clock';
import { UuidIdGenerator } from '../../../adapters/system/uuid-id-generator';
import { TiktokenTokenizer } from '../../../adapters/tokenizer/tiktoken-tokenizer';
import type { TriggerDeps } from '../../../core/assistant/answer-pipeline';
import { AnswerQuestion } from '../../../core/assistant/answer-question.use-case';
import { HandleAssistantThread } from '../../../core/assistant/assistant-thread.use-case';
import { LlmError } from '../../../core/assistant/llm-error';
import type { LlmProvider } from '../../../core/assistant/llm-provider.port';
import { GreetChannel } from '../../../core/customization/greet-channel.use-case';
import { CheckEntitlement } from '../../../core/entitlement/check-entitlement.use-case';
import { PublishHome } from '../../../core/home/publish-home.use-case';
import { ComposeInstructions } from '../../../core/instructions/compose-instructions.use-case';
import { AnswerReaction } from '../../../core/reactions/answer-reaction.use-case';
import { SummarizeChannel } from '../../../core/schedules/summarize-channel.use-case';
import { TakeDueSummaries } from '../../../core/schedules/take-due-summaries.use-case';
import { TurnOffGoneOwnersSummaries } from '../../../core/schedules/turn-off-gone-owners-summaries.use-case';
import type { JobQueue } from '../../../core/shared/job-queue.port';
import { AnswerWorkflowStep } from '../../../core/triggers/answer-workflow-step.use-case';
import { RecordUsage } from '../../../core/usage/record-usage.use-case';
import { ReleaseMemberWhoLeft } from '../../../core/workspace/member-left.use-case';
import { UninstallWorkspace } from '../../../core/workspace/uninstall-workspace.use-case';
import { slackAnswerTexts, slackText } from '../../shared/messages/slack';
import { secretBoxFromConfig } from '../../shared/secret-box';
import {
  answerInputFromJob,
  parseJob,
  reactionJob,
  SLACK_QUEUES,
  slackEventJob,
  greetingJob,
  pdfJob,
  summaryJob,
  summaryJobs,
  workflowJob,
} from '../../shared/slack-jobs';
import { assistantTools, type WorkerServices } from '../assistant-tools';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { imageStudioFromConfig } from '../image-studio';
import { DirectImageRequest } from '../../../core/images/draw-images.use-case';
import { SaveAsPdf } from '../../../core/creations/save-as-pdf.use-case';
import { PdfkitRenderer } from '../../../adapters/pdf/pdfkit-renderer';
import { translate } from '../../shared/messages';
import type { WorkerConfig } from '../config';
import { homeRenderer } from '../home/home-sections';
import { slackUninstallJob } from './slack-uninstall.job';
import { triggerJob } from './trigger-job';

/** The Slack queues' handlers, bound to PostgreSQL, Slack's Web API and the configured LLMs. */
export function slackJobHandlers(
  config: WorkerConfig,
  database: Database,
  queue: JobQueue,
  logger: Logger,
  services: WorkerServices,
  metrics?: TomoMetrics,
): Record<string, JobHandler> {
  const secrets = secretBoxFromConfig(config);
  const repositories = answerRepositories(createPgRepositories(database.orm, secrets));
  const knowledge = new PgKnowledgeSourceRepository(nativePool(database.orm), secrets);
  const clock = new SystemClock();
  const ids = new UuidIdGenerator();
  const { installations, subscriptions } = repositories;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  const studio = imageStudioFromConfig(config, repositories, clock, ids);
  const { working, sourcesLabel, unreadSources, privateAnswerNote, ...tools } = assistantTools(config, database, logger, services, studio);
  // One limiter for every Slack client of this worker: Slack counts per workspace and method.
  const chat = new SlackChatWorkspaceFactory({
    slackApiUrl: config.SLACK_API_URL,
    clock,
    rateLimiter: new SlackRateLimiter(),
    profileLookups: new SlackProfileLookups(),
    streamLoad: new SlackStreamLoad({ busyAnswers: config.SLACK_STREAM_BUSY_ANSWERS }),
  });
  const deps: TriggerDeps = {
    ...tools,
    installations,
    processedEvents: repositories.processedSlackEvents,
    chat: metrics ? timeAnswers(chat, metrics) : chat,
    clock,
    customizations: repositories.appCustomizations,
    checkEntitlement: new CheckEntitlement({
      installations,
      subscriptions,
      seats: repositories.seatAssignments,
      usage: repositories.usageEvents,
      clock,
    }),
    composeInstructions: new ComposeInstructions({ instructions: repositories.instructions }),
    recordUsage: new RecordUsage({ usage: repositories.usageEvents, clock, ids }),
    egressAudit: repositories.egressAudit,
    llm: llmFromConfig(config, logger, metrics),
    tokenizer: new TiktokenTokenizer(),
    texts: { ...slackAnswerTexts, working, sourcesLabel, unreadSources, privateAnswerNote },
    links: { en: siteLinks(publicUrl), ja: siteLinks(`${publicUrl}/ja`) },
    iconUrl: (teamId, iconKey) => `${publicUrl}/slack/icons/${encodeURIComponent(teamId)}/${encodeURIComponent(iconKey)}`,
    ...(config.LLM_PROVIDER === 'demo' ? {} : { preferredProvider: config.LLM_PROVIDER }),
  };
  const answer = new AnswerQuestion({
    ...deps,
    autoReplies: repositories.autoReplySettings,
    autoReplyCounter: repositories.autoReplyCounter,
    assistantThreads: repositories.assistantThreads,
    directImages: new DirectImageRequest({
      ...deps,
      studio,
      texts: {
        denial: slackAnswerTexts.denial,
        drawing: (count, locale) => translate('SLACK.STATUS.DRAWING_IMAGES', { count }, locale),
      },
    }),
  });
  const reaction = new AnswerReaction({ ...deps, reactions: repositories.reactionSettings });
  const workflow = new AnswerWorkflowStep({ ...deps, stash: repositories.triggerInputs, attempts: new PgBossJobAttempt() });
  const summarize = new SummarizeChannel({ ...deps, schedules: repositories.scheduleSettings });
  const dueSummaries = new TakeDueSummaries({ schedules: repositories.scheduleSettings, clock });
  const greet = new GreetChannel(deps);
  const home = new PublishHome({
    ...deps,
    subscriptions,
    seats: repositories.seatAssignments,
    usage: repositories.usageEvents,
    knowledge,
    renderHome: homeRenderer(publicUrl),
    homeHashes: repositories.homeViewHashes,
  });
  const saveAsPdf = new SaveAsPdf({
    ...deps,
    renderer: new PdfkitRenderer(),
    pdfTexts: { say: (code, params, locale) => slackText(code, params, locale) },
  });
  const assistantThread = new HandleAssistantThread({ ...deps, assistantThreads: repositories.assistantThreads });
  const memberLeft = new ReleaseMemberWhoLeft({
    connections: services.integrations.connections,
    seats: repositories.seatAssignments,
    sessions: repositories.sessions,
    summaries: new TurnOffGoneOwnersSummaries({ ...deps, schedules: repositories.scheduleSettings }),
    installations,
    eventInstallations: new SlackEventAuthorizations({ appToken: config.SLACK_APP_TOKEN, slackApiUrl: config.SLACK_API_URL, logger }),
  });

  return {
    [SLACK_QUEUES.slackAnswer.name]: triggerJob({
      name: 'answer',
      logger,
      parse: answerInputFromJob,
      run: (input) => answer.execute(input),
      ids: (input) => ({ eventId: input.eventId, teamId: input.teamId, channelId: input.channelId, kind: input.kind }),
    }),
    [SLACK_QUEUES.slackReaction.name]: triggerJob({
      name: 'reaction',
      logger,
      parse: (payload) => parseJob(reactionJob, payload),
      run: (input) => reaction.execute(input),
      ids: (input) => ({ eventId: input.eventId, teamId: input.teamId, channelId: input.channelId }),
    }),
    [SLACK_QUEUES.slackWorkflow.name]: triggerJob({
      name: 'workflow',
      logger,
      parse: (payload) => parseJob(workflowJob, payload),
      run: (input) => workflow.execute(input),
      ids: (input) => ({ eventId: input.eventId, teamId: input.teamId, functionExecutionId: input.functionExecutionId }),
    }),
    [SLACK_QUEUES.slackSummary.name]: triggerJob({
      name: 'summary',
      logger,
      parse: (payload) => parseJob(summaryJob, payload),
      run: (input) => summarize.execute({ ...input, runAt: new Date(input.runAt) }),
      ids: (input) => ({ teamId: input.teamId, channelId: input.channelId, day: input.day }),
    }),
    [SLACK_QUEUES.schedulesDue.name]: triggerJob({
      name: 'schedules-due',
      logger,
      parse: () => ({}),
      run: () => dueSummaries.execute((runs) => queue.sendMany(SLACK_QUEUES.slackSummary.name, summaryJobs(runs))),
      ids: () => ({}),
    }),
    [SLACK_QUEUES.slackGreeting.name]: triggerJob({
      name: 'greeting',
      logger,
      parse: (payload) => parseJob(greetingJob, payload),
      run: (input) => greet.execute(input),
      ids: (input) => ({ eventId: input.eventId, teamId: input.teamId, channelId: input.channelId }),
    }),
    [SLACK_QUEUES.slackEvent.name]: triggerJob({
      name: 'event',
      logger,
      parse: (payload) => parseJob(slackEventJob, payload),
      run: (input) => {
        switch (input.kind) {
          case 'greeting':
            return greet.execute(input);
          case 'home':
            return home.execute(input);
          case 'member_left':
            return memberLeft.execute(input);
          default:
            return assistantThread.execute({
              ...input,
              kind: input.kind === 'assistant_started' ? 'started' : 'context_changed',
              at: new Date(input.at),
            });
        }
      },
      ids: (input) => ({ eventId: input.eventId, teamId: input.teamId, kind: input.kind }),
    }),
    [SLACK_QUEUES.slackPdf.name]: triggerJob({
      name: 'save-as-pdf',
      logger,
      parse: (payload) => parseJob(pdfJob, payload),
      run: (input) => saveAsPdf.execute(input),
      ids: (input) => ({ eventId: input.eventId, teamId: input.teamId, channelId: input.channelId, destination: input.destination }),
    }),
    [SLACK_QUEUES.slackUninstall.name]: slackUninstallJob({
      uninstall: new UninstallWorkspace({ installations, subscriptions, clock }),
      queue,
      logger,
      forgetKnowledge: (teamId) => knowledge.removeTeam(teamId),
      forgetIntegrations: (teamId) => services.integrations.connections.revokeAllForTeam(teamId),
      userTokensRevoked: (teamId, userIds) => services.integrations.connections.revokedByProvider(teamId, userIds, 'slack'),
    }),
  };
}

/** Every configured provider behind the fallback; with none, each answer says an error occurred. */
function llmFromConfig(config: WorkerConfig, logger: Logger, metrics?: TomoMetrics): LlmProvider {
  if (config.LLM_PROVIDER === 'demo') {
    logger.warn('LLM_PROVIDER=demo: answers are an offline report of what Tomo received, labelled as such, not a model');
    return metrics ? countLlmErrors(new DemoLlmProvider(), metrics) : new DemoLlmProvider();
  }
  const openai = config.OPENAI_API_KEY
    ? {
        apiKey: config.OPENAI_API_KEY,
        ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
        ...(config.OPENAI_MODEL ? { model: config.OPENAI_MODEL } : {}),
        maxTokensParameter: config.OPENAI_MAX_TOKENS_PARAMETER,
      }
    : undefined;
  const anthropic = config.ANTHROPIC_API_KEY
    ? { apiKey: config.ANTHROPIC_API_KEY, ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}), ...(config.ANTHROPIC_MODEL ? { model: config.ANTHROPIC_MODEL } : {}) }
    : undefined;
  if (!openai && !anthropic) {
    logger.warn('No LLM configured (OPENAI_API_KEY or ANTHROPIC_API_KEY): answers will report an error');
    return {
      name: 'none',
      // eslint-disable-next-line require-yield
      async *stream() {
        throw new LlmError('rejected', { provider: 'none' });
      },
    };
  }
  return createLlmProvider({
    defaultProvider: config.LLM_PROVIDER,
    retryAfterMaxMs: config.LLM_RETRY_AFTER_MAX_MS,
    ...(metrics ? { wrap: (provider: LlmProvider) => countLlmErrors(provider, metrics) } : {}),
    ...(openai ? { openai: { ...openai, imageInput: config.OPENAI_IMAGE_INPUT } } : {}),
    ...(anthropic ? { anthropic } : {}),
  });
}

/**
 * Every answer reads its workspace's installation, plan, seats, instructions and look, and its
 * asker's requests this month, before the model is asked: a burst of questions in one
 * workspace shares those reads while they are in flight (ADR 34) instead of queueing hundreds
 * of identical queries for the pool. (A request is counted when its answer ends, so a count
 * shared with a question asked at the same moment is as current as one read alone.)
 */
function answerRepositories(repositories: ReturnType<typeof createPgRepositories>): ReturnType<typeof createPgRepositories> {
  return {
    ...repositories,
    installations: coalescedReads(repositories.installations, ['find']),
    subscriptions: coalescedReads(repositories.subscriptions, ['listByTeam']),
    seatAssignments: coalescedReads(repositories.seatAssignments, ['listByTeam', 'listByMember']),
    instructions: coalescedReads(repositories.instructions, ['find']),
    appCustomizations: coalescedReads(repositories.appCustomizations, ['find']),
    usageEvents: coalescedReads(repositories.usageEvents, ['countForSeat']),
  };
}

/** The pages a refusal points to, under `site` (the site's root in one language: '' for en, '/ja'). */
function siteLinks(site: string) {
  return { pricingUrl: `${site}/pricing`, membersUrl: `${site}/settings/members`, subscriptionUrl: `${site}/settings/subscription` };
}
