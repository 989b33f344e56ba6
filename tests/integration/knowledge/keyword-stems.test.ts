import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto/secret-box';
import { GuardedHttpClient } from '../../../adapters/http/guarded-http-client';
import { LangChainTextSplitter } from '../../../adapters/knowledge/langchain-text-splitter';
import { WebSourceReader } from '../../../adapters/knowledge/web-source-reader';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { HashingEmbeddings } from '../../../adapters/memory/hashing-embeddings';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { PgBossJobQueue } from '../../../adapters/queue/pg-boss-job-queue';
import { hashArray, termHashes } from '../../../adapters/vector/knowledge-sealing';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { PgvectorStore, PortableVectorStore } from '../../../adapters/vector/pg-vector-stores';
import { ALL_QUEUES } from '../../../apps/shared/queues';
import { loadWorkerConfig } from '../../../apps/worker/config';
import { startWorker } from '../../../apps/worker/worker';
import { IngestSource } from '../../../core/knowledge/ingest-source.use-case';
import { knowledgeSearchTool } from '../../../core/knowledge/knowledge-search.tool';
import { writtenTerms } from '../../../core/knowledge/keyword-search';
import type { VectorStore } from '../../../core/knowledge/vector-store.port';
import { startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';
import { testDatabase } from '../../support/database';
import { testLogger } from '../../support/logger';

const KEY = Buffer.alloc(32, 9).toString('base64');
const secrets = AesGcmSecretBox.fromEnv(KEY);
const T = 'T0STEMS01';

/** The one passage about refunds: it says only "refunds", never "refund". */
const REFUNDS = 'Customers get their money back as refunds within thirty days when the item comes back unused and in its box.';
/** Passages worded like the question, which vectors alone rank above the refunds passage. */
const SIMILAR = Array.from(
  { length: 16 },
  (_, i) => `What is our policy for orders shipped to region ${i + 1}? Orders to region ${i + 1} leave the warehouse within ${i + 2} days of payment.`,
);
const QUESTION = 'What is our refund policy for orders?';

/** One page per passage: each paragraph is longer than half a chunk, so the splitter keeps them apart. */
const page = (texts: readonly string[]) =>
  `<html><head><title>Help centre</title></head><body><article><h1>Help centre</h1>${texts.map((t) => `<p>${t}</p>`).join('')}</article></body></html>`;

describe('Knowledge keyword side stems English words (ADR 98): "refund" finds "refunds"', () => {
  let web: FakeWeb;
  let db: Database;
  let url: string;
  let pool: pg.Pool;
  beforeAll(async () => {
    web = await startFakeWeb();
    web.page('/help', { type: 'text/html', body: page([...SIMILAR.slice(0, 8), REFUNDS, ...SIMILAR.slice(8)]) });
    url = (await testDatabase()).url;
    db = await openDatabase(url, { poolMax: 4 });
    pool = await nativePool(db.orm);
  });
  afterAll(async () => {
    await db?.close();
    await web?.close();
  });

  const sources = () => new PgKnowledgeSourceRepository(pool, secrets);

  /** The help page added as a web source of the workspace and ingested as the worker does (read, split, embed, store). */
  async function ingested(store: VectorStore): Promise<string> {
    const id = randomUUID();
    await sources().add(T, { id, teamId: T, kind: 'web', title: 'Help centre', url: `${web.origin}/help`, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
    const reader = new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [web.host] }));
    const result = await new IngestSource({
      sources: sources(),
      store,
      embeddings: new HashingEmbeddings(1024),
      splitter: new LangChainTextSplitter({ proseChunk: 200, overlap: 0 }),
      readers: { web: reader, pdf: reader, repository: reader },
      clock: new FakeClock(),
      planOf: async () => 'premium',
      batchSize: 8,
    }).execute({ teamId: T, sourceId: id });
    expect(result).toMatchObject({ status: 'ready', chunks: SIMILAR.length + 1 });
    return id;
  }

  /** What html_search hands the model (and cites) for a question: its passages, best first. */
  async function searched(store: VectorStore, query: string): Promise<string[]> {
    const tool = knowledgeSearchTool('web', { store, embeddings: new HashingEmbeddings(1024) });
    const out = await tool.run({ query }, { teamId: T, userId: 'U1', locale: 'en', plan: 'premium', searchResults: 5, signal: new AbortController().signal });
    return out.content.split(/\n\n(?=\[\d\] )/).map((hit) => hit.split('\n').slice(1).join('\n'));
  }

  const clear = async () => {
    await pool.query(`delete from knowledge_chunks where team_id = $1`, [T]);
    await pool.query(`delete from knowledge_sources where team_id = $1`, [T]);
  };

  it.each([
    ['pgvector', () => PgvectorStore.create(pool, secrets)],
    ['portable', () => PortableVectorStore.create(pool, secrets)],
  ] as const)('%s: a question asking for "refund" gets the passage saying only "refunds" among its 5 passages', async (_name, create) => {
    await clear();
    const store = await create();
    await ingested(store);
    // Before, "refund" and "refunds" were different terms: the question's only rare word matched
    // nothing, and the vectors alone put the 16 order-policy passages first.
    const hits = await searched(store, QUESTION);
    expect(hits).toHaveLength(5);
    expect(hits).toContain(REFUNDS);
    // The vector side alone still leaves it out: it is the stem that finds it.
    const [embedding] = await new HashingEmbeddings(1024).embed([QUESTION]);
    expect((await store.search(T, { embedding: embedding!, kinds: ['web'], limit: 5 })).map((h) => h.text)).not.toContain(REFUNDS);
  });

  it('passages hashed by the previous release (words as written) are found by the words as written meanwhile, hashed again by the worker, then found by stem', async () => {
    await clear();
    const store = await PortableVectorStore.create(pool, secrets);
    const id = await ingested(store);
    // As the previous release stored them: each word's hash as written, no terms version (the column's default).
    const { rows } = await pool.query<{ id: string; sealed: string }>(`select id, sealed from knowledge_chunks where source_id = $1`, [id]);
    for (const row of rows) {
      const text = secrets.open(row.sealed, `knowledge:${T}:${id}`);
      await pool.query(`update knowledge_chunks set terms = $2::bigint[], terms_version = default where id = $1`, [row.id, hashArray(termHashes(secrets, T, writtenTerms(text), 'current'))]);
    }
    const stale = async () => (await pool.query<{ n: number }>(`select count(*)::int as n from knowledge_chunks where terms_version < 2`)).rows[0]!.n;
    expect(await stale()).toBe(SIMILAR.length + 1);

    // Not hashed again yet: "refund" is not among their words as written, so the passage is not found…
    expect(await searched(store, QUESTION)).not.toContain(REFUNDS);
    // …but a question with the word as the passage writes it still finds it, as before stemming.
    expect(await searched(store, 'What is our refunds policy for orders?')).toContain(REFUNDS);

    const queue = await PgBossJobQueue.start(url, { logger: testLogger, queues: ALL_QUEUES });
    const worker = await startWorker({ config: loadWorkerConfig({ DATABASE_URL: url, ENCRYPTION_KEY: KEY }), logger: testLogger, database: db, queue });
    try {
      for (let polls = 0; (await stale()) > 0; polls += 1) {
        if (polls > 300) throw new Error('the worker did not hash the passages again');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.stop();
      await queue.stop(1_000);
    }

    expect(await searched(store, QUESTION)).toContain(REFUNDS);
    expect(await searched(store, 'What is our refunds policy for orders?')).toContain(REFUNDS);
    const { rows: after } = await pool.query<{ terms: string; version: number }>(`select terms::text, terms_version as version from knowledge_chunks where source_id = $1`, [id]);
    for (const row of after) expect(row).toMatchObject({ terms: expect.stringMatching(/^\{-?\d+(,-?\d+)+\}$/), version: 2 });
  });
});
