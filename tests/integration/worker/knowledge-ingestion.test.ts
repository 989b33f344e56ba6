import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto/secret-box';
import { LangChainTextSplitter } from '../../../adapters/knowledge/langchain-text-splitter';
import { PdfSourceReader } from '../../../adapters/knowledge/pdf-source-reader';
import { PgRobotsCache } from '../../../adapters/knowledge/robots-cache';
import { WebSourceReader } from '../../../adapters/knowledge/web-source-reader';
import { GuardedHttpClient } from '../../../adapters/http/guarded-http-client';
import { createLogger } from '../../../adapters/logging/logger';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { HashingEmbeddings } from '../../../adapters/memory/hashing-embeddings';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { PgBossJobQueue } from '../../../adapters/queue/pg-boss-job-queue';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { PgvectorStore } from '../../../adapters/vector/pg-vector-stores';
import { openLocation } from '../../../adapters/vector/knowledge-sealing';
import { knowledgeIngestJobHandler } from '../../../apps/worker/jobs/knowledge-ingest.job';
import { knowledgeSection } from '../../../apps/worker/home/sections/knowledge.section';
import { KNOWLEDGE_QUOTAS } from '../../../core/knowledge/knowledge-source';
import { EmbeddingsError, type Embeddings } from '../../../core/knowledge/embeddings.port';
import { IngestSource } from '../../../core/knowledge/ingest-source.use-case';
import { pdfInflatingTo, pdfWithText, scannedPdf } from '../../fakes/web/documents';
import { startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';
import { testDatabase } from '../../support/database';
import { dumpTables } from '../../support/table-dump';

const SECRET = 'The vault combination is 7-31-44 and only Mira knows it.';
const T = 'T0INGEST';
const secrets = AesGcmSecretBox.fromEnv(Buffer.alloc(32, 3).toString('base64'));

describe('Knowledge ingestion on PostgreSQL: killed mid-way, retried, logged', () => {
  let database: Database;
  let databaseUrl: string;
  let web: FakeWeb;
  let sources: PgKnowledgeSourceRepository;
  let store: PgvectorStore;
  const lines: string[] = [];
  const logger = createLogger({
    level: 'trace',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });

  beforeAll(async () => {
    web = await startFakeWeb();
    const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i} about the harbour office and its many rooms, corridors and stairs. ${i === 17 ? SECRET : ''}</p>`).join('');
    web.page('/vault', { type: 'text/html', body: `<html><head><title>Vault</title></head><body><article><h1>Vault</h1>${paragraphs}</article></body></html>` });
    databaseUrl = (await testDatabase()).url;
    database = await openDatabase(databaseUrl, { poolMax: 4 });
    const pool = await nativePool(database.orm);
    sources = new PgKnowledgeSourceRepository(pool, secrets);
    store = await PgvectorStore.create(pool, secrets);
  });
  afterAll(async () => {
    await database.close();
    await web.close();
  });

  const ingest = (embeddings: Embeddings) =>
    new IngestSource({
      sources,
      store,
      embeddings,
      splitter: new LangChainTextSplitter({ proseChunk: 300, overlap: 0 }),
      readers: (() => {
        const reader = new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [web.host] }));
        return { web: reader, pdf: reader, repository: reader };
      })(),
      clock: new FakeClock(),
      planOf: async () => 'premium',
      batchSize: 4,
    });

  async function newSource(): Promise<string> {
    const id = randomUUID();
    await sources.add(T, { id, teamId: T, kind: 'web', title: 'Vault', url: `${web.origin}/vault`, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
    return id;
  }
  const stored = async (id: string) =>
    (await database.orm.em.getConnection().execute<{ ordinal: number }[]>(`select ordinal from knowledge_chunks where source_id = ? order by ordinal`, [id])).map((r) => r.ordinal);

  it('a worker killed after two batches leaves nothing searchable and no duplicate once the job runs again', async () => {
    const id = await newSource();
    let batches = 0;
    const dying: Embeddings = {
      model: 'hashing-test',
      dimensions: 1024,
      embed: async (texts) => {
        batches += 1;
        if (batches === 3) throw new Error('SIGKILL');
        return new HashingEmbeddings(1024).embed(texts);
      },
    };
    await expect(ingest(dying).execute({ teamId: T, sourceId: id })).rejects.toThrow('SIGKILL');
    expect(await stored(id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const query = { embedding: (await new HashingEmbeddings(1024).embed(['vault combination Mira']))[0]!, kinds: ['web' as const], limit: 3 };
    expect(await store.search(T, query)).toEqual([]);
    expect((await sources.get(T, id))?.status).toBe('embedding');

    const result = await ingest(new HashingEmbeddings(1024)).execute({ teamId: T, sourceId: id });
    expect(result.status).toBe('ready');
    const ordinals = await stored(id);
    expect(ordinals).toEqual([...new Set(ordinals)]);
    expect(ordinals).toHaveLength(result.status === 'ready' ? result.chunks : -1);
    expect((await store.search(T, query))[0]?.text).toContain('7-31-44');
  });

  it('logs ids, counts and error classes, never the passages, on success, failure and retry', async () => {
    const handler = (embeddings: Embeddings) => knowledgeIngestJobHandler({ ingest: ingest(embeddings), logger });
    const outputs = [
      await handler(new HashingEmbeddings(1024))({ teamId: T, sourceId: await newSource() }, { id: 'j1', name: 'knowledge-ingest' }),
      await handler({ model: 'm', dimensions: 1024, embed: async () => Promise.reject(new EmbeddingsError('HTTP 400: bad input', { retryable: false })) })(
        { teamId: T, sourceId: await newSource() },
        { id: 'j2', name: 'knowledge-ingest' },
      ),
    ];
    await expect(
      handler({ model: 'm', dimensions: 1024, embed: async () => Promise.reject(new EmbeddingsError('HTTP 503: overloaded', { retryable: true })) })(
        { teamId: T, sourceId: await newSource() },
        { id: 'j3', name: 'knowledge-ingest' },
      ),
    ).rejects.toThrow('HTTP 503');
    expect(outputs).toMatchObject([{ status: 'ready' }, { status: 'failed', failure: 'embedding_failed' }]);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const all = lines.join('\n');
    expect(all).toContain('knowledge source ingested');
    expect(all).toContain('knowledge ingestion failed; retried');
    for (const secret of ['7-31-44', 'vault combination', 'Mira', 'harbour office']) expect(all).not.toContain(secret);
    expect(JSON.stringify(outputs)).not.toContain('harbour');
  });

  it('marks a scanned PDF, linked or uploaded, failed with no text instead of storing an empty document', async () => {
    // A scan has images on its pages and no text layer: pdf.js finds no text in it.
    const scan = scannedPdf(3);
    web.page('/contract-scan.pdf', { type: 'application/pdf', body: scan });
    const linked = randomUUID();
    await sources.add(T, { id: linked, teamId: T, kind: 'web', title: 'Contract', url: `${web.origin}/contract-scan.pdf`, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
    const uploaded = randomUUID();
    await sources.add(T, { id: uploaded, teamId: T, kind: 'pdf', title: 'contract-scan.pdf', url: null, fileId: 'F1', pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
    const ingestion = new IngestSource({
      sources,
      store,
      embeddings: new HashingEmbeddings(1024),
      splitter: new LangChainTextSplitter({ proseChunk: 300, overlap: 0 }),
      readers: { web: new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [web.host] })), pdf: new PdfSourceReader(async () => scan), repository: new PdfSourceReader(async () => scan) },
      clock: new FakeClock(),
      planOf: async () => 'premium',
    });

    for (const id of [linked, uploaded]) {
      expect(await ingestion.execute({ teamId: T, sourceId: id })).toEqual({ status: 'failed', failure: 'no_text' });
      expect(await sources.get(T, id)).toMatchObject({ status: 'failed', failure: 'no_text', chunkCount: 0 });
      expect(await stored(id)).toEqual([]);
    }
  });

  it('fails the same PDF uploaded again (another Slack file, same bytes) before embedding it, so its passages are not stored and cited twice; once the first is deleted, Try again reads it', async () => {
    const team = 'T0SAMEPDF';
    const handbook = pdfWithText(['Harbour handbook', 'Pilots board at the fairway buoy, two miles out.'], 'Handbook');
    const other = pdfWithText(['Tariffs', 'A berth costs 42 euros a night.'], 'Tariffs');
    const files: Record<string, Uint8Array> = { F1: handbook, F2: handbook, F3: other };
    const embedded: number[] = [];
    const embeddings = new HashingEmbeddings(1024);
    const counting: Embeddings = { model: embeddings.model, dimensions: embeddings.dimensions, embed: async (texts) => (embedded.push(texts.length), embeddings.embed(texts)) };
    const pdf = new PdfSourceReader(async (source) => files[source.fileId!]!);
    const ingestion = new IngestSource({
      sources, store, embeddings: counting, splitter: new LangChainTextSplitter({ proseChunk: 300, overlap: 0 }),
      readers: { web: pdf, pdf, repository: pdf }, clock: new FakeClock(), planOf: async () => 'premium',
    });
    const upload = async (fileId: string, name: string) => {
      const id = randomUUID();
      await sources.add(team, { id, teamId: team, kind: 'pdf', title: name, url: null, fileId, pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
      return id;
    };
    const first = await upload('F1', 'handbook.pdf');
    expect(await ingestion.execute({ teamId: team, sourceId: first })).toMatchObject({ status: 'ready' });
    const calls = embedded.length;
    const again = await upload('F2', 'handbook (1).pdf');
    expect(await ingestion.execute({ teamId: team, sourceId: again })).toEqual({ status: 'failed', failure: 'duplicate_content' });
    expect(embedded.length).toBe(calls);
    expect(await stored(again)).toEqual([]);
    // Another file is read as ever; the same file in another workspace too.
    expect(await ingestion.execute({ teamId: team, sourceId: await upload('F3', 'tariffs.pdf') })).toMatchObject({ status: 'ready' });
    const elsewhere = randomUUID();
    await sources.add('T0OTHERPDF', { id: elsewhere, teamId: 'T0OTHERPDF', kind: 'pdf', title: 'handbook.pdf', url: null, fileId: 'F1', pageLimit: 1, addedBy: 'U9', createdAt: new Date() });
    expect(await ingestion.execute({ teamId: 'T0OTHERPDF', sourceId: elsewhere })).toMatchObject({ status: 'ready' });
    const home = JSON.stringify(
      knowledgeSection({
        facts: { locale: 'ja', appName: 'Tomo', knowledge: { sources: [{ ...(await sources.get(team, again))!, canRemove: true }], quota: KNOWLEDGE_QUOTAS.premium, usage: { sources: 3, chunks: 2 }, counts: { web: 0, pdf: 3, repository: 0 }, plan: 'premium' } } as never,
        t: (code) => code, page: (path) => path, day: (date) => date.toISOString().slice(0, 10),
      }),
    );
    expect(home).toContain('失敗：このファイルはすでにワークスペースのソースにあります（以前にアップロードされた同じPDF）。こちらは削除してください。');
    // The first deleted, the copy's Try again reads it.
    expect(await sources.remove(team, first)).toBe(true);
    expect(await sources.markQueued(team, again, new Date())).toBe(true);
    expect(await ingestion.execute({ teamId: team, sourceId: again })).toMatchObject({ status: 'ready' });
  });

  it('fails an uploaded PDF whose page inflates to 50 MB of text as too large once its time is up, and reads the next upload', async () => {
    // 150 KB that pdf.js works on for 13 s: on the worker's main thread every answer of the
    // process waited, and no time limit could end it.
    const bomb = pdfInflatingTo(50);
    const files: Record<string, Buffer> = { F1: bomb, F2: pdfWithText(['Harbour office hours', 'The harbour office opens at nine.']) };
    const [hostile, honest] = [randomUUID(), randomUUID()];
    await sources.add(T, { id: hostile, teamId: T, kind: 'pdf', title: 'export.pdf', url: null, fileId: 'F1', pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
    await sources.add(T, { id: honest, teamId: T, kind: 'pdf', title: 'hours.pdf', url: null, fileId: 'F2', pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
    // 3 s: the bomb needs 13, and the honest file, read by a fresh worker thread, fits on a busy machine too (1 s did not, in a CI run beside other jobs).
    const pdf = new PdfSourceReader(async (source) => files[source.fileId!]!, { timeoutMs: 3_000 });
    const ingestion = new IngestSource({
      sources,
      store,
      embeddings: new HashingEmbeddings(1024),
      splitter: new LangChainTextSplitter({ proseChunk: 300, overlap: 0 }),
      readers: { web: new WebSourceReader(new GuardedHttpClient()), pdf, repository: pdf },
      clock: new FakeClock(),
      planOf: async () => 'premium',
    });

    expect(await ingestion.execute({ teamId: T, sourceId: hostile })).toEqual({ status: 'failed', failure: 'too_large' });
    expect(await sources.get(T, hostile)).toMatchObject({ status: 'failed', failure: 'too_large', chunkCount: 0 });
    expect(await ingestion.execute({ teamId: T, sourceId: honest })).toMatchObject({ status: 'ready' });
    const query = { embedding: (await new HashingEmbeddings(1024).embed(['harbour office opens']))[0]!, kinds: ['pdf' as const], limit: 20 };
    expect((await store.search(T, query)).find((hit) => hit.sourceId === honest)?.text).toContain('opens at nine');
  }, 60_000);

  it('stores a page whose title carries a NUL character (PostgreSQL JSON refuses one) and finds it', async () => {
    web.page('/nul-title', { type: 'text/html', body: `<html><head><title>Harbour\u0000 office</title></head><body><article><p>${SECRET} The harbour office opens at nine.</p></article></body></html>` });
    const id = randomUUID();
    await sources.add(T, { id, teamId: T, kind: 'web', title: 'Harbour', url: `${web.origin}/nul-title`, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
    // Once, not after five failed retries ending in "could not be read".
    expect(await ingest(new HashingEmbeddings(1024)).execute({ teamId: T, sourceId: id })).toMatchObject({ status: 'ready' });
    const query = { embedding: (await new HashingEmbeddings(1024).embed(['harbour office opens']))[0]!, kinds: ['web' as const], limit: 20 };
    const hit = (await store.search(T, query)).find((h) => h.sourceId === id);
    expect(hit?.location).toMatchObject({ url: `${web.origin}/nul-title`, title: 'Harbour office' });
    expect(hit?.text).toContain('opens at nine');
  });

  it('a source deleted while its pages are read or its passages embedded ends there: no embedding paid for, no failed job retried', async () => {
    for (const when of ['reading', 'embedding'] as const) {
      const id = await newSource();
      const embedded: number[] = [];
      const hashing = new HashingEmbeddings(1024);
      const embeddings: Embeddings = {
        model: hashing.model,
        dimensions: hashing.dimensions,
        embed: async (texts) => {
          embedded.push(texts.length);
          // The person clicks Delete while the first batch is at the embeddings service.
          if (when === 'embedding' && embedded.length === 1) expect(await sources.remove(T, id)).toBe(true);
          return hashing.embed(texts);
        },
      };
      const pages = new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [web.host] }));
      const reader = { read: async (source: Parameters<typeof pages.read>[0], signal: AbortSignal) => {
        const content = await pages.read(source, signal);
        if (when === 'reading') expect(await sources.remove(T, id)).toBe(true);
        return content;
      } };
      const run = new IngestSource({
        sources, store, embeddings, splitter: new LangChainTextSplitter({ proseChunk: 300, overlap: 0 }),
        readers: { web: reader, pdf: reader, repository: reader }, clock: new FakeClock(), planOf: async () => 'premium', batchSize: 4,
      });
      expect(await run.execute({ teamId: T, sourceId: id })).toEqual({ status: 'skipped', reason: 'gone' });
      expect(embedded).toEqual(when === 'reading' ? [] : [4]);
      expect(await stored(id)).toEqual([]);
    }
  });

  it('a source deleted while a batch is being stored leaves no vector behind', async () => {
    const id = await newSource();
    await sources.markReading(T, id, new Date());
    await sources.markEmbedding(T, id, 1, 10, 'hashing-test:1024', new Date());
    const pool = await nativePool(database.orm);
    const vectors = async () => Number((await pool.query(`select count(*) as n from knowledge_vectors where source_id = $1`, [id])).rows[0].n);
    const waiting = async (n: number) => {
      for (let i = 0; i < 200; i += 1) {
        const { rows } = await pool.query(`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (Number(rows[0].n) >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('never waited');
    };
    // Another statement holds the source's row for a moment, so the batch and the delete queue
    // behind it in that order, as when the person clicks Delete while the worker stores a batch.
    const holder = await pool.connect();
    await holder.query('begin');
    await holder.query(`select id from knowledge_sources where id = $1 for update`, [id]);
    const [embedding] = await new HashingEmbeddings(1024).embed(['the harbour office opens at nine']);
    const batch = store.addChunks(T, id, [{ ordinal: 0, text: 'the harbour office opens at nine', embedding: embedding!, location: {} }]);
    await waiting(1);
    const removed = sources.remove(T, id);
    await waiting(2);
    await holder.query('commit');
    holder.release();
    await batch;
    expect(await removed).toBe(true);
    expect(await sources.get(T, id)).toBeNull();
    expect(await stored(id)).toEqual([]);
    expect(await vectors()).toBe(0);
  });

  it('fails the source with the reason once pg-boss has no retry left, so App Home can offer Try again', async () => {
    // The real queue adapter on this database, with a queue retried once after a second.
    const queue = await PgBossJobQueue.start(databaseUrl, { logger, queues: [{ name: 'knowledge-ingest-once', retryLimit: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 1 }] });
    try {
      const attempts: (string | undefined)[] = [];
      const down: Embeddings = {
        model: 'm',
        dimensions: 1024,
        embed: async () => {
          attempts.push((await sources.get(T, id))?.status);
          throw new EmbeddingsError('HTTP 503: overloaded', { retryable: true });
        },
      };
      const id = await newSource();
      await queue.work('knowledge-ingest-once', knowledgeIngestJobHandler({ ingest: ingest(down), logger }));
      const jobId = await queue.send('knowledge-ingest-once', { teamId: T, sourceId: id });
      let job: Awaited<ReturnType<typeof queue.boss.getJobById>> = null;
      for (let i = 0; i < 400 && job?.state !== 'completed' && job?.state !== 'failed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await queue.boss.getJobById('knowledge-ingest-once', jobId!);
      }
      // The first attempt left the source embedding (retried), the last one failed it.
      expect(attempts).toEqual(['embedding', 'embedding']);
      expect(job).toMatchObject({ state: 'completed', retryCount: 1, output: { status: 'failed', failure: 'embedding_failed' } });
      expect(await sources.get(T, id)).toMatchObject({ status: 'failed', failure: 'embedding_failed', progressDone: 0 });
      expect(await stored(id)).toEqual([]);
      expect(lines.join('\n')).toContain('knowledge ingestion failed; no retry left');
    } finally {
      await queue.stop(1000);
    }
  }, 60_000);
});

describe('Knowledge ingestion of a site with a robots.txt: what the admin sees left out', () => {
  let database: Database;
  let site: FakeWeb;
  let sources: PgKnowledgeSourceRepository;
  let store: PgvectorStore;
  const page = (title: string, links: string[] = []) =>
    `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${'The lighthouse keeper logs the weather every four hours. '.repeat(6)}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</article></body></html>`;

  beforeAll(async () => {
    site = await startFakeWeb();
    site.page('/', { type: 'text/html', body: page('Lighthouse', ['/keepers', '/admin/rota', '/admin/keys']) });
    site.page('/keepers', { type: 'text/html', body: page('Keepers') });
    site.page('/admin/rota', { type: 'text/html', body: page('Rota') });
    site.page('/admin/keys', { type: 'text/html', body: page('Keys') });
    site.page('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /admin/\n' });
    database = await openDatabase((await testDatabase()).url, { poolMax: 2 });
    const pool = await nativePool(database.orm);
    sources = new PgKnowledgeSourceRepository(pool, secrets);
    store = await PgvectorStore.create(pool, secrets);
  });
  afterAll(async () => {
    await database.close();
    await site.close();
  });

  it('stores the allowed pages only and shows in App Home, in en and ja, how many robots.txt kept out', async () => {
    const reader = new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] }));
    const ingest = new IngestSource({
      sources, store, embeddings: new HashingEmbeddings(1024), splitter: new LangChainTextSplitter({ proseChunk: 300, overlap: 0 }),
      readers: { web: reader, pdf: reader, repository: reader }, clock: new FakeClock(), planOf: async () => 'premium',
    });
    const id = randomUUID();
    await sources.add('T0ROBOTS', { id, teamId: 'T0ROBOTS', kind: 'web', title: site.origin, url: `${site.origin}/`, fileId: null, pageLimit: 10, addedBy: 'U1', createdAt: new Date() });

    expect(await ingest.execute({ teamId: 'T0ROBOTS', sourceId: id })).toMatchObject({ status: 'ready' });

    const source = (await sources.get('T0ROBOTS', id))!;
    expect(source.robotsLeftOut).toBe(2);
    const sealed = await database.orm.em.getConnection().execute<{ location_sealed: string }[]>(`select location_sealed from knowledge_chunks where source_id = ?`, [id]);
    const places = [...new Set(sealed.map((r) => openLocation(secrets, 'T0ROBOTS', id, r.location_sealed).url))].sort();
    expect(places).toEqual([`${site.origin}/`, `${site.origin}/keepers`]);
    expect(site.hits).not.toContain('/admin/rota');
    const home = (locale: 'en' | 'ja') =>
      JSON.stringify(
        knowledgeSection({
          facts: { locale, appName: 'Tomo', knowledge: { sources: [{ ...source, canRemove: true }], quota: KNOWLEDGE_QUOTAS.premium, usage: { sources: 1, chunks: source.chunkCount }, counts: { web: 1, pdf: 0, repository: 0 }, plan: 'premium' } } as never,
          t: (code) => code,
          page: (path) => path,
          day: (date) => date.toISOString().slice(0, 10),
        }),
      );
    expect(home('en')).toContain('2 pages left out: the site’s robots.txt does not allow Tomo to read them.');
    expect(home('ja')).toContain('2 ページを除外しました：サイトの robots.txt が Tomo による読み込みを許可していません。');
  });
});

describe('Knowledge crawls keep each site’s robots.txt (RFC 9309 §2.4), shared by every worker process', () => {
  let database: Database;
  let site: FakeWeb;
  let sources: PgKnowledgeSourceRepository;
  let store: PgvectorStore;
  let pool: Awaited<ReturnType<typeof nativePool>>;
  let databaseUrl: string;
  const clock = new FakeClock('2026-11-27T09:00:00.000Z');
  const page = (title: string, links: string[] = []) =>
    `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${'The lighthouse keeper logs the weather every four hours. '.repeat(6)}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</article></body></html>`;
  const DISALLOW_ADMIN = 'User-agent: *\nDisallow: /admin/\n';

  beforeAll(async () => {
    site = await startFakeWeb();
    site.page('/', { type: 'text/html', body: page('Lighthouse', ['/keepers', '/admin/rota']) });
    site.page('/keepers', { type: 'text/html', body: page('Keepers') });
    site.page('/admin/rota', { type: 'text/html', body: page('Rota') });
    databaseUrl = (await testDatabase()).url;
    database = await openDatabase(databaseUrl, { poolMax: 3 });
    pool = await nativePool(database.orm);
    sources = new PgKnowledgeSourceRepository(pool, secrets);
    store = await PgvectorStore.create(pool, secrets);
  });
  afterAll(async () => {
    await database.close();
    await site.close();
  });

  /** One worker process's ingestion: its own reader and HTTP client, the database's robots.txt cache (sealed with `robotsKey`). */
  const worker = (robotsKey = secrets) => {
    const reader = new WebSourceReader(new GuardedHttpClient({ allowPrivateHosts: [site.host] }), { robotsCache: new PgRobotsCache(pool, robotsKey), clock });
    const ingest = new IngestSource({
      sources, store, embeddings: new HashingEmbeddings(1024), splitter: new LangChainTextSplitter({ proseChunk: 300, overlap: 0 }),
      readers: { web: reader, pdf: reader, repository: reader }, clock, planOf: async () => 'premium',
    });
    const silent = createLogger({ level: 'silent' });
    return knowledgeIngestJobHandler({ ingest, logger: silent });
  };
  /** Adds the site as a source of `team` and runs its ingestion job (with retries left, unless `last`). */
  const addSite = async (team: string, run = worker(), last = false) => {
    const id = randomUUID();
    await sources.add(team, { id, teamId: team, kind: 'web', title: site.origin, url: `${site.origin}/`, fileId: null, pageLimit: 10, addedBy: 'U1', createdAt: clock.now() });
    const outcome = await run({ teamId: team, sourceId: id }, { id: `job-${id}`, name: 'knowledge-ingest', retriesLeft: last ? 0 : 3 }).then(
      () => 'done' as const,
      (error: unknown) => { if (error instanceof TypeError) throw error; return error instanceof Error ? error.name : 'error'; },
    );
    return { outcome, source: (await sources.get(team, id))! };
  };
  const robotsHits = () => site.hits.filter((h) => h === '/robots.txt').length;
  const reset = async () => {
    await pool.query(`delete from robots_txt_cache`);
    site.hits.length = 0;
  };

  it('reads robots.txt once a day per site, whichever workspace or worker process crawls it', async () => {
    await reset();
    site.page('/robots.txt', { type: 'text/plain', body: DISALLOW_ADMIN });
    const first = await addSite('T0ROBOTA', worker());
    clock.advanceMs(23 * 60 * 60_000);
    // Another workspace, on another worker process, within the day.
    const second = await addSite('T0ROBOTB', worker());
    for (const { outcome, source } of [first, second]) {
      expect(outcome).toBe('done');
      expect(source).toMatchObject({ status: 'ready', robotsLeftOut: 1 });
    }
    expect(robotsHits()).toBe(1);
    expect(site.hits).not.toContain('/admin/rota');

    // A day after it was read, the site is asked again, and its new rules apply.
    clock.advanceMs(60 * 60_000 + 1);
    site.page('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /keepers\n' });
    const third = await addSite('T0ROBOTA');
    expect(robotsHits()).toBe(2);
    expect(third.source).toMatchObject({ status: 'ready', robotsLeftOut: 1 });
    expect(site.hits.filter((h) => h === '/keepers')).toHaveLength(2);
  });

  it('keeps neither the site’s address nor its rules in clear, and finds its copy again after ENCRYPTION_KEY is rotated', async () => {
    await reset();
    site.page('/robots.txt', { type: 'text/plain', body: '# Nightjar intranet\nUser-agent: *\nDisallow: /admin/\n' });
    expect((await addSite('T0ROBOTA')).source).toMatchObject({ status: 'ready', robotsLeftOut: 1 });
    // The whole database as a dump shows it: no origin, host or rule of the site anywhere.
    const dump = (await dumpTables(databaseUrl)).map((t) => t.dump).join('\n');
    expect(dump).toContain('robots');
    for (const clear of [site.origin, site.host, '127.0.0.1', 'Nightjar', 'Disallow', '/admin/', 'robots.txt', 'Lighthouse', 'keepers']) {
      expect(dump, clear).not.toContain(clear);
    }

    // A new key first, the old one after it: the copy sealed under the old key is still found.
    const rotated = AesGcmSecretBox.fromEnv(`${Buffer.alloc(32, 9).toString('base64')},${Buffer.alloc(32, 3).toString('base64')}`);
    clock.advanceMs(60 * 60_000);
    expect((await addSite('T0ROBOTB', worker(rotated))).source).toMatchObject({ status: 'ready', robotsLeftOut: 1 });
    expect(robotsHits()).toBe(1);
    // Read again a day later, it is kept under the new key only, in place of the old copy.
    clock.advanceMs(24 * 60 * 60_000);
    expect((await addSite('T0ROBOTB', worker(rotated))).source).toMatchObject({ status: 'ready', robotsLeftOut: 1 });
    expect(robotsHits()).toBe(2);
    const { rows } = await pool.query<{ origin_hash: string }>(`select origin_hash from robots_txt_cache`);
    expect(rows.map((r) => r.origin_hash)).toEqual([rotated.lookupHashes(site.origin, 'robots_txt_cache.origin')[0]]);
  });

  it('asks again when the site’s Cache-Control says so: max-age shorter than a day, and no-store every time', async () => {
    await reset();
    site.page('/robots.txt', { type: 'text/plain', body: DISALLOW_ADMIN, headers: { 'cache-control': 'public, max-age=600' } });
    await addSite('T0ROBOTA');
    clock.advanceMs(599_000);
    await addSite('T0ROBOTA');
    expect(robotsHits()).toBe(1);
    clock.advanceMs(2_000);
    await addSite('T0ROBOTA');
    expect(robotsHits()).toBe(2);

    site.page('/robots.txt', { type: 'text/plain', body: DISALLOW_ADMIN, headers: { 'cache-control': 'no-store' } });
    clock.advanceMs(601_000);
    await addSite('T0ROBOTA');
    await addSite('T0ROBOTA');
    expect(robotsHits()).toBe(4);
    expect((await pool.query(`select count(*)::int as n from robots_txt_cache`)).rows[0].n).toBe(0);
  });

  it('uses the copy read earlier when robots.txt later answers 5xx, instead of blocking the site; 4xx then means no rules', async () => {
    await reset();
    site.page('/robots.txt', { type: 'text/plain', body: DISALLOW_ADMIN });
    expect((await addSite('T0ROBOTA')).source).toMatchObject({ status: 'ready', robotsLeftOut: 1 });
    // Two days later the site's robots.txt is down: the rules read earlier still apply.
    clock.advanceDays(2);
    site.page('/robots.txt', { status: 503, type: 'text/html', body: '<h1>Service Unavailable</h1>' });
    const down = await addSite('T0ROBOTB', worker());
    expect(down.outcome).toBe('done');
    expect(down.source).toMatchObject({ status: 'ready', robotsLeftOut: 1 });
    expect(robotsHits()).toBe(2);
    expect(site.hits).not.toContain('/admin/rota');

    // The file is gone (404): RFC 9309 §2.3.1.3, no rules, every page may be read.
    site.page('/robots.txt', { status: 404, type: 'text/html', body: 'Not found' });
    const gone = await addSite('T0ROBOTA');
    expect(gone.source).toMatchObject({ status: 'ready', robotsLeftOut: 0 });
    expect(site.hits).toContain('/admin/rota');
  });

  it('still reads nothing of a site whose robots.txt was never read and answers 5xx: the job retries, then the source fails', async () => {
    await reset();
    site.page('/robots.txt', { status: 500, type: 'text/html', body: 'boom' });
    const retried = await addSite('T0ROBOTA');
    expect(retried.outcome).toBe('RobotsUnreachableError');
    const failed = await addSite('T0ROBOTA', worker(), true);
    expect(failed.source).toMatchObject({ status: 'failed', failure: 'fetch_failed', chunkCount: 0 });
    expect(site.hits.filter((h) => h !== '/robots.txt')).toEqual([]);
  });

  it('drops a copy over 30 days old: a site down that long is treated as never read', async () => {
    await reset();
    site.page('/robots.txt', { type: 'text/plain', body: DISALLOW_ADMIN });
    await addSite('T0ROBOTA');
    clock.advanceDays(31);
    site.page('/robots.txt', { status: 502, type: 'text/html', body: 'Bad gateway' });
    expect((await addSite('T0ROBOTA')).outcome).toBe('RobotsUnreachableError');
    expect((await pool.query(`select count(*)::int as n from robots_txt_cache`)).rows[0].n).toBe(0);
  });
});
