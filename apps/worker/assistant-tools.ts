import type { Logger } from '../../adapters/logging/logger';
import { DocumentFileContents } from '../../adapters/documents/file-contents';
import { GuardedHttpClient } from '../../adapters/http/guarded-http-client';
import { coalescedReads } from '../../adapters/postgres/coalesced-reads';
import { PgPluginSettingsRepository } from '../../adapters/postgres/pg-plugin-settings-repository';
import type { Database } from '../../adapters/postgres/database';
import { createWebSearch } from '../../adapters/search/create-web-search';
import { browseTool } from '../../adapters/tools/browse.tool';
import { CalculatorEngine } from '../../adapters/tools/calculator-engine';
import { calculatorTool } from '../../adapters/tools/calculator.tool';
import { webSearchTool } from '../../adapters/tools/web-search.tool';
import { ReadableWebFetcher } from '../../adapters/web/readable-web-fetcher';
import { YouTubeTranscripts } from '../../adapters/youtube/youtube-transcripts';
import type { StreamAnswerDeps } from '../../core/assistant/answer-stream.use-case';
import { PRIVATE_CONVERSATION } from '../../core/assistant/private-answer';
import { ReaderRegistry, type UnreadSource } from '../../core/readers/reader-registry';
import { slackFileReader } from '../../core/readers/slack-file.reader';
import { slackMessageReader } from '../../core/readers/slack-message.reader';
import { webPageReader } from '../../core/readers/web-page.reader';
import { youTubeReader } from '../../core/readers/youtube.reader';
import { generateImageTool } from '../../core/images/generate-image.tool';
import type { ImageStudio } from '../../core/images/image-studio';
import type { Tool, WorkStatus } from '../../core/tools/tool';
import { ToolRegistry } from '../../core/tools/tool-registry';
import { formatList } from '../../core/shared/list-format';
import type { Locale } from '../../core/workspace/user';
import { translate } from '../shared/messages';
import type { WorkerConfig } from './config';
import type { IntegrationTools } from './integration-tools';
import { findProvider } from '../../core/integrations/integration-provider';
import { knowledgeResources, type KnowledgeServices } from './knowledge';

type AssistantTools = Pick<StreamAnswerDeps, 'tools' | 'readers' | 'plugins' | 'resources'> & {
  working: (status: WorkStatus, locale: Locale) => string;
  sourcesLabel: (locale: Locale) => string;
  unreadSources: (unread: readonly UnreadSource[], locale: Locale) => string;
  privateAnswerNote: (services: readonly string[], locale: Locale) => string;
};

/** The worker's knowledge and integration services, built once by its composition root (container.ts). */
export interface WorkerServices {
  knowledge: KnowledgeServices;
  integrations: IntegrationTools;
}

/**
 * The tools the model may call and the readers that run before it is asked. Adding one is a
 * module plus a line here: specific readers go before the generic web page reader.
 */
export function assistantTools(config: WorkerConfig, database: Database, logger: Logger, services: WorkerServices, studio?: ImageStudio): AssistantTools {
  guardAgainstTracing(logger);
  const fetcher = new ReadableWebFetcher(new GuardedHttpClient({ allowPrivateHosts: config.FETCH_ALLOW_PRIVATE_HOSTS }));
  if (config.FETCH_ALLOW_PRIVATE_HOSTS.length > 0) {
    logger.warn({ hosts: config.FETCH_ALLOW_PRIVATE_HOSTS }, 'FETCH_ALLOW_PRIVATE_HOSTS lets web fetches reach these private addresses');
  }
  const search = createWebSearch({ ...config, SEARCH_PROVIDER: config.SEARCH_PROVIDER === 'none' ? undefined : config.SEARCH_PROVIDER });
  const { knowledge, integrations } = services;
  const tools: Tool[] = [calculatorTool(new CalculatorEngine()), browseTool(fetcher), ...(search ? [webSearchTool(search)] : []), ...knowledge.tools];
  // Offered only with an image-capable provider: without one the model never hears of it.
  if (studio?.available) tools.push(generateImageTool(studio));
  // Integrations (issue 14): tools per connected provider, Google file readers, the asker's tokens.
  tools.push(...integrations.tools);
  return {
    tools: new ToolRegistry(tools),
    readers: new ReaderRegistry([
      slackMessageReader(),
      youTubeReader(new YouTubeTranscripts({ baseUrl: config.YOUTUBE_URL })),
      slackFileReader(new DocumentFileContents()),
      ...integrations.readers,
      webPageReader(fetcher),
    ]),
    // Every answer reads its workspace's plugin switches: a burst in one workspace shares the read (ADR 34).
    plugins: coalescedReads(new PgPluginSettingsRepository(database.orm), ['list']),
    // The workspace's knowledge base, and the asker's own integration tokens.
    resources: ((knowledgeOf) => (teamId: string, userId: string) => integrations.resources(teamId, userId, knowledgeOf(teamId)))(
      knowledgeResources(knowledge),
    ),
    working: (status, locale) => translate(STATUS_CODES[status.code], status as unknown as Record<string, string>, locale),
    sourcesLabel: (locale) => translate('SLACK.SOURCES', {}, locale),
    // Names as code spans (the answer is markdown_text): a file name's `_` or `*` is no formatting.
    // A file Slack lists without its name (deleted, hidden) is "a file" in the asker's words.
    unreadSources: (unread, locale) =>
      translate(
        'SLACK.UNREAD_SOURCES',
        {
          sources: unread
            .map((source) => {
              const name = source.name === '' ? translate('SLACK.UNREAD_FILE', {}, locale) : `\`${source.name.replace(/[`\n]/g, ' ')}\``;
              return `${name} (${translate(`SLACK.UNREAD.${source.reason}`, {}, locale)})`;
            })
            .join(' · '),
        },
        locale,
      ),
    privateAnswerNote: (services, locale) => {
      const connections = services.filter((id) => id !== PRIVATE_CONVERSATION);
      return connections.length === 0
        ? translate('SLACK.PRIVATE_ANSWER_CONVERSATION', {}, locale)
        : translate('SLACK.PRIVATE_ANSWER', { services: formatList(connections.map((id) => findProvider(id)?.title ?? id), locale) }, locale);
    },
  };
}

const STATUS_CODES: Record<WorkStatus['code'], string> = {
  thinking: 'SLACK.THINKING',
  calculating: 'SLACK.STATUS.CALCULATING',
  searching_web: 'SLACK.STATUS.SEARCHING_WEB',
  searching_knowledge: 'SLACK.STATUS.SEARCHING_KNOWLEDGE',
  reading_page: 'SLACK.STATUS.READING_PAGE',
  reading_video: 'SLACK.STATUS.READING_VIDEO',
  reading_file: 'SLACK.STATUS.READING_FILE',
  reading_message: 'SLACK.STATUS.READING_MESSAGE',
  drawing_images: 'SLACK.STATUS.DRAWING_IMAGES',
  using_service: 'SLACK.STATUS.USING_SERVICE',
};

/**
 * LangChain sends tool arguments and results to LangSmith when its tracing variables are
 * set; prompts and fetched content must not leave that way (HIPAA statement), so tracing is
 * switched off in the worker whatever the environment says.
 */
function guardAgainstTracing(logger: Logger): void {
  for (const name of ['LANGSMITH_TRACING', 'LANGCHAIN_TRACING_V2', 'LANGCHAIN_TRACING', 'LANGSMITH_TRACING_V2']) {
    if (process.env[name] !== undefined && process.env[name] !== 'false') {
      logger.warn({ variable: name }, 'LangChain tracing is not allowed: it would send tool arguments and results to LangSmith; turned off');
    }
    process.env[name] = 'false';
  }
}
