import { SingleFlight } from '../../adapters/system/single-flight';
import { OpenAiEmbeddings } from '../../adapters/embeddings/openai-embeddings';
import { GuardedHttpClient } from '../../adapters/http/guarded-http-client';
import { GitHubRepositoryReader } from '../../adapters/knowledge/github-repository-reader';
import { LangChainTextSplitter } from '../../adapters/knowledge/langchain-text-splitter';
import { PdfSourceReader } from '../../adapters/knowledge/pdf-source-reader';
import { PgRobotsCache } from '../../adapters/knowledge/robots-cache';
import { WebSourceReader } from '../../adapters/knowledge/web-source-reader';
import type { Logger } from '../../adapters/logging/logger';
import type { Database } from '../../adapters/postgres/database';
import { nativePool } from '../../adapters/postgres/native-pool';
import { createPgRepositories } from '../../adapters/postgres/pg-repositories';
import { SlackChatWorkspaceFactory } from '../../adapters/slack/slack-chat-workspace';
import { SystemClock } from '../../adapters/system/system-clock';
import { createVectorStore, deferredVectorStore } from '../../adapters/vector/create-vector-store';
import { PgKnowledgeTermsBackfill } from '../../adapters/vector/knowledge-terms-backfill';
import { PgKnowledgeSourceRepository } from '../../adapters/vector/pg-knowledge-source-repository';
import { ChatPlatformError } from '../../core/assistant/chat-platform-error';
import { KnowledgeReadError, type SourceContentReader } from '../../core/knowledge/content-reader.port';
import { EmbeddingsError, type Embeddings } from '../../core/knowledge/embeddings.port';
import { IngestSource } from '../../core/knowledge/ingest-source.use-case';
import { knowledgeSearchTool } from '../../core/knowledge/knowledge-search.tool';
import type { KnowledgeSourceRecord, SourceKind } from '../../core/knowledge/knowledge-source';
import type { KnowledgeSourceRepository } from '../../core/knowledge/knowledge-source-repository.port';
import { knowledgePlanOf } from '../../core/knowledge/knowledge-plan';
import type { VectorStore } from '../../core/knowledge/vector-store.port';
import type { JobQueue } from '../../core/shared/job-queue.port';
import type { AskerResources, Tool } from '../../core/tools/tool';
import { secretBoxFromConfig } from '../shared/secret-box';
import { SLACK_QUEUES, type SlackEventJob } from '../shared/slack-jobs';
import type { WorkerConfig } from './config';
import type { IntegrationTools } from './integration-tools';

export interface KnowledgeServices {
  readonly sources: KnowledgeSourceRepository;
  readonly store: VectorStore;
  readonly embeddings: Embeddings;
  readonly tools: Tool[];
  /** What the answer pipeline asks before offering the knowledge search tools: the kinds with a ready source. */
  readyKinds(teamId: string): Promise<ReadonlySet<string>>;
  /** The passages stored before the keyword side or before stemming, hashed (again) in batches by the knowledge-terms job (ADR 96, 98). */
  readonly termsBackfill: PgKnowledgeTermsBackfill;
  /** The ingestion use case; progress reaches the adder's App Home through home jobs. */
  ingest(queue: JobQueue): IngestSource;
}

/**
 * Knowledge in the worker: store, embeddings, readers, the three search tools and ingestion.
 * Built once by the worker's composition root (container.ts): the answer tools and the knowledge
 * jobs share one vector store (the portable one keeps its vectors in memory, up to 256 MB).
 */
export function knowledgeServices(
  config: WorkerConfig,
  database: Database,
  logger: Logger,
  integrations: Pick<IntegrationTools, 'connections'>,
): KnowledgeServices {
  const secrets = secretBoxFromConfig(config);
  const pool = nativePool(database.orm);
  const sources = new PgKnowledgeSourceRepository(pool, secrets);
  const readyKinds = new SingleFlight<ReadonlySet<string>>();
  const store = deferredVectorStore(
    pool.then(async (p) => {
      const chosen = await createVectorStore(p, secrets, config.VECTOR_STORE);
      logger.info({ vectorStore: chosen.name }, 'knowledge vector store');
      return chosen;
    }),
  );
  const embeddings = embeddingsFromConfig(config, logger);
  const clock = new SystemClock();
  const repositories = createPgRepositories(database.orm, secrets);
  const chat = new SlackChatWorkspaceFactory({ slackApiUrl: config.SLACK_API_URL, clock });
  const download = async (source: KnowledgeSourceRecord, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> => {
    const installation = await repositories.installations.find(source.teamId);
    if (!installation?.botToken || installation.uninstalledAt !== null || !source.fileId) throw new KnowledgeReadError('not_authorized');
    const platform = chat.forWorkspace({ teamId: source.teamId, botToken: installation.botToken });
    try {
      return await platform.downloadFile!({ id: source.fileId, name: source.title, mimetype: 'application/pdf', size: 0 }, { maxBytes, signal });
    } catch (error) {
      if (error instanceof ChatPlatformError) {
        const code = error.code === 'not_found' ? 'not_found' : error.code === 'not_authorized' ? 'not_authorized' : error.platformCode === 'too_large' ? 'too_large' : null;
        // Slack down or rate limited: the job retries; a definite refusal fails the source.
        if (code === null && (error.code === 'unavailable' || error.code === 'rate_limited')) throw error;
        throw new KnowledgeReadError(code ?? 'fetch_failed');
      }
      throw error;
    }
  };
  const guarded = new GuardedHttpClient({ allowPrivateHosts: config.FETCH_ALLOW_PRIVATE_HOSTS });
  const { connections } = integrations;
  const readers: Record<SourceKind, SourceContentReader> = {
    // robots.txt kept per origin in PostgreSQL: the retry after a 5xx may run on another worker (ADR 87).
    web: new WebSourceReader(guarded, { robotsCache: new PgRobotsCache(pool, secrets), clock }),
    pdf: new PdfSourceReader(download),
    // Public repositories need no sign-in; private ones are read with the adder's own GitHub connection.
    repository: new GitHubRepositoryReader({
      apiUrl: config.GITHUB_API_URL ?? 'https://api.github.com',
      token: (source) => connections.tokenFor(source.teamId, source.addedBy, 'github'),
      refused: (source, token) => connections.refusedByProvider(source.teamId, source.addedBy, 'github', token),
    }),
  };
  const splitter = new LangChainTextSplitter();
  const kinds: SourceKind[] = ['web', 'pdf', 'repository'];
  return {
    sources,
    store,
    embeddings,
    tools: kinds.map((kind) => knowledgeSearchTool(kind, { store, embeddings })),
    termsBackfill: new PgKnowledgeTermsBackfill(pool, secrets),
    // Every answer asks; a burst in one workspace shares the read while it is in flight (ADR 34).
    readyKinds: (teamId) => readyKinds.run(teamId, () => sources.readyKinds(teamId)),
    ingest: (queue) =>
      new IngestSource({
        sources,
        store,
        embeddings,
        splitter,
        readers,
        clock,
        planOf: async (teamId) => knowledgePlanOf(await repositories.subscriptions.listByTeam(teamId), clock.now()),
        onProgress: homeProgress(queue, clock),
      }),
  };
}

/**
 * The resources a knowledge tool needs, for the answer pipeline: one answer's three search
 * tools share one read of the workspace's ready kinds.
 */
export function knowledgeResources(knowledge: Pick<KnowledgeServices, 'readyKinds'>): (teamId: string) => AskerResources {
  return (teamId) => {
    let ready: Promise<ReadonlySet<string>> | undefined;
    return {
      integrationToken: async () => undefined,
      hasKnowledgeBase: async (kind) => {
        ready ??= knowledge.readyKinds(teamId);
        const kinds = await ready;
        return kind === undefined ? kinds.size > 0 : kinds.has(kind);
      },
    };
  };
}

/**
 * Progress reaches the adder's Home tab as a home job (views.publish), at most every 3 s per
 * source (Slack's views.publish limits), and always on ready or failed.
 */
function homeProgress(queue: JobQueue, clock: { now(): Date }): (source: KnowledgeSourceRecord) => Promise<void> {
  const last = new Map<string, { at: number; seq: number }>();
  return async (source) => {
    const now = clock.now().getTime();
    const previous = last.get(source.id);
    const final = source.status === 'ready' || source.status === 'failed';
    if (previous && now - previous.at < 3_000 && !final) return;
    const seq = (previous?.seq ?? 0) + 1;
    if (final) last.delete(source.id);
    else last.set(source.id, { at: now, seq });
    const eventId = `kn:${source.id}:${final ? source.status : `${now}`}`.slice(0, 64);
    // No one asked for it: a notice at the top of the adder's Home stays (PublishHome keepsNotice).
    const payload: SlackEventJob = { kind: 'home', eventId, teamId: source.teamId, userId: source.addedBy, tab: 'home', keepsNotice: true };
    await queue.send(SLACK_QUEUES.slackEvent.name, payload, { dedupeKey: eventId });
  };
}

function embeddingsFromConfig(config: WorkerConfig, logger: Logger): Embeddings {
  const apiKey = config.EMBEDDINGS_API_KEY ?? config.OPENAI_API_KEY;
  const baseURL = config.EMBEDDINGS_BASE_URL ?? config.OPENAI_BASE_URL;
  if (!apiKey) {
    logger.warn('No embeddings service (EMBEDDINGS_API_KEY or OPENAI_API_KEY): knowledge uploads will fail and knowledge search is off');
    return {
      model: 'none',
      dimensions: config.EMBEDDINGS_DIMENSIONS,
      embed: async () => {
        throw new EmbeddingsError('No embeddings service configured (EMBEDDINGS_API_KEY or OPENAI_API_KEY)', { retryable: false });
      },
    };
  }
  return new OpenAiEmbeddings({
    apiKey,
    baseURL,
    model: config.EMBEDDINGS_MODEL,
    dimensions: config.EMBEDDINGS_DIMENSIONS,
    batchSize: config.EMBEDDINGS_BATCH_SIZE,
    sendDimensions: config.EMBEDDINGS_SEND_DIMENSIONS,
  });
}
