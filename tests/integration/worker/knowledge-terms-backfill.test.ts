import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto/secret-box';
import { hashingEmbedding } from '../../../adapters/memory/hashing-embeddings';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { PgBossJobQueue } from '../../../adapters/queue/pg-boss-job-queue';
import { PgKnowledgeTermsBackfill } from '../../../adapters/vector/knowledge-terms-backfill';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { PgvectorStore, PortableVectorStore } from '../../../adapters/vector/pg-vector-stores';
import { ALL_QUEUES } from '../../../apps/shared/queues';
import { loadWorkerConfig } from '../../../apps/worker/config';
import { knowledgeTermsJob } from '../../../apps/worker/jobs/knowledge-terms.job';
import { startWorker, type RunningWorker } from '../../../apps/worker/worker';
import type { VectorStore } from '../../../core/knowledge/vector-store.port';
import { testDatabase } from '../../support/database';
import { testLogger } from '../../support/logger';

const KEY = Buffer.alloc(32, 5).toString('base64');
const secrets = AesGcmSecretBox.fromEnv(KEY);
const T = 'T0TERMS01';
const TARGET = 'The importer stops with ERR-4012 when the CSV header lacks a column; fix the header and upload the file again.';
/** Passages vectors alone rank above the one naming ERR-4012 (ADR 96). */
const SIMILAR = Array.from({ length: 14 }, (_, i) => `What does error ERR-${4020 + i} mean? It means the payment service refused the card; ask the customer for another card.`);
const UNRELATED = Array.from({ length: 10 }, (_, i) => `Offices on floor ${i + 2} close at six on Fridays; visitors sign in at reception.`);
const asked = (text: string) => ({ embedding: hashingEmbedding(text, 1024), text, kinds: ['pdf' as const], limit: 5 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(url: string): Promise<Database> {
  const db = await openDatabase(url, { poolMax: 3 });
  cleanups.push(() => db.close());
  return db;
}

/**
 * A ready source of these passages stored through the store, then left without terms as a
 * database from before the keyword side holds them after its migration (terms null).
 */
async function storedWithoutTerms(db: Database, texts: readonly string[], unhashed: (ordinal: number) => boolean, through?: VectorStore): Promise<string> {
  const pool = await nativePool(db.orm);
  const sources = new PgKnowledgeSourceRepository(pool, secrets);
  const id = randomUUID();
  const at = new Date();
  await sources.add(T, { id, teamId: T, kind: 'pdf', title: 'manual.pdf', url: null, fileId: 'F1', pageLimit: 1, addedBy: 'U1', createdAt: at });
  await sources.markReading(T, id, at);
  await sources.markEmbedding(T, id, texts.length, 100, 'hashing-test', at);
  const store = through ?? (await PortableVectorStore.create(pool, secrets));
  for (let from = 0; from < texts.length; from += 1_000) {
    await store.addChunks(T, id, texts.slice(from, from + 1_000).map((text, i) => ({ ordinal: from + i, text, embedding: hashingEmbedding(text, 1024), location: { page: from + i + 1 } })));
  }
  expect(await sources.markReady(T, id, at)).toBe(true);
  const ordinals = texts.map((_, i) => i).filter(unhashed);
  await pool.query(`update knowledge_chunks set terms = null where source_id = $1 and ordinal = any($2::int[])`, [id, ordinals]);
  return id;
}

async function unhashedCount(db: Database): Promise<number> {
  const [row] = await db.orm.em.getConnection().execute<{ n: number }[]>(`select count(*)::int as n from knowledge_chunks where terms is null`);
  return row!.n;
}

describe('Knowledge terms backfill (ADR 96): passages stored before the keyword side', () => {
  it('are hashed by the job the worker queues at start-up, and ERR-4012 is then found first by keyword', async () => {
    const { url } = await testDatabase();
    const db = await database(url);
    const texts = [...SIMILAR, TARGET, ...UNRELATED];
    await storedWithoutTerms(db, texts, () => true);
    const store = await PortableVectorStore.create(await nativePool(db.orm), secrets);
    const question = 'What does ERR-4012 mean?';
    // Not hashed yet: no keyword side, so the vectors alone leave the code's passage out of the top 5.
    expect((await store.search(T, asked(question))).map((h) => h.text)).not.toContain(TARGET);

    const queue = await PgBossJobQueue.start(url, { logger: testLogger, queues: ALL_QUEUES });
    cleanups.push(() => queue.stop(1_000));
    const worker: RunningWorker = await startWorker({ config: loadWorkerConfig({ DATABASE_URL: url, ENCRYPTION_KEY: KEY }), logger: testLogger, database: db, queue });
    cleanups.push(() => worker.stop());
    for (let polls = 0; (await unhashedCount(db)) > 0; polls += 1) {
      if (polls > 300) throw new Error('the worker did not hash the passages');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const hits = await store.search(T, asked(question));
    expect(hits[0]).toMatchObject({ text: TARGET, location: { page: 15 } });
    const rows = await db.orm.em.getConnection().execute<{ terms: string }[]>(`select terms::text from knowledge_chunks`);
    for (const { terms } of rows) expect(terms).toMatch(/^\{-?\d+(,-?\d+)+\}$/);
  });

  it('two workers running the job at once hash each passage once', async () => {
    const { url } = await testDatabase();
    const [one, two] = [await database(url), await database(url)];
    const texts = Array.from({ length: 1_200 }, (_, i) => `Passage ${i}: the harbour office on floor ${i % 40} keeps ledger ${i * 7} in room ${i % 13}.`);
    await storedWithoutTerms(one, texts, () => true);
    const sql = one.orm.em.getConnection();
    await sql.execute(`create table hashed_log (chunk_id bigint not null)`);
    await sql.execute(`create function log_hashed() returns trigger language plpgsql as $$ begin insert into hashed_log values (new.id); return new; end $$`);
    await sql.execute(`create trigger hashed after update of terms on knowledge_chunks for each row when (new.terms is not null) execute function log_hashed()`);

    const queue = await PgBossJobQueue.start(url, { logger: testLogger, queues: ALL_QUEUES });
    cleanups.push(() => queue.stop(1_000));
    const runs = [one, two].map(async (db) => {
      const job = knowledgeTermsJob({ backfill: new PgKnowledgeTermsBackfill(await nativePool(db.orm), secrets), queue, logger: testLogger });
      return job({}, { id: randomUUID(), name: 'knowledge-terms' });
    });
    const outputs = (await Promise.all(runs)) as { hashed: number }[];

    expect(await unhashedCount(one)).toBe(0);
    expect(outputs.reduce((sum, o) => sum + o.hashed, 0)).toBe(texts.length);
    const [log] = await sql.execute<{ updates: number; passages: number }[]>(`select count(*)::int as updates, count(distinct chunk_id)::int as passages from hashed_log`);
    expect(log).toEqual({ updates: texts.length, passages: texts.length });
  });

  it.each([
    ['portable', (pool: Awaited<ReturnType<typeof nativePool>>) => PortableVectorStore.create(pool, secrets)],
    ['pgvector', (pool: Awaited<ReturnType<typeof nativePool>>) => PgvectorStore.create(pool, secrets)],
  ] as const)('%s: a passage not hashed yet is still found by its vector meanwhile, beside hashed ones found by keyword', async (_name, create) => {
    const { url } = await testDatabase();
    const db = await database(url);
    const late = 'Parking permits for the north garage are renewed every March at the front desk.';
    const texts = [...SIMILAR, TARGET, ...UNRELATED, late];
    const store: VectorStore = await create(await nativePool(db.orm));
    await storedWithoutTerms(db, texts, (ordinal) => ordinal === texts.length - 1, store);
    expect(await unhashedCount(db)).toBe(1);

    // Its vector is the nearest; without a keyword side it may sit below a passage found by both sides.
    const hits = await store.search(T, asked('When are parking permits for the north garage renewed?'));
    expect(hits.find((h) => h.text === late)).toMatchObject({ location: { page: texts.length } });
    expect((await store.search(T, { ...asked('parking permits north garage'), text: undefined }))[0]?.text).toBe(late);
    expect((await store.search(T, asked('What does ERR-4012 mean?')))[0]?.text).toBe(TARGET);
  });
});
