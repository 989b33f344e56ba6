import type { Logger } from '../../../adapters/logging/logger';
import { timeAnswers } from '../../../adapters/metrics/answer-timing';
import { countLlmErrors } from '../../../adapters/metrics/llm-error-counting';
import type { TomoMetrics } from '../../../adapters/metrics/prometheus-metrics';
import { createLlmProvider } from '../../../adapters/llm/create-llm-provider';
import type { Database } from '../../../adapters/postgres/database';
import { createPgRepositories } from '../../../adapters/postgres/pg-repositories';
import type { JobHandler } from '../../../adapters/queue/pg-boss-job-queue';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { SystemClock } from '../../../adapters/system/system-clock';
import { UuidIdGenerator } from '../../../adapters/system/uuid-id-generator';
import { TiktokenTokenizer } from '../../../adapters/tokenizer/tiktoken-tokenizer';
import { AnswerQuestion } from '../../../core/assistant/answer-question.use-case';
import type { ChatPlatformFactory } from '../../../core/assistant/chat-platform.port';
import { LlmError } from '../../../core/assistant/llm-error';
import type { LlmProvider } from '../../../core/assistant/llm-provider.port';
import { CheckEntitlement } from '../../../core/entitlement/check-entitlement.use-case';
import { ComposeInstructions } from '../../../core/instructions/compose-instructions.use-case';
import type { JobQueue } from '../../../core/shared/job-queue.port';
import { RecordUsage } from '../../../core/usage/record-usage.use-case';
import { UninstallWorkspace } from '../../../core/workspace/uninstall-workspace.use-case';
import { translate } from '../../shared/messages';
import { secretBoxFromConfig } from '../../shared/secret-box';
import { SLACK_QUEUES } from '../../shared/slack-jobs';
import { assistantTools } from '../assistant-tools';
import type { WorkerConfig } from '../config';
import { answerQuestionJob } from './answer-question.job';
import { slackUninstallJob } from './slack-uninstall.job';

/** The Slack queues' handlers, bound to PostgreSQL, Slack's Web API and the configured LLMs. */
export function slackJobHandlers(
  config: WorkerConfig,
  database: Database,
  queue: JobQueue,
  logger: Logger,
  metrics?: TomoMetrics,
): Record<string, JobHandler> {
  const repositories = createPgRepositories(database.orm, secretBoxFromConfig(config));
  const clock = new SystemClock();
  const ids = new UuidIdGenerator();
  const { installations, subscriptions } = repositories;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  const { working, sourcesLabel, ...tools } = assistantTools(config, database, logger);
  const answer = new AnswerQuestion({
    ...tools,
    installations,
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
    processedEvents: repositories.processedSlackEvents,
    chat: withAnswerTiming(new SlackChatPlatformFactory({ slackApiUrl: config.SLACK_API_URL, clock }), metrics),
    llm: llmFromConfig(config, logger, metrics),
    tokenizer: new TiktokenTokenizer(),
    clock,
    texts: {
      thinking: (locale) => translate('SLACK.THINKING', {}, locale),
      working,
      sourcesLabel,
      unknownError: (locale) => translate('UNKNOWN', {}, locale),
      denial: (error, locale) => translate(error.code, error.params, locale),
    },
    links: { pricingUrl: `${publicUrl}/pricing`, membersUrl: `${publicUrl}/settings/members` },
    iconUrl: (teamId, iconKey) => `${publicUrl}/slack/icons/${encodeURIComponent(teamId)}/${encodeURIComponent(iconKey)}`,
    preferredProvider: config.LLM_PROVIDER,
  });
  return {
    [SLACK_QUEUES.slackAnswer.name]: answerQuestionJob({ answer, logger }),
    [SLACK_QUEUES.slackUninstall.name]: slackUninstallJob({
      uninstall: new UninstallWorkspace({ installations, subscriptions, clock }),
      queue,
      logger,
    }),
  };
}

/** Every configured provider behind the fallback; with none, each answer says an error occurred. */
function llmFromConfig(config: WorkerConfig, logger: Logger, metrics?: TomoMetrics): LlmProvider {
  const openai = config.OPENAI_API_KEY
    ? { apiKey: config.OPENAI_API_KEY, ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}) }
    : undefined;
  const anthropic = config.ANTHROPIC_API_KEY
    ? { apiKey: config.ANTHROPIC_API_KEY, ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}) }
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
    ...(metrics ? { wrap: (provider: LlmProvider) => countLlmErrors(provider, metrics) } : {}),
    ...(openai ? { openai: { ...openai, imageInput: config.OPENAI_IMAGE_INPUT } } : {}),
    ...(anthropic ? { anthropic } : {}),
  });
}

function withAnswerTiming(factory: ChatPlatformFactory, metrics: TomoMetrics | undefined): ChatPlatformFactory {
  return metrics ? timeAnswers(factory, metrics) : factory;
}
