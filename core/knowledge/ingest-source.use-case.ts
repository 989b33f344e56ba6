import type { PlanName } from '../billing/plan';
import type { Clock } from '../shared/clock.port';
import type { TeamId } from '../shared/ids';
import { KnowledgeReadError, type SourceContentReader, type SplitChunk, type TextSplitter } from './content-reader.port';
import { EmbeddingsError, type Embeddings } from './embeddings.port';
import { KNOWLEDGE_QUOTAS, type FailureCode, type KnowledgeSourceRecord, type SourceKind } from './knowledge-source';
import type { KnowledgeSourceRepository, SourcePartial } from './knowledge-source-repository.port';
import type { VectorStore } from './vector-store.port';

export interface IngestSourceDeps {
  readonly sources: KnowledgeSourceRepository;
  readonly store: VectorStore;
  readonly embeddings: Embeddings;
  readonly splitter: TextSplitter;
  readonly readers: Readonly<Record<SourceKind, SourceContentReader>>;
  readonly clock: Clock;
  /** The plan whose quota applies (the workspace's best usable plan; free during the trial). */
  readonly planOf: (teamId: TeamId) => Promise<PlanName>;
  /** Called when the source's status or progress changed (the caller throttles Home updates). */
  readonly onProgress?: (source: KnowledgeSourceRecord) => Promise<void>;
  /** Chunks embedded and stored per transaction. */
  readonly batchSize?: number;
}

export type IngestResult =
  | { readonly status: 'ready'; readonly chunks: number }
  | { readonly status: 'failed'; readonly failure: FailureCode }
  | { readonly status: 'skipped'; readonly reason: 'gone' | 'already_ready' };

/**
 * One source from queued to ready: read (fetch + extract), split, embed in batches, store.
 * Re-runnable at any point: a rerun clears what an interrupted run stored, and the source is
 * searchable only once every chunk is stored (`markReady` checks the count). Temporary
 * failures (the embeddings service down) throw, so the job is retried; expected ones (no text,
 * over quota) mark the source failed with the reason.
 */
export class IngestSource {
  constructor(private readonly deps: IngestSourceDeps) {}

  async execute(input: { teamId: TeamId; sourceId: string }, signal: AbortSignal = new AbortController().signal): Promise<IngestResult> {
    const { sources, store, clock } = this.deps;
    const source = await sources.get(input.teamId, input.sourceId);
    if (!source) return { status: 'skipped', reason: 'gone' };
    if (source.status === 'ready') return { status: 'skipped', reason: 'already_ready' };

    await sources.markReading(input.teamId, source.id, clock.now());
    await store.clearChunks(input.teamId, source.id);
    await this.progress(input.teamId, source.id);

    let chunks: SplitChunk[];
    let sizeBytes: number;
    let partial: SourcePartial;
    try {
      const content = await this.deps.readers[source.kind].read(source, signal);
      // Before anything is embedded: the same file again would be paid for and cited twice.
      if (content.contentKey !== undefined && !(await sources.claimContent(input.teamId, source.id, source.kind, content.contentKey))) {
        return this.fail(input.teamId, source.id, 'duplicate_content');
      }
      sizeBytes = content.sizeBytes;
      partial = { robotsLeftOut: content.robotsLeftOut ?? 0, cutAfterFiles: content.cutAfterFiles ?? 0 };
      chunks = [];
      for (const document of content.documents) chunks.push(...(await this.deps.splitter.split(document)));
    } catch (error) {
      if (error instanceof KnowledgeReadError) return this.fail(input.teamId, source.id, error.code);
      throw error;
    }
    chunks = chunks.filter((c) => c.text.trim() !== '');
    if (chunks.length === 0) return this.fail(input.teamId, source.id, 'no_text');

    // Deleted while it was read (a site's crawl can take minutes): nothing to embed or pay for.
    if (!(await sources.get(input.teamId, source.id))) return { status: 'skipped', reason: 'gone' };
    const quota = KNOWLEDGE_QUOTAS[await this.deps.planOf(input.teamId)];
    const usage = await sources.usage(input.teamId);
    if (usage.chunks + chunks.length > quota.chunks) return this.fail(input.teamId, source.id, 'quota_chunks');

    const { embeddings } = this.deps;
    await sources.markEmbedding(input.teamId, source.id, chunks.length, sizeBytes, `${embeddings.model}:${embeddings.dimensions}`, clock.now(), partial);
    await this.progress(input.teamId, source.id);
    const batchSize = this.deps.batchSize ?? 32;
    for (let start = 0; start < chunks.length; start += batchSize) {
      signal.throwIfAborted();
      const batch = chunks.slice(start, start + batchSize);
      let vectors: Float32Array[];
      try {
        vectors = await embeddings.embed(batch.map((c) => c.text), signal);
      } catch (error) {
        // A refusal that retries cannot fix fails the source; anything else retries the job.
        if (error instanceof EmbeddingsError && !error.retryable) {
          return this.fail(input.teamId, source.id, 'embedding_failed');
        }
        throw error;
      }
      try {
        await store.addChunks(
          input.teamId,
          source.id,
          batch.map((c, i) => ({ ordinal: start + i, text: c.text, embedding: vectors[i]!, location: c.location })),
        );
      } catch (error) {
        // Deleted meanwhile: the store refused the batch, and there is nothing left to retry.
        if (!(await sources.get(input.teamId, source.id))) return { status: 'skipped', reason: 'gone' };
        throw error;
      }
      await this.progress(input.teamId, source.id);
    }
    if (!(await sources.markReady(input.teamId, source.id, clock.now()))) {
      // Removed or restarted meanwhile: whatever run finishes last decides.
      return { status: 'skipped', reason: 'gone' };
    }
    await this.progress(input.teamId, source.id);
    return { status: 'ready', chunks: chunks.length };
  }

  /**
   * The job's last attempt failed with a temporary error (the site or the embeddings service
   * stayed down through every retry): the source fails with the reason, so App Home shows it
   * and offers Try again, instead of showing it reading forever. A source that is ready, failed
   * or gone meanwhile is left as it is.
   */
  async giveUp(input: { teamId: TeamId; sourceId: string }, failure: FailureCode): Promise<IngestResult> {
    const source = await this.deps.sources.get(input.teamId, input.sourceId);
    if (!source) return { status: 'skipped', reason: 'gone' };
    if (source.status === 'ready') return { status: 'skipped', reason: 'already_ready' };
    if (source.status === 'failed') return { status: 'failed', failure: source.failure ?? failure };
    return this.fail(input.teamId, input.sourceId, failure);
  }

  private async fail(teamId: TeamId, sourceId: string, failure: FailureCode): Promise<IngestResult> {
    await this.deps.sources.markFailed(teamId, sourceId, failure, this.deps.clock.now());
    await this.progress(teamId, sourceId);
    return { status: 'failed', failure };
  }

  private async progress(teamId: TeamId, sourceId: string): Promise<void> {
    if (!this.deps.onProgress) return;
    const source = await this.deps.sources.get(teamId, sourceId);
    if (source) await this.deps.onProgress(source);
  }
}
