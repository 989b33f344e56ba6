import type pg from 'pg';
import type { SourceKind } from '../../core/knowledge/knowledge-source';
import type { ChunkHit, ChunkLocation, ChunkQuery, NewChunk, VectorStore } from '../../core/knowledge/vector-store.port';
import type { SecretBox } from '../crypto/secret-box';
import { hasVectorTable, inTransaction } from './pg-pool';

/** Chunk text is sealed like tokens (AES-256-GCM), bound to its workspace and source. */
const sealContext = (teamId: string, sourceId: string) => `knowledge:${teamId}:${sourceId}`;

interface HitRow {
  id: string;
  source_id: string;
  sealed: string;
  location: ChunkLocation;
  kind: SourceKind;
  title: string;
  url: string | null;
  team_id: string;
}

/**
 * What both adapters share: chunks in `knowledge_chunks` (sealed text, location), progress on
 * the source in the same transaction, visibility only through a ready source of the team.
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
        `insert into knowledge_chunks (team_id, source_id, ordinal, sealed, location, dimensions, embedding_f32)
         select $1, $2, t.ordinal, t.sealed, t.location, $3, t.vector
           from unnest($4::int[], $5::text[], $6::jsonb[], $7::bytea[]) as t(ordinal, sealed, location, vector)
         returning id, ordinal`,
        [
          teamId,
          sourceId,
          dimensions,
          chunks.map((c) => c.ordinal),
          chunks.map((c) => this.secrets.seal(c.text, sealContext(teamId, sourceId))),
          chunks.map((c) => JSON.stringify(c.location)),
          chunks.map((c) => (this.storesFloats ? toBytes(c.embedding) : null)),
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

  protected toHit(row: HitRow, score: number): ChunkHit {
    return {
      sourceId: row.source_id,
      kind: row.kind,
      title: row.title,
      url: row.url,
      text: this.secrets.open(row.sealed, sealContext(row.team_id, row.source_id)),
      location: row.location,
      score,
    };
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

  async search(teamId: string, query: ChunkQuery): Promise<ChunkHit[]> {
    const d = checkedDimensions(query.embedding.length);
    await this.ensureIndex(d);
    const limit = Math.max(1, Math.min(100, Math.floor(query.limit)));
    const rows = await inTransaction(this.pool, async (client) => {
      if (this.iterative) await client.query(`set local hnsw.iterative_scan = strict_order`);
      await client.query(`set local hnsw.ef_search = ${Math.max(40, limit * 4)}`);
      const result = await client.query<HitRow & { distance: number }>(
        `select c.id, c.source_id, c.sealed, c.location, c.team_id, s.kind, s.title, s.url, v.distance
           from (select chunk_id, embedding::halfvec(${d}) <=> $2::halfvec(${d}) as distance
                   from knowledge_vectors
                  where team_id = $1 and dimensions = ${d}
                    and source_id in (select id from knowledge_sources where team_id = $1 and status = 'ready' and kind = any($3::text[]))
                  order by embedding::halfvec(${d}) <=> $2::halfvec(${d})
                  limit $4) v
           join knowledge_chunks c on c.id = v.chunk_id and c.team_id = $1
           join knowledge_sources s on s.id = c.source_id and s.team_id = $1
          order by v.distance`,
        [teamId, toLiteral(query.embedding), [...query.kinds], limit],
      );
      return result.rows;
    });
    return rows.map((row) => this.toHit(row, 1 - Number(row.distance)));
  }
}

/**
 * Any PostgreSQL (the embedded default has no pgvector): float32 vectors in a bytea column,
 * exact cosine similarity computed here over the workspace's ready chunks, then only the top k
 * rows are read whole and opened.
 */
export class PortableVectorStore extends PgChunkStore {
  readonly name = 'portable' as const;
  protected readonly storesFloats = true;
  private readonly cache = new Map<string, Matrix>();

  private constructor(pool: pg.Pool, secrets: SecretBox) {
    super(pool, secrets);
  }

  static async create(pool: pg.Pool, secrets: SecretBox): Promise<PortableVectorStore> {
    return new PortableVectorStore(pool, secrets);
  }

  protected async afterInsert(): Promise<void> {}
  protected async beforeClear(): Promise<void> {}

  /**
   * The workspace's vectors of this length and these kinds as one matrix, kept in memory while
   * its ready chunks stay the same (count and newest id, one indexed query per search): exact
   * search is then a scan of floats, not a transfer of every row. Least recently used
   * matrices go first beyond `PORTABLE_CACHE_BYTES`.
   */
  private async matrix(teamId: string, dimensions: number, kinds: readonly string[]): Promise<Matrix> {
    const readySources = `select id from knowledge_sources where team_id = $1 and status = 'ready' and kind = any($3::text[])`;
    const { rows: version } = await this.pool.query<{ n: string; newest: string | null }>(
      `select count(*) as n, max(id) as newest from knowledge_chunks
        where team_id = $1 and dimensions = $2 and embedding_f32 is not null and source_id in (${readySources})`,
      [teamId, dimensions, [...kinds]],
    );
    const key = `${teamId}|${dimensions}|${[...kinds].sort().join(',')}`;
    const stamp = `${version[0]?.n ?? 0}:${version[0]?.newest ?? 0}`;
    const cached = this.cache.get(key);
    if (cached && cached.stamp === stamp) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const { rows } = await this.pool.query<{ id: string; embedding_f32: Buffer }>(
      `select id, embedding_f32 from knowledge_chunks
        where team_id = $1 and dimensions = $2 and embedding_f32 is not null and source_id in (${readySources})`,
      [teamId, dimensions, [...kinds]],
    );
    const vectors = new Float32Array(rows.length * dimensions);
    const inverseNorms = new Float32Array(rows.length);
    rows.forEach((row, r) => {
      let norm = 0;
      for (let i = 0; i < dimensions; i += 1) {
        const x = row.embedding_f32.readFloatLE(i * 4);
        vectors[r * dimensions + i] = x;
        norm += x * x;
      }
      inverseNorms[r] = norm === 0 ? 0 : 1 / Math.sqrt(norm);
    });
    const matrix: Matrix = { stamp, ids: rows.map((r) => String(r.id)), vectors, inverseNorms, bytes: vectors.byteLength + rows.length * 40 };
    this.cache.set(key, matrix);
    let total = [...this.cache.values()].reduce((sum, m) => sum + m.bytes, 0);
    for (const [oldest, entry] of this.cache) {
      if (total <= PORTABLE_CACHE_BYTES || oldest === key) break;
      this.cache.delete(oldest);
      total -= entry.bytes;
    }
    return matrix;
  }

  async search(teamId: string, query: ChunkQuery): Promise<ChunkHit[]> {
    const limit = Math.max(1, Math.min(100, Math.floor(query.limit)));
    const q = normalized(query.embedding);
    const matrix = await this.matrix(teamId, q.length, query.kinds);
    const best: { id: string; score: number }[] = [];
    const d = q.length;
    for (let row = 0; row < matrix.ids.length; row += 1) {
      let dot = 0;
      const offset = row * d;
      for (let i = 0; i < d; i += 1) dot += q[i]! * matrix.vectors[offset + i]!;
      const score = dot * matrix.inverseNorms[row]!;
      if (best.length < limit || score > best[best.length - 1]!.score) {
        best.push({ id: matrix.ids[row]!, score });
        best.sort((a, b) => b.score - a.score);
        if (best.length > limit) best.pop();
      }
    }
    if (best.length === 0) return [];
    const { rows: hits } = await this.pool.query<HitRow>(
      `select c.id, c.source_id, c.sealed, c.location, c.team_id, s.kind, s.title, s.url
         from knowledge_chunks c join knowledge_sources s on s.id = c.source_id and s.team_id = $1
        where c.team_id = $1 and c.id = any($2::bigint[])`,
      [teamId, best.map((b) => b.id)],
    );
    const byId = new Map(hits.map((h) => [String(h.id), h]));
    return best.flatMap((b) => {
      const row = byId.get(String(b.id));
      return row ? [this.toHit(row, b.score)] : [];
    });
  }
}

interface Matrix {
  readonly stamp: string;
  readonly ids: readonly string[];
  readonly vectors: Float32Array;
  readonly inverseNorms: Float32Array;
  readonly bytes: number;
}

/** Memory the portable store may keep for workspaces' matrices (10,000 × 1024 floats ≈ 41 MB). */
const PORTABLE_CACHE_BYTES = 256 * 1024 * 1024;

function checkedDimensions(dimensions: number): number {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 4000) throw new Error(`Vectors must have 1 to 4000 dimensions, not ${dimensions}`);
  return dimensions;
}

function toLiteral(vector: Float32Array): string {
  return `[${Array.from(vector, (x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;
}

function toBytes(vector: Float32Array): Buffer {
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
