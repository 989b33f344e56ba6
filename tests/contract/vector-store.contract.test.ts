import { randomBytes, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../adapters/crypto/secret-box';
import { PgKnowledgeSourceRepository } from '../../adapters/vector/pg-knowledge-source-repository';
import { nativePool } from '../../adapters/postgres/native-pool';
import { hasVectorTable } from '../../adapters/vector/pg-pool';
import { EXACT_SEARCH_MAX_ROWS, PgvectorStore, PortableVectorStore } from '../../adapters/vector/pg-vector-stores';
import type { SourceKind } from '../../core/knowledge/knowledge-source';
import type { KnowledgeSourceRepository } from '../../core/knowledge/knowledge-source-repository.port';
import type { NewChunk, VectorStore } from '../../core/knowledge/vector-store.port';
import { InMemoryKnowledge } from '../../adapters/memory/in-memory-knowledge';
import { HashingEmbeddings, hashingEmbedding } from '../../adapters/memory/hashing-embeddings';
import { knowledgeSearchTool } from '../../core/knowledge/knowledge-search.tool';
import { dumpTables } from '../support/table-dump';
import { emptyTables, fileDatabase } from './support/implementations';

const secrets = AesGcmSecretBox.fromEnv(randomBytes(32).toString('base64'));
const T1 = 'T0KNOW0001';
const T2 = 'T0KNOW0002';
const at = new Date('2026-11-23T10:00:00Z');

/** A unit vector along one axis of 8, nudged toward the next: easy to reason about nearest. */
function axis(i: number, nudge = 0): Float32Array {
  const v = new Float32Array(8);
  v[i % 8] = 1;
  v[(i + 1) % 8] = nudge;
  return v;
}

function chunk(ordinal: number, text: string, embedding: Float32Array, page = ordinal + 1): NewChunk {
  return { ordinal, text, embedding, location: { page } };
}

/** Passages embedded as the tests' embeddings service does (words and CJK character pairs hashed). */
const embedded = (texts: readonly string[]): NewChunk[] => texts.map((text, i) => chunk(i, text, hashingEmbedding(text, 1024)));

/** A question as the search tools send it: its embedding and its words. */
const asked = (text: string, kinds: SourceKind[] = ['pdf'], limit = 5) => ({ embedding: hashingEmbedding(text, 1024), text, kinds, limit });

const UNRELATED = Array.from({ length: 10 }, (_, i) => `Offices on floor ${i + 2} close at six on Fridays; visitors sign in at reception.`);

type Pair = { store: VectorStore; sources: KnowledgeSourceRepository };
const adapters: { name: string; create: (pool: Parameters<typeof PgvectorStore.create>[0]) => Promise<Pair> }[] = [
  { name: 'portable', create: async (pool) => ({ store: await PortableVectorStore.create(pool, secrets), sources: new PgKnowledgeSourceRepository(pool, secrets) }) },
  { name: 'pgvector', create: async (pool) => ({ store: await PgvectorStore.create(pool, secrets), sources: new PgKnowledgeSourceRepository(pool, secrets) }) },
  {
    name: 'in-memory',
    create: async () => {
      const memory = new InMemoryKnowledge();
      return { store: memory, sources: memory };
    },
  },
];

describe.each(adapters)('VectorStore contract: $name', ({ name, create }) => {
  let store: VectorStore;
  let sources: KnowledgeSourceRepository;

  beforeEach(async () => {
    const { orm } = await fileDatabase();
    await emptyTables(orm);
    const pool = await nativePool(orm);
    if (await hasVectorTable(pool)) await pool.query('truncate knowledge_vectors');
    else if (name === 'pgvector') throw new Error('The test PostgreSQL has no pgvector: run .ci/install-pgvector.sh');
    ({ store, sources } = await create(pool));
  });

  async function readySource(teamId: string, kind: SourceKind, chunks: readonly NewChunk[], title = 'Handbook'): Promise<string> {
    const id = randomUUID();
    await sources.add(teamId, { id, teamId, kind, title, url: `https://example.com/${title}`, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: at });
    await sources.markReading(teamId, id, at);
    await sources.markEmbedding(teamId, id, chunks.length, 100, 'test-model', at);
    await store.addChunks(teamId, id, chunks);
    expect(await sources.markReady(teamId, id, at)).toBe(true);
    return id;
  }

  it('finds the nearest chunks best first, with their text, place and source', async () => {
    const id = await readySource(T1, 'pdf', [chunk(0, 'Refunds take 14 days.', axis(0)), chunk(1, 'Offices close at 6pm.', axis(1)), chunk(2, 'Parking is free.', axis(2))]);
    const hits = await store.search(T1, { embedding: axis(1, 0.2), kinds: ['pdf'], limit: 2 });
    expect(hits.map((h) => h.text)).toEqual(['Offices close at 6pm.', 'Parking is free.']);
    expect(hits[0]).toMatchObject({ sourceId: id, kind: 'pdf', title: 'Handbook', url: 'https://example.com/Handbook', location: { page: 2 } });
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[0]!.score).toBeCloseTo(1 / Math.sqrt(1.04), 2);
  });

  it('never shows one workspace another workspace’s chunks, even identical ones', async () => {
    await readySource(T1, 'web', [chunk(0, 'T1 secret plan', axis(3))]);
    const other = await readySource(T2, 'web', [chunk(0, 'T2 public note', axis(5))]);
    const hits = await store.search(T2, { embedding: axis(3), kinds: ['web'], limit: 10 });
    expect(hits.map((h) => h.text)).toEqual(['T2 public note']);
    expect(await store.search('T0NOBODY', { embedding: axis(3), kinds: ['web'], limit: 10 })).toEqual([]);
    // Writing or clearing under the wrong team touches nothing.
    await expect(store.addChunks(T1, other, [chunk(1, 'smuggled', axis(3))])).rejects.toThrow(/not being embedded in this workspace/);
    await store.clearChunks(T1, other);
    expect((await store.search(T2, { embedding: axis(5), kinds: ['web'], limit: 10 })).map((h) => h.text)).toEqual(['T2 public note']);
  });

  it('shows a source only once it is ready, and only to the search of its kind', async () => {
    const id = randomUUID();
    await sources.add(T1, { id, teamId: T1, kind: 'repository', title: 'repo', url: null, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: at });
    await sources.markEmbedding(T1, id, 2, 10, 'm', at);
    await store.addChunks(T1, id, [chunk(0, 'half', axis(0))]);
    expect(await store.search(T1, { embedding: axis(0), kinds: ['repository'], limit: 5 })).toEqual([]);
    expect(await sources.markReady(T1, id, at)).toBe(false);
    expect(await sources.readyKinds(T1)).toEqual(new Set());
    expect((await sources.get(T1, id))?.progressDone).toBe(1);
    await store.addChunks(T1, id, [chunk(1, 'whole', axis(1))]);
    expect(await sources.markReady(T1, id, at)).toBe(true);
    expect(await store.search(T1, { embedding: axis(0), kinds: ['repository'], limit: 5 })).toHaveLength(2);
    expect(await store.search(T1, { embedding: axis(0), kinds: ['pdf', 'web'], limit: 5 })).toEqual([]);
    expect([...(await sources.readyKinds(T1))]).toEqual(['repository']);
  });

  it('clears a source’s chunks for a clean re-run, and refuses a duplicate chunk', async () => {
    const id = randomUUID();
    await sources.add(T1, { id, teamId: T1, kind: 'web', title: 'page', url: null, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: at });
    await sources.markEmbedding(T1, id, 2, 10, 'm', at);
    await store.addChunks(T1, id, [chunk(0, 'first', axis(0))]);
    await expect(store.addChunks(T1, id, [chunk(0, 'first again', axis(0))])).rejects.toThrow();
    expect((await sources.get(T1, id))?.progressDone).toBe(1);
    await store.clearChunks(T1, id);
    expect((await sources.get(T1, id))?.progressDone).toBe(0);
    await store.addChunks(T1, id, [chunk(0, 'first', axis(0)), chunk(1, 'second', axis(1))]);
    expect(await sources.markReady(T1, id, at)).toBe(true);
    expect((await store.search(T1, { embedding: axis(0), kinds: ['web'], limit: 10 })).map((h) => h.text).sort()).toEqual(['first', 'second']);
  });

  it('searches a workspace beyond the exact-search size through the same rules: nearest first, its ready sources of the kind only', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff) - 0.5;
    const vectors = Array.from({ length: EXACT_SEARCH_MAX_ROWS + 500 }, () => Float32Array.from({ length: 16 }, random));
    const many = (team: string) => vectors.map((v, i) => chunk(i, `${team} passage ${i}`, v));
    await readySource(T1, 'pdf', many('T1'), 'big');
    await readySource(T2, 'pdf', many('T2'), 'other');
    const target = vectors[777]!;
    await readySource(T1, 'web', [chunk(0, 'T1 web twin', target)], 'web');
    const pending = randomUUID();
    await sources.add(T1, { id: pending, teamId: T1, kind: 'pdf', title: 'pending', url: null, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: at });
    await sources.markEmbedding(T1, pending, 2, 10, 'm', at);
    await store.addChunks(T1, pending, [chunk(0, 'T1 pending twin', target)]);

    const hits = await store.search(T1, { embedding: target, kinds: ['pdf'], limit: 5 });
    expect(hits).toHaveLength(5);
    expect(hits[0]).toMatchObject({ text: 'T1 passage 777', title: 'big' });
    expect(hits[0]!.score).toBeCloseTo(1, 2);
    expect(hits.every((h) => h.text.startsWith('T1 passage '))).toBe(true);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    expect((await store.search(T2, { embedding: target, kinds: ['pdf'], limit: 3 }))[0]?.text).toBe('T2 passage 777');
  });

  it('finds a passage holding the exact code asked for first among many similar ones, which vectors alone rank low', async () => {
    const similar = Array.from({ length: 14 }, (_, i) => `What does error ERR-${4020 + i} mean? It means the payment service refused the card; ask the customer for another card.`);
    const target = 'The importer stops with ERR-4012 when the CSV header lacks a column; fix the header and upload the file again.';
    await readySource(T1, 'pdf', embedded([...similar, target, ...UNRELATED]));
    const question = 'What does ERR-4012 mean?';

    const vectorsOnly = await store.search(T1, { ...asked(question), text: undefined });
    expect(vectorsOnly.map((h) => h.text)).not.toContain(target);
    const hits = await store.search(T1, asked(question));
    expect(hits).toHaveLength(5);
    expect(hits[0]).toMatchObject({ text: target, title: 'Handbook', location: { page: 15 } });
    expect(hits.slice(1).every((h) => similar.includes(h.text))).toBe(true);
    // Written as people and models write it: full width, lower case, or only its number.
    for (const variant of ['ＥＲＲ－４０１２', 'err-4012 meaning', 'error 4012']) expect((await store.search(T1, asked(variant)))[0]?.text, variant).toBe(target);
  });

  it('matches Japanese by pairs of characters', async () => {
    const similar = Array.from({ length: 14 }, (_, i) => `経費精算の申請は第${i + 1}営業日までにポータルから行います。`);
    const target = '今月の締め日は二十五日です。遅れた分は翌月に回ります。';
    await readySource(T1, 'pdf', embedded([...similar, target, ...UNRELATED]));
    const question = '経費精算の締め日';
    expect((await store.search(T1, { ...asked(question), text: undefined })).map((h) => h.text)).not.toContain(target);
    expect((await store.search(T1, asked(question)))[0]?.text).toBe(target);
    // Half-width kana are their full-width forms (NFKC).
    await readySource(T2, 'pdf', embedded(['エラーコードの一覧です。', ...UNRELATED]));
    expect((await store.search(T2, asked('ｴﾗｰｺｰﾄﾞ')))[0]?.text).toBe('エラーコードの一覧です。');
  });

  it('never finds another workspace’s passages, or another kind’s, by their words', async () => {
    await readySource(T1, 'pdf', embedded(['Rotate the key with ERR-4012 in mind.', ...UNRELATED]));
    await readySource(T1, 'web', embedded(['The web page says ERR-4012 too.']), 'site');
    await readySource(T2, 'pdf', embedded(['Workspace two: ERR-4012 is the vault code.', ...UNRELATED]), 'other');
    for (const [team, kinds, text] of [[T1, ['pdf'], 'Rotate the key with ERR-4012 in mind.'], [T2, ['pdf'], 'Workspace two: ERR-4012 is the vault code.'], [T1, ['web'], 'The web page says ERR-4012 too.']] as const) {
      const hits = await store.search(team, asked('ERR-4012 vault code', [...kinds], 20));
      expect(hits[0]?.text).toBe(text);
      expect(hits.filter((h) => h.text.includes('ERR-4012')).map((h) => h.text)).toEqual([text]);
    }
    expect(await store.search('T0NOBODY', asked('ERR-4012 vault code'))).toEqual([]);
  });

  it('lists the newest sources of each kind up to a count, with how many each kind has (App Home’s lists)', async () => {
    const add = async (teamId: string, kind: SourceKind, title: string, minute: number) => {
      const id = randomUUID();
      await sources.add(teamId, { id, teamId, kind, title, url: null, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: new Date(at.getTime() + minute * 60_000) });
    };
    for (let i = 0; i < 5; i++) await add(T1, 'web', `site ${i}`, i);
    await add(T1, 'pdf', 'manual', 10);
    await add(T1, 'pdf', 'handbook', 2.5);
    await add(T2, 'repository', 'other team', 20);
    const newest = await sources.newestOfEachKind(T1, 3);
    expect(newest.sources.map((s) => s.title)).toEqual(['manual', 'site 4', 'site 3', 'handbook', 'site 2']);
    expect(newest.counts).toEqual({ web: 5, pdf: 2, repository: 0 });
    expect(await sources.newestOfEachKind('T0NOBODY', 3)).toEqual({ sources: [], counts: { web: 0, pdf: 0, repository: 0 } });
  });

  it('forgets a removed source, a failed one, and an uninstalled workspace', async () => {
    const gone = await readySource(T1, 'pdf', [chunk(0, 'removed', axis(0))], 'a');
    const failed = await readySource(T1, 'pdf', [chunk(0, 'failed later', axis(0))], 'b');
    await readySource(T1, 'pdf', [chunk(0, 'kept', axis(0))], 'c');
    await readySource(T2, 'pdf', [chunk(0, 'other team', axis(0))], 'd');
    expect(await sources.remove(T2, gone)).toBe(false);
    expect(await sources.remove(T1, gone)).toBe(true);
    await sources.markFailed(T1, failed, 'embedding_failed', at);
    expect((await store.search(T1, { embedding: axis(0), kinds: ['pdf'], limit: 10 })).map((h) => h.text)).toEqual(['kept']);
    expect(await sources.usage(T1)).toEqual({ sources: 2, chunks: 1 });
    expect(await sources.removeTeam(T1)).toBe(2);
    expect(await store.search(T1, { embedding: axis(0), kinds: ['pdf'], limit: 10 })).toEqual([]);
    expect((await store.search(T2, { embedding: axis(0), kinds: ['pdf'], limit: 10 })).map((h) => h.text)).toEqual(['other team']);
    if (name === 'in-memory') return;
    const { orm } = await fileDatabase();
    const left = await orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from knowledge_chunks where team_id = '${T1}'`);
    expect(Number(left[0]!.n)).toBe(0);
    if (name === 'pgvector') {
      const vectors = await orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from knowledge_vectors where team_id = '${T1}'`);
      expect(Number(vectors[0]!.n)).toBe(0);
    }
  });

  it('keeps one source per workspace, kind and address: another is a duplicate, also when both are added at once; a failed one is replaced', async () => {
    const repo = (teamId: string, id: string, kind: SourceKind = 'repository') =>
      sources.add(teamId, { id, teamId, kind, title: 'acme/lights', url: 'https://github.com/acme/lights', fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: at, address: 'acme/lights' });
    const [first, second] = [randomUUID(), randomUUID()];
    expect((await Promise.all([repo(T1, first), repo(T1, second)])).sort()).toEqual(['added', 'duplicate']);
    expect(await sources.list(T1)).toHaveLength(1);
    const kept = (await sources.list(T1))[0]!.id;
    expect(await repo(T1, randomUUID())).toBe('duplicate');
    expect(await sources.statusOfAddress(T1, 'repository', 'acme/lights')).toBe('queued');
    // Another workspace, another kind: not the same source. Without an address: never.
    expect(await repo(T2, randomUUID())).toBe('added');
    expect(await repo(T1, randomUUID(), 'web')).toBe('added');
    for (let i = 0; i < 2; i += 1) {
      expect(await sources.add(T1, { id: randomUUID(), teamId: T1, kind: 'pdf', title: 'a.pdf', url: null, fileId: 'F1', pageLimit: 1, addedBy: 'U1', createdAt: at })).toBe('added');
    }
    expect(await sources.statusOfAddress(T1, 'pdf', 'acme/lights')).toBeNull();

    await sources.markFailed(T1, kept, 'not_found', at);
    expect(await sources.statusOfAddress(T1, 'repository', 'acme/lights')).toBe('failed');
    const again = randomUUID();
    expect(await repo(T1, again)).toBe('added');
    expect((await sources.list(T1, 'repository')).map((s) => s.id)).toEqual([again]);
    // Deleted: no longer there to be the same as.
    expect(await sources.remove(T1, again)).toBe(true);
    expect(await sources.statusOfAddress(T1, 'repository', 'acme/lights')).toBeNull();
    expect(await repo(T1, randomUUID())).toBe('added');
  });

  it('never holds more sources than the quota, also when several are added at once; a failed one replaced does not count', async () => {
    const pdf = (id: string) =>
      sources.add(T1, { id, teamId: T1, kind: 'pdf', title: `${id}.pdf`, url: null, fileId: `F${id}`, pageLimit: 1, addedBy: 'U1', createdAt: at }, { maxSources: 3 });
    expect(await pdf(randomUUID())).toBe('added');
    // Two places left, five modals submitted at once.
    const results = await Promise.all(Array.from({ length: 5 }, () => pdf(randomUUID())));
    expect(results.filter((r) => r === 'added')).toHaveLength(2);
    expect(results.filter((r) => r === 'over_quota')).toHaveLength(3);
    expect(await sources.list(T1)).toHaveLength(3);

    // At the quota, a failed repository of the same address is replaced: still three.
    await sources.remove(T1, (await sources.list(T1))[0]!.id);
    const repo = (id: string) =>
      sources.add(T1, { id, teamId: T1, kind: 'repository', title: 'acme/lights', url: 'https://github.com/acme/lights', fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: at, address: 'acme/lights' }, { maxSources: 3 });
    const failing = randomUUID();
    expect(await repo(failing)).toBe('added');
    await sources.markFailed(T1, failing, 'not_found', at);
    expect(await repo(randomUUID())).toBe('added');
    expect(await sources.list(T1)).toHaveLength(3);
    expect(await pdf(randomUUID())).toBe('over_quota');
    // Refused at the quota: nothing saved.
    expect(await sources.list(T1)).toHaveLength(3);
  });
});

describe.each(adapters.filter((a) => a.name !== 'in-memory'))('VectorStore on PostgreSQL: $name', ({ name, create }) => {
  /** The adapter over empty knowledge tables of this file's database. */
  async function emptyStore() {
    const { orm } = await fileDatabase();
    await emptyTables(orm);
    const pool = await nativePool(orm);
    if (await hasVectorTable(pool)) await pool.query('truncate knowledge_vectors');
    return { orm, pool, ...(await create(pool)) };
  }

  it('keeps chunk text sealed at rest', async () => {
    const { orm, store, sources } = await emptyStore();
    const id = randomUUID();
    await sources.add(T1, { id, teamId: T1, kind: 'pdf', title: 'p', url: null, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: at });
    await sources.markEmbedding(T1, id, 1, 10, 'm', at);
    await store.addChunks(T1, id, [chunk(0, 'The launch code is 4417.', axis(0))]);
    const rows = await orm.em.getConnection().execute<{ row: string; terms: string }[]>(
      `select (row_to_json(c)::jsonb - 'terms')::text as row, terms::text from knowledge_chunks c`,
    );
    expect(rows).toHaveLength(1);
    // The keyword side's terms are kept as numbers only (keyed hashes): launch, code, 4417, …
    expect(rows[0]!.terms).toMatch(/^\{-?\d+(,-?\d+){3,}\}$/);
    expect(rows[0]!.row).not.toContain('launch code');
    expect(rows[0]!.row).not.toContain('4417');
    await sources.markReady(T1, id, at);
    expect((await store.search(T1, { embedding: axis(0), kinds: ['pdf'], limit: 1 }))[0]?.text).toBe('The launch code is 4417.');
  });

  it('keeps a source’s title and URL and each passage’s place sealed at rest, and opens them for the source list and citations', async () => {
    const { orm, store, sources } = await emptyStore();
    const id = randomUUID();
    const title = 'Nightjar: Globex acquisition memo.pdf';
    const url = 'https://acme.slack.com/files/U1/F0NIGHTJAR/nightjar_globex_acquisition_memo.pdf';
    const place = { page: 7, url: 'https://intranet.acme.example/deals/nightjar-globex', title: 'Nightjar term sheet', path: 'deals/nightjar/terms.md', lineStart: 3, lineEnd: 9 };
    await sources.add(T1, { id, teamId: T1, kind: 'pdf', title, url, fileId: 'F0NIGHTJAR', pageLimit: 1, addedBy: 'U1', createdAt: at });
    await sources.markEmbedding(T1, id, 1, 10, 'm', at);
    await store.addChunks(T1, id, [{ ordinal: 0, text: 'The offer is 41 dollars a share.', embedding: axis(0), location: place }]);
    await sources.markReady(T1, id, at);

    // Every row of every table, as anyone reading the database (or a dump of it) sees them.
    const dump = (await dumpTables(orm.config.get('clientUrl')!)).map((t) => t.dump).join('\n');
    expect(dump).toContain(id);
    for (const clear of ['Nightjar', 'nightjar', 'Globex', 'globex', 'acme.slack.com', 'F0NIGHTJAR/', 'intranet.acme', 'term sheet', 'deals/', 'terms.md']) {
      expect(dump, clear).not.toContain(clear);
    }
    // App Home's list and a search's citation open them.
    expect(await sources.list(T1)).toEqual([expect.objectContaining({ id, title, url })]);
    expect(await sources.get(T1, id)).toMatchObject({ title, url });
    expect((await store.search(T1, { embedding: axis(0), kinds: ['pdf'], limit: 1 }))[0]).toMatchObject({ sourceId: id, title, url, location: place });
  });

  it('hands the model, through pdf_search, the passage naming the code asked for first', async () => {
    const { store, sources } = await emptyStore();
    const similar = Array.from({ length: 14 }, (_, i) => `What does error ERR-${4020 + i} mean? It means the payment service refused the card.`);
    const target = 'The importer stops with ERR-4012 when the CSV header lacks a column.';
    const id = randomUUID();
    const texts = embedded([...similar, target, ...UNRELATED]);
    await sources.add(T1, { id, teamId: T1, kind: 'pdf', title: 'Runbook.pdf', url: 'https://acme.slack.com/files/U1/F1/runbook.pdf', fileId: 'F1', pageLimit: 1, addedBy: 'U1', createdAt: at });
    await sources.markEmbedding(T1, id, texts.length, 10, 'm', at);
    await store.addChunks(T1, id, texts);
    await sources.markReady(T1, id, at);
    const tool = knowledgeSearchTool('pdf', { store, embeddings: new HashingEmbeddings(1024) });
    const context = { teamId: T1, userId: 'U1', locale: 'en' as const, plan: 'free' as const, searchResults: 1, signal: new AbortController().signal };
    const out = await tool.run({ query: 'What does ERR-4012 mean?' }, context);
    expect(out.content.startsWith(`[1] Runbook.pdf (page 15) https://acme.slack.com/files/U1/F1/runbook.pdf#page=15\n${target}\n\n[2] `)).toBe(true);
    expect(out.content.match(/^\[\d\] /gm)).toHaveLength(5);
  });

  it('finds passages by their words after a key rotation, hashed under the old key', async () => {
    const { pool } = await emptyStore();
    const oldKey = randomBytes(32).toString('base64');
    const before = AesGcmSecretBox.fromEnv(oldKey);
    const sources = new PgKnowledgeSourceRepository(pool, before);
    const storeWith = (box: AesGcmSecretBox) => (name === 'pgvector' ? PgvectorStore.create(pool, box) : PortableVectorStore.create(pool, box));
    const similar = Array.from({ length: 14 }, (_, i) => `What does error ERR-${4020 + i} mean? It means the payment service refused the card.`);
    const target = 'The importer stops with ERR-4012 when the CSV header lacks a column.';
    const id = randomUUID();
    const texts = embedded([...similar, target, ...UNRELATED]);
    await sources.add(T1, { id, teamId: T1, kind: 'pdf', title: 'p', url: null, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: at });
    await sources.markEmbedding(T1, id, texts.length, 10, 'm', at);
    await (await storeWith(before)).addChunks(T1, id, texts);
    await sources.markReady(T1, id, at);
    const rotated = await storeWith(AesGcmSecretBox.fromEnv(`${randomBytes(32).toString('base64')},${oldKey}`));
    expect((await rotated.search(T1, asked('What does ERR-4012 mean?')))[0]?.text).toBe(target);
  });

  it('refuses a title, URL or place moved to another source instead of showing it there', async () => {
    const { pool, store, sources } = await emptyStore();
    const secret = randomUUID();
    const plain = randomUUID();
    for (const [id, title] of [[secret, 'Layoffs 2027.pdf'], [plain, 'Menu.pdf']] as const) {
      await sources.add(T1, { id, teamId: T1, kind: 'pdf', title, url: `https://example.com/${title}`, fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: at });
      await sources.markEmbedding(T1, id, 1, 10, 'm', at);
      await store.addChunks(T1, id, [chunk(0, `${title} text`, axis(id === secret ? 0 : 1))]);
      await sources.markReady(T1, id, at);
    }
    const copy = (table: string, column: string, key: string, from: string, to: string) =>
      pool.query(`update ${table} set ${column} = (select ${column} from ${table} where ${key} = $1) where ${key} = $2`, [from, to]);
    const search = () => store.search(T1, { embedding: axis(1), kinds: ['pdf'], limit: 1 });
    expect((await search())[0]).toMatchObject({ sourceId: plain, title: 'Menu.pdf' });
    const { rows: [kept] } = await pool.query(`select title_sealed, url_sealed from knowledge_sources where id = $1`, [plain]);
    const restore = () => pool.query(`update knowledge_sources set title_sealed = $1, url_sealed = $2 where id = $3`, [kept.title_sealed, kept.url_sealed, plain]);

    await copy('knowledge_sources', 'title_sealed', 'id', secret, plain);
    await expect(sources.get(T1, plain)).rejects.toThrow(/failed authentication/);
    await expect(search()).rejects.toThrow(/failed authentication/);
    await restore();
    await copy('knowledge_sources', 'url_sealed', 'id', secret, plain);
    await expect(sources.list(T1)).rejects.toThrow(/failed authentication/);
    await restore();
    // Within one source, the title is no URL.
    await pool.query(`update knowledge_sources set url_sealed = title_sealed where id = $1`, [plain]);
    await expect(sources.get(T1, plain)).rejects.toThrow(/failed authentication/);
    await restore();
    expect((await search())[0]).toMatchObject({ sourceId: plain, title: 'Menu.pdf' });
    await copy('knowledge_chunks', 'location_sealed', 'source_id', secret, plain);
    await expect(search()).rejects.toThrow(/failed authentication/);
  });
});
