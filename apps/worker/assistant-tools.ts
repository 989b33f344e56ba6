import type { Logger } from '../../adapters/logging/logger';
import { DocumentFileContents } from '../../adapters/documents/file-contents';
import { GuardedHttpClient } from '../../adapters/http/guarded-http-client';
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
import { ReaderRegistry } from '../../core/readers/reader-registry';
import { slackFileReader } from '../../core/readers/slack-file.reader';
import { slackMessageReader } from '../../core/readers/slack-message.reader';
import { webPageReader } from '../../core/readers/web-page.reader';
import { youTubeReader } from '../../core/readers/youtube.reader';
import type { Tool, WorkStatus } from '../../core/tools/tool';
import { ToolRegistry } from '../../core/tools/tool-registry';
import type { Locale } from '../../core/workspace/user';
import { translate } from '../shared/messages';
import type { WorkerConfig } from './config';

type AssistantTools = Pick<StreamAnswerDeps, 'tools' | 'readers' | 'plugins'> & {
  working: (status: WorkStatus, locale: Locale) => string;
  sourcesLabel: (locale: Locale) => string;
};

/**
 * The tools the model may call and the readers that run before it is asked. Adding one is a
 * module plus a line here: specific readers go before the generic web page reader.
 */
export function assistantTools(config: WorkerConfig, database: Database, logger: Logger): AssistantTools {
  guardAgainstTracing(logger);
  const fetcher = new ReadableWebFetcher(new GuardedHttpClient({ allowPrivateHosts: config.FETCH_ALLOW_PRIVATE_HOSTS }));
  if (config.FETCH_ALLOW_PRIVATE_HOSTS.length > 0) {
    logger.warn({ hosts: config.FETCH_ALLOW_PRIVATE_HOSTS }, 'FETCH_ALLOW_PRIVATE_HOSTS lets web fetches reach these private addresses');
  }
  const search = createWebSearch({ ...config, SEARCH_PROVIDER: config.SEARCH_PROVIDER === 'none' ? undefined : config.SEARCH_PROVIDER });
  const tools: Tool[] = [calculatorTool(new CalculatorEngine()), browseTool(fetcher), ...(search ? [webSearchTool(search)] : [])];
  return {
    tools: new ToolRegistry(tools),
    readers: new ReaderRegistry([
      slackMessageReader(),
      youTubeReader(new YouTubeTranscripts({ baseUrl: config.YOUTUBE_URL })),
      slackFileReader(new DocumentFileContents()),
      webPageReader(fetcher),
    ]),
    plugins: new PgPluginSettingsRepository(database.orm),
    working: (status, locale) => translate(STATUS_CODES[status.code], status as unknown as Record<string, string>, locale),
    sourcesLabel: (locale) => translate('SLACK.SOURCES', {}, locale),
  };
}

const STATUS_CODES: Record<WorkStatus['code'], string> = {
  thinking: 'SLACK.THINKING',
  calculating: 'SLACK.STATUS.CALCULATING',
  searching_web: 'SLACK.STATUS.SEARCHING_WEB',
  reading_page: 'SLACK.STATUS.READING_PAGE',
  reading_video: 'SLACK.STATUS.READING_VIDEO',
  reading_file: 'SLACK.STATUS.READING_FILE',
  reading_message: 'SLACK.STATUS.READING_MESSAGE',
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
