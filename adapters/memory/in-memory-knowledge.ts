import { SOURCE_KINDS, type FailureCode, type KnowledgeSourceRecord, type SourceKind, type SourceStatus } from '../../core/knowledge/knowledge-source';
import type { KnowledgeSourceRepository, NewKnowledgeSource, SourcePartial } from '../../core/knowledge/knowledge-source-repository.port';
import { FUSION_DEPTH, fuseRanks, questionTerms, searchTerms, termWeight } from '../../core/knowledge/keyword-search';
import type { ChunkHit, ChunkQuery, NewChunk, VectorStore } from '../../core/knowledge/vector-store.port';

interface StoredChunk extends NewChunk {
  readonly teamId: string;
  readonly sourceId: string;
}

/** Sources and chunks in memory, for unit tests: the same rules as the PostgreSQL adapters. */
export class InMemoryKnowledge implements KnowledgeSourceRepository, VectorStore {
  readonly name = 'portable' as const;
  readonly rows = new Map<string, KnowledgeSourceRecord>();
  readonly chunks: StoredChunk[] = [];
  /** Per source id, its address (the PostgreSQL adapter keeps a keyed hash of it). */
  private readonly addresses = new Map<string, string>();

  async add(teamId: string, source: NewKnowledgeSource, options: { maxSources?: number } = {}): Promise<'added' | 'duplicate' | 'over_quota'> {
    if (source.teamId !== teamId) throw new Error('wrong team');
    const { address, ...record } = source;
    const same = address ? this.sameAddress(teamId, source.kind, address) : [];
    if (same.some((r) => r.status !== 'failed')) return 'duplicate';
    const held = [...this.rows.values()].filter((r) => r.teamId === teamId).length - same.length;
    if (options.maxSources !== undefined && held >= options.maxSources) return 'over_quota';
    for (const row of same) await this.remove(teamId, row.id);
    if (address) this.addresses.set(source.id, address);
    this.rows.set(source.id, { ...record, status: 'queued', progressDone: 0, progressTotal: 0, failure: null, sizeBytes: 0, chunkCount: 0, robotsLeftOut: 0, cutAfterFiles: 0, updatedAt: source.createdAt });
    return 'added';
  }
  async statusOfAddress(teamId: string, kind: SourceKind, address: string): Promise<SourceStatus | null> {
    return this.sameAddress(teamId, kind, address)[0]?.status ?? null;
  }
  private sameAddress(teamId: string, kind: SourceKind, address: string): KnowledgeSourceRecord[] {
    return [...this.rows.values()].filter((r) => r.teamId === teamId && r.kind === kind && this.addresses.get(r.id) === address);
  }
  async claimContent(teamId: string, id: string, kind: SourceKind, contentKey: string): Promise<boolean> {
    const others = this.sameAddress(teamId, kind, contentKey).filter((r) => r.id !== id);
    if (others.some((r) => r.status !== 'failed')) return false;
    for (const row of others) this.addresses.delete(row.id);
    this.addresses.set(id, contentKey);
    return true;
  }
  async get(teamId: string, id: string): Promise<KnowledgeSourceRecord | null> {
    const row = this.rows.get(id);
    return row && row.teamId === teamId ? row : null;
  }
  async list(teamId: string, kind?: SourceKind): Promise<KnowledgeSourceRecord[]> {
    return [...this.rows.values()].filter((r) => r.teamId === teamId && (!kind || r.kind === kind)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
  async newestOfEachKind(teamId: string, perKind: number): Promise<{ sources: KnowledgeSourceRecord[]; counts: Record<SourceKind, number> }> {
    const counts = Object.fromEntries(SOURCE_KINDS.map((kind) => [kind, 0])) as Record<SourceKind, number>;
    const sources = (await this.list(teamId)).filter((r) => ++counts[r.kind] <= perKind);
    return { sources, counts };
  }
  async usage(teamId: string): Promise<{ sources: number; chunks: number }> {
    const rows = await this.list(teamId);
    return { sources: rows.length, chunks: rows.reduce((s, r) => s + (r.status === 'failed' ? 0 : r.status === 'ready' ? r.chunkCount : r.progressTotal), 0) };
  }
  async markReading(teamId: string, id: string, at: Date): Promise<void> {
    this.update(teamId, id, { status: 'reading', failure: null, progressDone: 0, progressTotal: 0, robotsLeftOut: 0, cutAfterFiles: 0, updatedAt: at });
  }
  async markEmbedding(teamId: string, id: string, total: number, sizeBytes: number, _model: string, at: Date, partial: SourcePartial = {}): Promise<void> {
    this.update(teamId, id, { status: 'embedding', progressTotal: total, sizeBytes, robotsLeftOut: partial.robotsLeftOut ?? 0, cutAfterFiles: partial.cutAfterFiles ?? 0, updatedAt: at });
  }
  async markReady(teamId: string, id: string, at: Date): Promise<boolean> {
    const row = await this.get(teamId, id);
    const stored = this.chunks.filter((c) => c.sourceId === id).length;
    if (!row || row.status !== 'embedding' || row.progressDone !== row.progressTotal || stored !== row.progressTotal) return false;
    this.update(teamId, id, { status: 'ready', chunkCount: stored, updatedAt: at });
    return true;
  }
  async markFailed(teamId: string, id: string, failure: FailureCode, at: Date): Promise<void> {
    this.drop((c) => c.teamId === teamId && c.sourceId === id);
    this.update(teamId, id, { status: 'failed', failure, progressDone: 0, chunkCount: 0, updatedAt: at });
  }
  async markQueued(teamId: string, id: string, at: Date): Promise<boolean> {
    if ((await this.get(teamId, id))?.status !== 'failed') return false;
    this.update(teamId, id, { status: 'queued', failure: null, progressDone: 0, progressTotal: 0, updatedAt: at });
    return true;
  }
  async remove(teamId: string, id: string): Promise<boolean> {
    if (!(await this.get(teamId, id))) return false;
    this.drop((c) => c.sourceId === id);
    this.addresses.delete(id);
    return this.rows.delete(id);
  }
  async removeTeam(teamId: string): Promise<number> {
    const ids = (await this.list(teamId)).map((r) => r.id);
    for (const id of ids) await this.remove(teamId, id);
    return ids.length;
  }
  async readyKinds(teamId: string): Promise<ReadonlySet<SourceKind>> {
    return new Set((await this.list(teamId)).filter((r) => r.status === 'ready').map((r) => r.kind));
  }

  async addChunks(teamId: string, sourceId: string, chunks: readonly NewChunk[]): Promise<void> {
    const row = await this.get(teamId, sourceId);
    if (!row || row.status !== 'embedding') throw new Error('The source is not being embedded in this workspace (removed, failed or another team’s)');
    if (chunks.some((c) => this.chunks.some((s) => s.sourceId === sourceId && s.ordinal === c.ordinal))) throw new Error('duplicate chunk');
    this.chunks.push(...chunks.map((c) => ({ ...c, teamId, sourceId })));
    this.update(teamId, sourceId, { progressDone: row.progressDone + chunks.length });
  }
  async clearChunks(teamId: string, sourceId: string): Promise<void> {
    if (!(await this.get(teamId, sourceId))) return;
    this.drop((c) => c.teamId === teamId && c.sourceId === sourceId);
    this.update(teamId, sourceId, { progressDone: 0 });
  }
  async search(teamId: string, query: ChunkQuery): Promise<ChunkHit[]> {
    const found: { chunk: StoredChunk; row: KnowledgeSourceRecord }[] = [];
    for (const chunk of this.chunks) {
      const row = this.rows.get(chunk.sourceId);
      if (chunk.teamId === teamId && row && row.status === 'ready' && query.kinds.includes(row.kind)) found.push({ chunk, row });
    }
    const hit = ({ chunk, row }: (typeof found)[number]): ChunkHit => ({
      sourceId: row.id, kind: row.kind, title: row.title, url: row.url, text: chunk.text, location: chunk.location,
      score: chunk.embedding.length === query.embedding.length ? cosine(query.embedding, chunk.embedding) : 0,
    });
    const ids = found.map((_, i) => String(i));
    const nearest = ids.filter((i) => found[Number(i)]!.chunk.embedding.length === query.embedding.length).sort((a, b) => hit(found[Number(b)]!).score - hit(found[Number(a)]!).score);
    if (query.text === undefined) return nearest.slice(0, query.limit).map((i) => hit(found[Number(i)]!));
    // The keyword side as the PostgreSQL adapters rank it, on the terms themselves rather than their hashes.
    const terms = found.map(({ chunk }) => new Set(searchTerms(chunk.text)));
    const weights = questionTerms(query.text, false).map((t) => ({ t, w: termWeight(found.length, terms.filter((s) => s.has(t)).length) })).filter((x) => x.w > 0);
    const scored = ids.map((i) => ({ i, score: weights.reduce((sum, { t, w }) => sum + (terms[Number(i)]!.has(t) ? w : 0), 0) })).filter((x) => x.score > 0);
    const keyword = scored.sort((a, b) => b.score - a.score).slice(0, FUSION_DEPTH).map((x) => x.i);
    const order = keyword.length === 0 ? nearest.slice(0, query.limit) : fuseRanks(nearest.slice(0, Math.max(query.limit, FUSION_DEPTH)), keyword, query.limit);
    return order.map((i) => hit(found[Number(i)]!));
  }

  private update(teamId: string, id: string, patch: Partial<KnowledgeSourceRecord>): void {
    const row = this.rows.get(id);
    if (row && row.teamId === teamId) this.rows.set(id, { ...row, ...patch });
  }
  private drop(match: (c: StoredChunk) => boolean): void {
    for (let i = this.chunks.length - 1; i >= 0; i -= 1) if (match(this.chunks[i]!)) this.chunks.splice(i, 1);
  }
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
