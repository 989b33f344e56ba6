import { endianness } from 'node:os';
import type pg from 'pg';
import type { SourceKind } from '../../core/knowledge/knowledge-source';
import { COMMON_TERM_PASSAGES, FUSION_DEPTH, TERMS_VERSION, fuseRanks, questionTerms, termWeight } from '../../core/knowledge/keyword-search';
import type { ChunkHit, ChunkQuery, NewChunk, VectorStore } from '../../core/knowledge/vector-store.port';
import type { SecretBox } from '../crypto/secret-box';
import { STALE_TERMS, openLocation, openSource, passageContext, passageTerms, sealLocation, termHashes } from './knowledge-sealing';
import { hasVectorTable, inTransaction } from './pg-pool';

/** A passage found, as read: its text and place sealed (ADR 52, 55). */
interface PassageRow {
  id: string;
  source_id: string;
  team_id: string;
  sealed: string;
  location_sealed: string;
}

/** A ready source of the workspace, as each search reads them: title and URL still sealed. */
interface SourceRow {
  id: string;
  team_id: string;
  kind: SourceKind;
  title_sealed: string;
  url_sealed: string | null;
}

/** A passage the vector side found: its chunk id, cosine similarity, and the row when already read. */
interface Nearest {
  id: string;
  score: number;
  row?: PassageRow;
}

/**
 * What both adapters share: chunks in `knowledge_chunks` (sealed text and place, keyed hashes of
 * its terms), progress on the source in the same transaction, visibility only through a ready
 * source of the team, and the keyword side of a search fused with the adapter's vector side.
 */
abstract class PgChunkStore implements VectorStore {
  abstract readonly name: 'pgvector' | 'portable';

  protected constructor(
    protected readonly pool: pg.Pool,
    protected readonly secrets: SecretBox,
  ) {}

  async addChunks(teamId: string, sourceId: string, chunks: readonly NewChunk[]): Promise<void> {
    if (chunks.length === 0) return;
    const dimensions = chunks[0]!.embedding.length;
    if (chunks.some((c) => c.embedding.length !== dimensions)) throw new Error('Chunks of one batch must have vectors of one length');
    await inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        `update knowledge_sources set progress_done = progress_done + $3 where team_id = $1 and id = $2 and status = 'embedding'`,
        [teamId, sourceId, chunks.length],
      );
      if (rowCount !== 1) throw new Error('The source is not being embedded in this workspace (removed, failed or another team’s)');
      const { rows } = await client.query<{ id: string; ordinal: number }>(
        `insert into knowledge_chunks (team_id, source_id, ordinal, sealed, location_sealed, dimensions, embedding_f32, terms, terms_version)
         select $1, $2, t.ordinal, t.sealed, t.location_sealed, $3, t.vector, t.terms::bigint[], $9
           from unnest($4::int[], $5::text[], $6::text[], $7::bytea[], $8::text[]) as t(ordinal, sealed, location_sealed, vector, terms)
         returning id, ordinal`,
        [
          teamId,
          sourceId,
          dimensions,
          chunks.map((c) => c.ordinal),
          chunks.map((c) => this.secrets.seal(c.text, passageContext(teamId, sourceId))),
          chunks.map((c) => sealLocation(this.secrets, teamId, sourceId, c.location)),
          chunks.map((c) => (this.storesFloats ? toBytes(c.embedding) : null)),
          chunks.map((c) => passageTerms(this.secrets, teamId, c.text)),
          TERMS_VERSION,
        ],
      );
      await this.afterInsert(client, teamId, sourceId, dimensions, rows, chunks);
    });
  }

  async clearChunks(teamId: string, sourceId: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await this.beforeClear(client, teamId, sourceId);
      await client.query(`delete from knowledge_chunks where team_id = $1 and source_id = $2`, [teamId, sourceId]);
      await client.query(`update knowledge_sources set progress_done = 0 where team_id = $1 and id = $2`, [teamId, sourceId]);
    });
  }

  abstract search(teamId: string, query: ChunkQuery): Promise<ChunkHit[]>;

  protected abstract readonly storesFloats: boolean;
  protected abstract afterInsert(
    client: pg.PoolClient,
    teamId: string,
    sourceId: string,
    dimensions: number,
    rows: readonly { id: string; ordinal: number }[],
    chunks: readonly NewChunk[],
  ): Promise<void>;
  protected abstract beforeClear(client: pg.PoolClient, teamId: string, sourceId: string): Promise<void>;

  /** How many passages each ranking reads: the limit for vectors alone, `FUSION_DEPTH` when fused. */
  protected depth(query: ChunkQuery, limit: number): number {
    return query.text === undefined ? limit : Math.max(limit, FUSION_DEPTH);
  }

  /**
   * The passages a search returns, opened: the vector ranking alone, or, with the query's text,
   * fused with the keyword ranking (reciprocal rank fusion), `limit` of them either way. Only
   * those are read (the ones the vector side has not read already) and opened.
   */
  protected async found(
    teamId: string,
    query: ChunkQuery,
    limit: number,
    nearest: readonly Nearest[],
    sources: ReadonlyMap<string, SourceRow & { chunk_count: number }>,
  ): Promise<ChunkHit[]> {
    const wanted = [...sources.values()].filter((s) => query.kinds.includes(s.kind));
    const keyword = query.text === undefined ? [] : await this.keywordRanks(teamId, query.text, wanted);
    const order = keyword.length === 0 ? nearest.slice(0, limit).map((n) => n.id) : fuseRanks(nearest.map((n) => n.id), keyword, limit);
    const known = new Map(nearest.map((n) => [n.id, n]));
    const unread = order.filter((id) => !known.get(id)?.row);
    const read = new Map<string, PassageRow>();
    if (unread.length > 0) {
      const { rows } = await this.pool.query<PassageRow>({
        name: 'knowledge-passages',
        text: `select id, source_id, sealed, location_sealed, team_id from knowledge_chunks where team_id = $1 and id = any($2::bigint[])`,
        values: [teamId, unread],
      });
      for (const row of rows) read.set(String(row.id), row);
    }
    return this.toHits(
      order.flatMap((id) => {
        const row = known.get(id)?.row ?? read.get(id);
        return row ? [{ row, score: known.get(id)?.score ?? 0 }] : [];
      }),
      sources,
    );
  }

  /**
   * The keyword ranking (ADR 96): the question's terms hashed as the passages' are (under every
   * key), how many of the wanted sources' passages hold each (through the GIN index, counted up
   * to where a term is too common to weigh anything), then the passages holding the weighing
   * ones, by the sum of their weights (BM25's idf), best `FUSION_DEPTH` first. Team and sources
   * are compared as text so that only the GIN index serves these statements: a term's hash is
   * already the workspace's own, and ANDing the team index's 10,000 rows made a count 4× slower.
   */
  private async keywordRanks(teamId: string, text: string, sources: readonly (SourceRow & { chunk_count: number })[]): Promise<string[]> {
    const passages = sources.reduce((sum, s) => sum + Number(s.chunk_count), 0);
    if (passages < 2) return [];
    const hashes = termHashes(this.secrets, teamId, questionTerms(text, await this.hasStaleTerms(teamId)), 'all');
    if (hashes.length === 0) return [];
    const sourceIds = sources.map((s) => String(s.id));
    const { rows: counts } = await this.pool.query<{ hash: string; found: number }>({
      name: 'knowledge-term-counts',
      text: `select q.hash::text as hash,
                    (select count(*) from (select 1 from knowledge_chunks c
                                            where c.terms @> array[q.hash] and (c.team_id || '') = $1 and c.source_id::text = any($3::text[])
                                            limit $4) s)::int as found
               from unnest($2::bigint[]) as q(hash)`,
      values: [teamId, hashes, sourceIds, Math.min(COMMON_TERM_PASSAGES, Math.floor(passages / 2)) + 1],
    });
    const weighing = counts.map((c) => ({ hash: c.hash, weight: termWeight(passages, Number(c.found)) })).filter((c) => c.weight > 0);
    if (weighing.length === 0) return [];
    const { rows } = await this.pool.query<{ id: string }>({
      name: 'knowledge-keyword',
      text: `select c.id from knowledge_chunks c
              where c.terms && $3::bigint[] and (c.team_id || '') = $1 and c.source_id::text = any($2::text[])
              order by (select sum(w.weight) from unnest($3::bigint[], $4::float8[]) as w(hash, weight) where w.hash = any(c.terms)) desc, c.id
              limit $5`,
      values: [teamId, sourceIds, weighing.map((w) => w.hash), weighing.map((w) => w.weight), FUSION_DEPTH],
    });
    return rows.map((r) => String(r.id));
  }

  /**
   * Whether some of the workspace's passages still have terms of an older version (ADR 98: words
   * as written, before stemming) or none yet, until the `knowledge-terms` job has hashed them
   * again: a question's words are then looked up as written too, so such a passage holding
   * `refunds` is still found by `refunds` meanwhile. One probe of the partial index of those
   * passages (empty once the job is done).
   */
  private async hasStaleTerms(teamId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ stale: boolean }>({
      name: 'knowledge-stale-terms',
      text: `select exists (select 1 from knowledge_chunks where team_id = $1 and ${STALE_TERMS}) as stale`,
      values: [teamId],
    });
    return rows[0]?.stale === true;
  }

  /**
   * The passages found, best first, opened: text, place, and their sources' titles and URLs,
   * each source opened once however many of its passages were found.
   */
  protected toHits(found: readonly { row: PassageRow; score: number }[], sources: ReadonlyMap<string, SourceRow>): ChunkHit[] {
    const opened = new Map<string, { title: string; url: string | null }>();
    return found.flatMap(({ row, score }) => {
      const sourceId = String(row.source_id);
      const source = sources.get(sourceId);
      if (!source) return [];
      let named = opened.get(sourceId);
      if (!named) {
        named = openSource(this.secrets, source);
        opened.set(sourceId, named);
      }
      return [
        {
          sourceId: row.source_id,
          kind: source.kind,
          ...named,
          text: this.secrets.open(row.sealed, passageContext(row.team_id, row.source_id)),
          location: openLocation(this.secrets, row.team_id, row.source_id, row.location_sealed),
          score,
        },
      ];
    });
  }
}

/**
 * pgvector: halfvecs in `knowledge_vectors` with an HNSW cosine index per dimension count
 * (partial, `where dimensions = n`). The team filter runs inside the index scan with
 * pgvector 0.8's iterative scans, so a workspace holding a tenth of the rows still gets its
 * full top k.
 */
export class PgvectorStore extends PgChunkStore {
  readonly name = 'pgvector' as const;
  protected readonly storesFloats = false;
  private readonly indexed = new Map<number, Promise<void>>();

  private constructor(
    pool: pg.Pool,
    secrets: SecretBox,
    private readonly iterative: boolean,
  ) {
    super(pool, secrets);
  }

  static async create(pool: pg.Pool, secrets: SecretBox): Promise<PgvectorStore> {
    if (!(await hasVectorTable(pool))) throw new Error('pgvector is not installed in this database (no knowledge_vectors table)');
    const { rows } = await pool.query<{ extversion: string }>(`select extversion from pg_extension where extname = 'vector'`);
    const [major = 0, minor = 0] = (rows[0]?.extversion ?? '0.0').split('.').map(Number);
    return new PgvectorStore(pool, secrets, major > 0 || minor >= 8);
  }

  /** The HNSW index for vectors of this length (1024 comes with the migration). */
  ensureIndex(dimensions: number): Promise<void> {
    const d = checkedDimensions(dimensions);
    let pending = this.indexed.get(d);
    if (!pending) {
      pending = this.pool
        .query(
          `create index if not exists knowledge_vectors_hnsw_${d} on knowledge_vectors using hnsw ((embedding::halfvec(${d})) halfvec_cosine_ops) where dimensions = ${d}`,
        )
        .then(() => undefined);
      this.indexed.set(d, pending);
    }
    return pending;
  }

  protected async afterInsert(
    client: pg.PoolClient,
    teamId: string,
    sourceId: string,
    dimensions: number,
    rows: readonly { id: string; ordinal: number }[],
    chunks: readonly NewChunk[],
  ): Promise<void> {
    const byOrdinal = new Map(chunks.map((c) => [c.ordinal, c.embedding]));
    await client.query(
      `insert into knowledge_vectors (chunk_id, team_id, source_id, dimensions, embedding)
       select t.id, $1, $2, $3, t.embedding::halfvec from unnest($4::bigint[], $5::text[]) as t(id, embedding)`,
      [teamId, sourceId, dimensions, rows.map((r) => r.id), rows.map((r) => toLiteral(byOrdinal.get(r.ordinal)!))],
    );
  }

  protected async beforeClear(client: pg.PoolClient, teamId: string, sourceId: string): Promise<void> {
    await client.query(`delete from knowledge_vectors where team_id = $1 and source_id = $2`, [teamId, sourceId]);
  }

  /**
   * Two short steps: the workspace's ready sources of these kinds (indexed, tiny), then the
   * nearest vectors among them. A workspace holding more than `EXACT_SEARCH_MAX_ROWS` passages is
   * searched through the HNSW index shared by every workspace, with the team and source filter
   * inside the scan (pgvector 0.8 iterative scan, `hnsw.ef_search` 200: recall@10 ≥ 0.95 where a
   * workspace holds a tenth of the rows); sequential and bitmap scans are switched off for that
   * statement, since the planner, unaware of TOAST, otherwise prefers reading every row exactly.
   * A smaller one (or a pgvector without iterative scans) is searched exactly through its
   * sources' rows, which is both faster there and complete: a filtered HNSW scan over a shared
   * index may stop before it finds k rows of a workspace holding very few of them.
   */
  async search(teamId: string, query: ChunkQuery): Promise<ChunkHit[]> {
    const d = checkedDimensions(query.embedding.length);
    await this.ensureIndex(d);
    const limit = Math.max(1, Math.min(100, Math.floor(query.limit)));
    const { rows: ready } = await this.pool.query<SourceRow & { chunk_count: number }>({
      name: 'knowledge-ready-sources',
      text: `select id, team_id, kind, title_sealed, url_sealed, chunk_count from knowledge_sources where team_id = $1 and status = 'ready' and kind = any($2::text[])`,
      values: [teamId, [...query.kinds]],
    });
    if (ready.length === 0) return [];
    const sources = new Map(ready.map((s) => [String(s.id), s]));
    const passages = ready.reduce((sum, s) => sum + Number(s.chunk_count), 0);
    const exact = !this.iterative || passages <= EXACT_SEARCH_MAX_ROWS;
    const rows = await inTransaction(this.pool, async (client) => {
      await client.query({
        name: exact ? 'knowledge-exact-settings' : 'knowledge-hnsw-settings',
        text: exact
          ? `select set_config('enable_indexscan', 'off', true)`
          : `select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
                    set_config('hnsw.iterative_scan', 'strict_order', true), set_config('hnsw.ef_search', '${HNSW_EF_SEARCH}', true)`,
      });
      // The HNSW statement compares source ids as text, so no index but HNSW can serve it.
      const sourceFilter = exact ? `source_id = any($3::uuid[])` : `source_id::text = any($3::text[])`;
      const result = await client.query<PassageRow & { distance: number }>({
        name: `knowledge-${exact ? 'exact' : 'hnsw'}-${d}`,
        text: `select c.id, c.source_id, c.sealed, c.location_sealed, c.team_id, v.distance
                 from (select chunk_id, embedding::halfvec(${d}) <=> $2::halfvec(${d}) as distance
                         from knowledge_vectors
                        where team_id = $1 and dimensions = ${d} and ${sourceFilter}
                        order by embedding::halfvec(${d}) <=> $2::halfvec(${d})
                        limit $4) v
                 join knowledge_chunks c on c.id = v.chunk_id and c.team_id = $1
                order by v.distance`,
        values: [teamId, toLiteral(query.embedding), [...sources.keys()], this.depth(query, limit)],
      });
      return result.rows;
    });
    return this.found(teamId, query, limit, rows.map((row) => ({ id: String(row.id), score: 1 - Number(row.distance), row })), sources);
  }
}

/** At most this many passages, a workspace is searched exactly (about 5 ms), beyond through HNSW. */
export const EXACT_SEARCH_MAX_ROWS = 1_000;
/** Candidates the HNSW scan keeps: recall@10 0.98 over 100,000 vectors where the workspace holds 10,000 (docs/knowledge.md). */
const HNSW_EF_SEARCH = 200;

/**
 * Any PostgreSQL (the embedded default has no pgvector): float32 vectors in a bytea column,
 * exact cosine similarity computed here over the workspace's ready chunks, then only the top k
 * rows are read whole and opened.
 */
export class PortableVectorStore extends PgChunkStore {
  readonly name = 'portable' as const;
  protected readonly storesFloats = true;
  private readonly cache = new Map<string, Matrix>();
  private readonly loading = new Map<string, Promise<Matrix>>();

  private constructor(pool: pg.Pool, secrets: SecretBox) {
    super(pool, secrets);
  }

  static async create(pool: pg.Pool, secrets: SecretBox): Promise<PortableVectorStore> {
    return new PortableVectorStore(pool, secrets);
  }

  protected async afterInsert(): Promise<void> {}
  protected async beforeClear(): Promise<void> {}

  /**
   * The workspace's vectors of this length as one matrix of unit rows, kept in memory while its
   * ready sources stay the same (ids and when each became ready: one small indexed query per
   * search). A ready source's chunks never change, so exact search is then a scan of floats,
   * not a transfer of every row. Every kind shares the matrix (a row knows its source); least
   * recently used matrices go first beyond `PORTABLE_CACHE_BYTES`.
   */
  private async matrix(teamId: string, dimensions: number, ready: readonly ReadySource[]): Promise<Matrix> {
    const key = `${teamId}|${dimensions}`;
    const stamp = ready.map((s) => `${s.id}@${s.ready_at}`).join(',');
    const cached = this.cache.get(key);
    if (cached && cached.stamp === stamp) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const loadKey = `${key}|${stamp}`;
    let pending = this.loading.get(loadKey);
    if (!pending) {
      pending = this.load(teamId, dimensions, ready, stamp).finally(() => this.loading.delete(loadKey));
      this.loading.set(loadKey, pending);
    }
    const matrix = await pending;
    this.cache.set(key, matrix);
    let total = [...this.cache.values()].reduce((sum, m) => sum + m.bytes, 0);
    for (const [oldest, entry] of this.cache) {
      if (total <= PORTABLE_CACHE_BYTES || oldest === key) break;
      this.cache.delete(oldest);
      total -= entry.bytes;
    }
    return matrix;
  }

  private async load(teamId: string, dimensions: number, ready: readonly ReadySource[], stamp: string): Promise<Matrix> {
    const sourceIds = ready.map((s) => String(s.id));
    const { rows } = await this.pool.query<{ id: string; source_id: string; embedding_f32: Buffer }>(
      `select id, source_id, embedding_f32 from knowledge_chunks
        where team_id = $1 and dimensions = $2 and embedding_f32 is not null and source_id = any($3::uuid[])`,
      [teamId, dimensions, sourceIds],
    );
    const sourceIndex = new Map(sourceIds.map((id, i) => [id, i]));
    const vectors = new Float32Array(rows.length * dimensions);
    const bytes = new Uint8Array(vectors.buffer);
    const ids = new Float64Array(rows.length);
    const sourceOf = new Uint32Array(rows.length);
    rows.forEach((row, r) => {
      const offset = r * dimensions;
      if (LITTLE_ENDIAN) row.embedding_f32.copy(bytes, offset * 4, 0, dimensions * 4);
      else for (let i = 0; i < dimensions; i += 1) vectors[offset + i] = row.embedding_f32.readFloatLE(i * 4);
      let norm = 0;
      for (let i = offset; i < offset + dimensions; i += 1) norm += vectors[i]! * vectors[i]!;
      const inverse = norm === 0 ? 0 : 1 / Math.sqrt(norm);
      for (let i = offset; i < offset + dimensions; i += 1) vectors[i]! *= inverse;
      ids[r] = Number(row.id);
      sourceOf[r] = sourceIndex.get(String(row.source_id)) ?? 0;
    });
    return { stamp, sourceIds, ids, sourceOf, vectors, bytes: vectors.byteLength + rows.length * 12 };
  }

  async search(teamId: string, query: ChunkQuery): Promise<ChunkHit[]> {
    const limit = Math.max(1, Math.min(100, Math.floor(query.limit)));
    const q = normalized(query.embedding);
    const d = q.length;
    const { rows: ready } = await this.pool.query<ReadySource>({
      name: 'knowledge-portable-ready',
      text: `select id, team_id, kind, title_sealed, url_sealed, chunk_count, updated_at::text as ready_at from knowledge_sources where team_id = $1 and status = 'ready' order by id`,
      values: [teamId],
    });
    if (!ready.some((s) => query.kinds.includes(s.kind))) return [];
    const matrix = await this.matrix(teamId, d, ready);
    const sources = new Map(ready.map((s) => [String(s.id), s]));
    const wanted = Uint8Array.from(matrix.sourceIds, (id) => {
      const kind = sources.get(id)?.kind;
      return kind && query.kinds.includes(kind) ? 1 : 0;
    });
    const best = topK(matrix, q, wanted, this.depth(query, limit));
    return this.found(teamId, query, limit, best.rows.map((r, i) => ({ id: String(matrix.ids[r]!), score: best.scores[i]! })), sources);
  }
}

interface ReadySource extends SourceRow {
  chunk_count: number;
  ready_at: string;
}

interface Matrix {
  readonly stamp: string;
  readonly sourceIds: readonly string[];
  /** Chunk id of each row. */
  readonly ids: Float64Array;
  /** Index into sourceIds of each row. */
  readonly sourceOf: Uint32Array;
  /** Rows of unit length, one after another. */
  readonly vectors: Float32Array;
  readonly bytes: number;
}

/**
 * The k rows (of wanted sources) with the largest dot product with the unit query: one pass,
 * four sums per row (independent additions pipeline), and a sorted array of the best k so far
 * that a row enters only when it beats the worst of them.
 */
function topK(matrix: Matrix, q: Float32Array, wanted: Uint8Array, k: number): { rows: number[]; scores: number[] } {
  const { vectors, sourceOf } = matrix;
  const d = q.length;
  const d4 = d - (d % 4);
  const rowCount = matrix.ids.length;
  const scores = new Float64Array(k);
  const rows = new Int32Array(k);
  let count = 0;
  let worst = -Infinity;
  for (let row = 0; row < rowCount; row += 1) {
    if (wanted[sourceOf[row]!] === 0) continue;
    const offset = row * d;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let i = 0;
    for (; i < d4; i += 4) {
      s0 += q[i]! * vectors[offset + i]!;
      s1 += q[i + 1]! * vectors[offset + i + 1]!;
      s2 += q[i + 2]! * vectors[offset + i + 2]!;
      s3 += q[i + 3]! * vectors[offset + i + 3]!;
    }
    for (; i < d; i += 1) s0 += q[i]! * vectors[offset + i]!;
    const score = s0 + s1 + s2 + s3;
    if (count === k && score <= worst) continue;
    let at = count < k ? count : k - 1;
    if (count < k) count += 1;
    while (at > 0 && scores[at - 1]! < score) {
      scores[at] = scores[at - 1]!;
      rows[at] = rows[at - 1]!;
      at -= 1;
    }
    scores[at] = score;
    rows[at] = row;
    worst = count === k ? scores[k - 1]! : -Infinity;
  }
  return { rows: Array.from(rows.subarray(0, count)), scores: Array.from(scores.subarray(0, count)) };
}

/** Memory the portable store may keep for workspaces' matrices (10,000 × 1024 floats ≈ 41 MB). */
const PORTABLE_CACHE_BYTES = 256 * 1024 * 1024;
const LITTLE_ENDIAN = endianness() === 'LE';

function checkedDimensions(dimensions: number): number {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 4000) throw new Error(`Vectors must have 1 to 4000 dimensions, not ${dimensions}`);
  return dimensions;
}

function toLiteral(vector: Float32Array): string {
  return `[${Array.from(vector, (x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;
}

function toBytes(vector: Float32Array): Buffer {
  if (LITTLE_ENDIAN) return Buffer.from(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength));
  const out = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i += 1) out.writeFloatLE(vector[i]!, i * 4);
  return out;
}

function normalized(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return Float32Array.from(vector, (x) => x / norm);
}
