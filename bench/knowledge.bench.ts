import { randomBytes, randomUUID } from 'node:crypto';
import { AesGcmSecretBox } from '../adapters/crypto/secret-box';
import { LangChainTextSplitter } from '../adapters/knowledge/langchain-text-splitter';
import { FakeClock } from '../adapters/memory/fake-clock';
import { HashingEmbeddings } from '../adapters/memory/hashing-embeddings';
import { openDatabase } from '../adapters/postgres/database';
import { nativePool } from '../adapters/postgres/native-pool';
import { PgKnowledgeSourceRepository } from '../adapters/vector/pg-knowledge-source-repository';
import { hasVectorTable } from '../adapters/vector/pg-pool';
import { PgvectorStore, PortableVectorStore } from '../adapters/vector/pg-vector-stores';
import type { SourceContentReader } from '../core/knowledge/content-reader.port';
import { IngestSource } from '../core/knowledge/ingest-source.use-case';
import type { VectorStore } from '../core/knowledge/vector-store.port';
import { quantile, startBenchDatabase } from './slack-bench-world';

// `npm run bench knowledge`: vector search and ingestion (issue 13). Sizes from the issue;
// KNOWLEDGE_BENCH_CHUNKS / KNOWLEDGE_BENCH_PORTABLE scale them down for a quick run.
// Vectors are clustered (100 topics + noise), like real embeddings, not uniform noise.
const DIMS = 1024;
const TEAMS = 10;
const CHUNKS = Number(process.env.KNOWLEDGE_BENCH_CHUNKS ?? 100_000);
const PORTABLE_CHUNKS = Number(process.env.KNOWLEDGE_BENCH_PORTABLE ?? 10_000);
const QUERIES = 100;
/** Timed passes over the queries (best and median reported: the machine may be shared). */
const PASSES = Number(process.env.KNOWLEDGE_BENCH_PASSES ?? 5);
const K = 10;

const secrets = AesGcmSecretBox.fromEnv(randomBytes(32).toString('base64'));
const at = new Date();
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x7fffffff - 0.5;
};
const centers = Array.from({ length: 100 }, () => Float32Array.from({ length: DIMS }, random));
const vector = (topic: number, noise = 0.6) => {
  const c = centers[topic % centers.length]!;
  return Float32Array.from(c, (x) => x + noise * random());
};
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

const db = await startBenchDatabase();
const database = await openDatabase(db.url, { poolMax: 8 });
try {
  await database.migrateUp();
  const pool = await nativePool(database.orm);
  const sources = new PgKnowledgeSourceRepository(pool, secrets);

  async function load(store: VectorStore, teamId: string, count: number): Promise<void> {
    const id = randomUUID();
    await sources.add(teamId, { id, teamId, kind: 'pdf', title: `bench ${teamId}`, url: null, fileId: null, pageLimit: 1, addedBy: 'U0', createdAt: at });
    await sources.markEmbedding(teamId, id, count, 0, 'bench', at);
    for (let start = 0; start < count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        ordinal: start + i,
        text: `passage ${start + i} of ${teamId}`,
        embedding: vector(start + i),
        location: { page: 1 + ((start + i) % 300) },
      }));
      await store.addChunks(teamId, id, batch);
    }
    if (!(await sources.markReady(teamId, id, at))) throw new Error('source not ready after load');
  }

  // The exact scan's p95 over one workspace, the baseline the portable search is printed against.
  let exactP95: number | undefined;
  if (await hasVectorTable(pool)) {
    const store = await PgvectorStore.create(pool, secrets);
    // Bulk load without the index, then build it once (as a restore would).
    await pool.query('drop index if exists knowledge_vectors_hnsw_1024');
    let started = performance.now();
    for (let t = 0; t < TEAMS; t += 1) await load(store, `TBENCH${t}`, Math.floor(CHUNKS / TEAMS));
    const loadMs = performance.now() - started;
    started = performance.now();
    await pool.query(`set maintenance_work_mem = '512MB'`);
    await pool.query(`create index knowledge_vectors_hnsw_1024 on knowledge_vectors using hnsw ((embedding::halfvec(1024)) halfvec_cosine_ops) where dimensions = 1024`);
    const buildMs = performance.now() - started;
    await pool.query('analyze knowledge_vectors');

    // The truth first: an exact sequential scan of the workspace's rows for each query.
    const queries = Array.from({ length: QUERIES }, (_, q) => ({ teamId: `TBENCH${q % TEAMS}`, embedding: vector(q * 7 + 3) }));
    const exact: number[] = [];
    const truth: Set<string>[] = [];
    for (const query of queries) {
      const t0 = performance.now();
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('set local enable_indexscan = off');
        await client.query('set local enable_bitmapscan = off');
        const { rows } = await client.query<{ chunk_id: string }>(
          `select chunk_id from knowledge_vectors where team_id = $1 and dimensions = 1024 order by embedding::halfvec(1024) <=> $2::halfvec(1024) limit ${K}`,
          [query.teamId, `[${Array.from(query.embedding).join(',')}]`],
        );
        await client.query('commit');
        truth.push(new Set(rows.map((r) => String(r.chunk_id))));
      } finally {
        client.release();
      }
      exact.push(performance.now() - t0);
    }
    // Then the adapter's own search (what a search tool calls: ready sources, HNSW scan, sealed
    // passages opened), warmed up, in PASSES passes: a shared machine's noise shows as spread.
    let recall = 0;
    for (const [q, query] of queries.entries()) {
      const approx = await store.search(query.teamId, { embedding: query.embedding, kinds: ['pdf'], limit: K });
      const ids = await idsOf(approx.map((h) => h.text), query.teamId);
      recall += [...truth[q]!].filter((id) => ids.has(id)).length / K;
    }
    const passes: number[][] = [];
    for (let pass = 0; pass < PASSES; pass += 1) {
      const times: number[] = [];
      for (const query of queries) {
        const t0 = performance.now();
        await store.search(query.teamId, { embedding: query.embedding, kinds: ['pdf'], limit: K });
        times.push(performance.now() - t0);
      }
      passes.push(times);
    }
    exactP95 = quantile(exact, 0.95);
    const byP95 = [...passes].sort((a, b) => quantile(a, 0.95) - quantile(b, 0.95));
    const best = byP95[0]!;
    const typical = byP95[Math.floor(byP95.length / 2)]!;
    console.log(`pgvector: ${CHUNKS.toLocaleString('en')} chunks × ${DIMS} dimensions across ${TEAMS} workspaces (load ${ms(loadMs / 1000)} s, HNSW build ${ms(buildMs / 1000)} s)`);
    console.log(`  HNSW search  best pass p50 ${ms(quantile(best, 0.5))} ms  p95 ${ms(quantile(best, 0.95))} ms; median pass p50 ${ms(quantile(typical, 0.5))} ms  p95 ${ms(quantile(typical, 0.95))} ms  (goal p95 < 20 ms; ${PASSES} passes of ${QUERIES})`);
    console.log(`  exact query  p50 ${ms(quantile(exact, 0.5))} ms  p95 ${ms(quantile(exact, 0.95))} ms  (sequential scan, same run)`);
    console.log(`  ratio p95: ${(quantile(typical, 0.95) / quantile(exact, 0.95)).toFixed(3)}× exact; recall@${K} vs exact ${(recall / QUERIES).toFixed(3)} (goal ≥ 0.95)`);
  } else {
    console.log('pgvector: not installed in this PostgreSQL; run .ci/install-pgvector.sh (portable numbers follow)');
  }

  // Portable adapter: one workspace of PORTABLE_CHUNKS, exact cosine over its rows.
  const portable = await PortableVectorStore.create(pool, secrets);
  await load(portable, 'TPORTABLE', PORTABLE_CHUNKS);
  let t0 = performance.now();
  await portable.search('TPORTABLE', { embedding: vector(0), kinds: ['pdf'], limit: K });
  const coldMs = performance.now() - t0;
  const portablePasses: number[][] = [];
  for (let pass = 0; pass < PASSES; pass += 1) {
    const times: number[] = [];
    for (let q = 0; q < 50; q += 1) {
      t0 = performance.now();
      await portable.search('TPORTABLE', { embedding: vector(q * 11), kinds: ['pdf'], limit: K });
      times.push(performance.now() - t0);
    }
    portablePasses.push(times);
  }
  portablePasses.sort((a, b) => quantile(a, 0.95) - quantile(b, 0.95));
  const [bestPortable, typicalPortable] = [portablePasses[0]!, portablePasses[Math.floor(PASSES / 2)]!];
  console.log(
    `portable: ${PORTABLE_CHUNKS.toLocaleString('en')} chunks × ${DIMS} in one workspace  best pass p50 ${ms(quantile(bestPortable, 0.5))} ms  p95 ${ms(quantile(bestPortable, 0.95))} ms; ` +
      `median pass p50 ${ms(quantile(typicalPortable, 0.5))} ms  p95 ${ms(quantile(typicalPortable, 0.95))} ms  (goal p95 < 150 ms); first search, loading the matrix: ${ms(coldMs)} ms`,
  );
  if (exactP95 !== undefined && PORTABLE_CHUNKS === Math.floor(CHUNKS / TEAMS)) {
    console.log(`  ratio p95: ${(quantile(typicalPortable, 0.95) / exactP95).toFixed(3)}× pgvector's exact scan of a workspace of the same size (same run)`);
  }

  // Ingestion with a zero-latency embedder: read → split → embed → seal → store.
  const words = Array.from({ length: 60_000 }, (_, i) => `word${i % 997}`).join(' ');
  const text = Array.from({ length: 200 }, (_, i) => `Section ${i}. ${words.slice((i % 50) * 9_000, (i % 50) * 9_000 + 9_000)}`).join('\n\n');
  const reader: SourceContentReader = { read: async () => ({ documents: [{ text, location: { page: 1 } }], sizeBytes: text.length }) };
  const rates: number[] = [];
  for (const [name, store] of [['portable', portable] as const, ...((await hasVectorTable(pool)) ? [['pgvector', await PgvectorStore.create(pool, secrets)] as const] : [])]) {
    const ingest = new IngestSource({
      sources,
      store,
      embeddings: new HashingEmbeddings(DIMS),
      splitter: new LangChainTextSplitter(),
      readers: { web: reader, pdf: reader, repository: reader },
      clock: new FakeClock(),
      planOf: async () => 'premium',
      batchSize: 64,
    });
    const id = randomUUID();
    await sources.add('TINGEST', { id, teamId: 'TINGEST', kind: 'pdf', title: 'ingest', url: null, fileId: null, pageLimit: 1, addedBy: 'U0', createdAt: at });
    const t0 = performance.now();
    const result = await ingest.execute({ teamId: 'TINGEST', sourceId: id });
    const seconds = (performance.now() - t0) / 1000;
    if (result.status !== 'ready') throw new Error(`ingestion ended ${result.status}`);
    console.log(`ingestion (${name}, zero-latency embedder): ${result.chunks} chunks in ${ms(seconds)} s = ${Math.round(result.chunks / seconds)} chunks/s`);
    rates.push(result.chunks / seconds);
    await sources.remove('TINGEST', id);
  }
  if (rates.length === 2) console.log(`  ratio: pgvector ingests at ${(rates[1]! / rates[0]!).toFixed(3)}× the portable rate (HNSW inserts)`);

  async function idsOf(texts: string[], teamId: string): Promise<Set<string>> {
    // Passage texts are "passage <ordinal> of <team>": map back to chunk ids through the ordinal.
    const ordinals = texts.map((t) => Number(/passage (\d+)/.exec(t)?.[1] ?? -1));
    const { rows } = await pool.query<{ id: string }>(`select id from knowledge_chunks where team_id = $1 and ordinal = any($2::int[])`, [teamId, ordinals]);
    return new Set(rows.map((r) => String(r.id)));
  }
} finally {
  await database.close();
  await db.drop();
}
