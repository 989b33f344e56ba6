import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { HashingEmbeddings } from '../../../adapters/memory/hashing-embeddings';
import { InMemoryKnowledge } from '../../../adapters/memory/in-memory-knowledge';
import type { PlanName } from '../../../core/billing/plan';
import { KnowledgeReadError, type ExtractedDocument, type SourceContentReader, type TextSplitter } from '../../../core/knowledge/content-reader.port';
import { EmbeddingsError, type Embeddings } from '../../../core/knowledge/embeddings.port';
import { IngestSource } from '../../../core/knowledge/ingest-source.use-case';
import { knowledgeSearchTool, linkOf, placeOf } from '../../../core/knowledge/knowledge-search.tool';
import type { KnowledgeSourceRecord, SourceKind } from '../../../core/knowledge/knowledge-source';
import { ToolError } from '../../../core/tools/tool';

const T = 'T0UNIT';
/** One chunk per paragraph: the splitter under test is LangChain's; this one keeps counts obvious. */
const paragraphs: TextSplitter = { split: async (d: ExtractedDocument) => d.text.split('\n\n').map((text) => ({ text, location: d.location })) };
const reader = (read: SourceContentReader['read']): SourceContentReader => ({ read });
const text = (...docs: string[]) => reader(async () => ({ documents: docs.map((t, i) => ({ text: t, location: { page: i + 1 } })), sizeBytes: docs.join('').length }));

function world(options: { readers?: Partial<Record<SourceKind, SourceContentReader>>; embeddings?: Embeddings; plan?: PlanName } = {}) {
  const knowledge = new InMemoryKnowledge();
  const clock = new FakeClock('2026-11-23T10:00:00Z');
  const progress: string[] = [];
  const failing = reader(async () => Promise.reject(new Error('not used')));
  const ingest = new IngestSource({
    sources: knowledge,
    store: knowledge,
    embeddings: options.embeddings ?? new HashingEmbeddings(32),
    splitter: paragraphs,
    readers: { web: failing, pdf: failing, repository: failing, ...options.readers },
    clock,
    planOf: async () => options.plan ?? 'free',
    onProgress: async (s: KnowledgeSourceRecord) => void progress.push(s.status === 'embedding' ? `embedding ${s.progressDone}/${s.progressTotal}` : s.status),
    batchSize: 2,
  });
  const add = async (kind: SourceKind = 'pdf', id = `00000000-0000-4000-8000-00000000000${knowledge.rows.size + 1}`) => {
    await knowledge.add(T, { id, teamId: T, kind, title: 'Doc', url: 'https://example.com/doc.pdf', fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: clock.now() });
    return id;
  };
  return { knowledge, ingest, progress, add };
}

describe('IngestSource', () => {
  it('reads, splits, embeds in batches and marks the source ready, reporting each step', async () => {
    const w = world({ readers: { pdf: text('alpha one\n\nbeta two\n\ngamma three', 'delta four') } });
    const id = await w.add();
    expect(await w.ingest.execute({ teamId: T, sourceId: id })).toEqual({ status: 'ready', chunks: 4 });
    expect(w.progress).toEqual(['reading', 'embedding 0/4', 'embedding 2/4', 'embedding 4/4', 'ready']);
    expect(await w.knowledge.get(T, id)).toMatchObject({ status: 'ready', chunkCount: 4, sizeBytes: 42 });
    expect(await w.ingest.execute({ teamId: T, sourceId: id })).toEqual({ status: 'skipped', reason: 'already_ready' });
    expect(await w.ingest.execute({ teamId: T, sourceId: '00000000-0000-4000-8000-000000000099' })).toEqual({ status: 'skipped', reason: 'gone' });
  });

  it('resumes after a crash mid-embedding with no duplicate and nothing half visible', async () => {
    let calls = 0;
    const flaky: Embeddings = {
      model: 'flaky',
      dimensions: 32,
      embed: async (texts) => {
        calls += 1;
        if (calls === 2) throw new Error('worker killed');
        return new HashingEmbeddings(32).embed(texts);
      },
    };
    const w = world({ readers: { pdf: text('a1 one\n\nb2 two\n\nc3 three') }, embeddings: flaky });
    const id = await w.add();
    await expect(w.ingest.execute({ teamId: T, sourceId: id })).rejects.toThrow('worker killed');
    expect(w.knowledge.chunks).toHaveLength(2);
    expect(await w.knowledge.search(T, { embedding: (await new HashingEmbeddings(32).embed(['one']))[0]!, kinds: ['pdf'], limit: 5 })).toEqual([]);
    expect(await w.ingest.execute({ teamId: T, sourceId: id })).toEqual({ status: 'ready', chunks: 3 });
    expect(w.knowledge.chunks.map((c) => c.ordinal).sort()).toEqual([0, 1, 2]);
  });

  it('fails the source with the reason when there is nothing to read, too much, or the reader refuses', async () => {
    const w = world({
      readers: {
        pdf: text('   '),
        web: reader(async () => Promise.reject(new KnowledgeReadError('not_found'))),
        repository: text(...Array.from({ length: 501 }, (_, i) => `file ${i}`)),
      },
    });
    expect(await w.ingest.execute({ teamId: T, sourceId: await w.add('pdf') })).toEqual({ status: 'failed', failure: 'no_text' });
    expect(await w.ingest.execute({ teamId: T, sourceId: await w.add('web') })).toEqual({ status: 'failed', failure: 'not_found' });
    expect(await w.ingest.execute({ teamId: T, sourceId: await w.add('repository') })).toEqual({ status: 'failed', failure: 'quota_chunks' });
    expect(w.progress.at(-1)).toBe('failed');
  });

  it('lets a temporary embeddings failure retry the job, and fails on one retrying cannot fix', async () => {
    const down: Embeddings = { model: 'm', dimensions: 32, embed: async () => Promise.reject(new EmbeddingsError('HTTP 503', { retryable: true })) };
    const w = world({ readers: { pdf: text('x1 text') }, embeddings: down });
    await expect(w.ingest.execute({ teamId: T, sourceId: await w.add() })).rejects.toThrow('HTTP 503');
    const refused: Embeddings = { model: 'm', dimensions: 32, embed: async () => Promise.reject(new EmbeddingsError('HTTP 400', { retryable: false })) };
    const v = world({ readers: { pdf: text('x1 text') }, embeddings: refused });
    expect(await v.ingest.execute({ teamId: T, sourceId: await v.add() })).toEqual({ status: 'failed', failure: 'embedding_failed' });
    const broken = world({ readers: { pdf: reader(async () => Promise.reject(new TypeError('bug'))) } });
    await expect(broken.ingest.execute({ teamId: T, sourceId: await broken.add() })).rejects.toThrow('bug');
  });
});

describe('knowledge search tools', () => {
  it('return the best passages with place and link, fenced, and the pages as sources', async () => {
    const w = world({ readers: { repository: reader(async () => ({ documents: [{ text: 'function refund() {}', location: { path: 'src/pay.ts', lineStart: 10, lineEnd: 12 } }], sizeBytes: 10 })) } });
    await w.knowledge.add(T, { id: '00000000-0000-4000-8000-0000000000aa', teamId: T, kind: 'repository', title: 'acme/shop', url: 'https://github.com/acme/shop', fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
    await w.ingest.execute({ teamId: T, sourceId: '00000000-0000-4000-8000-0000000000aa' });
    const tool = knowledgeSearchTool('repository', { store: w.knowledge, embeddings: new HashingEmbeddings(32) });
    expect(tool).toMatchObject({ name: 'repository_search', plugin: 'repository-search', needs: { knowledgeBase: 'repository' } });
    expect(tool.status({})).toEqual({ code: 'searching_knowledge' });
    const context = { teamId: T, userId: 'U1', locale: 'en' as const, plan: 'free' as const, searchResults: 1, signal: new AbortController().signal };
    const out = await tool.run({ query: 'refund function' }, context);
    expect(out.content).toBe('[1] acme/shop (src/pay.ts lines 10–12) https://github.com/acme/shop/blob/HEAD/src/pay.ts#L10-L12\nfunction refund() {}');
    expect(out).toMatchObject({ untrusted: true, sources: [{ kind: 'knowledge_repository', title: 'acme/shop (src/pay.ts lines 10–12)' }] });
    await expect(tool.run({ query: ' ' }, context)).rejects.toBeInstanceOf(ToolError);
    expect((await tool.run({ query: 'x' }, { ...context, teamId: 'T0OTHER' })).content).toBe('No uploaded passage matches.');
  });

  it('name pages of PDFs and link to them', () => {
    expect(placeOf({ location: { page: 3 } })).toBe('page 3');
    expect(placeOf({ location: {} })).toBe('');
    expect(placeOf({ location: { path: 'README.md' } })).toBe('README.md');
    expect(linkOf({ kind: 'pdf', url: 'https://files.example/a.pdf', location: { page: 3 } })).toBe('https://files.example/a.pdf#page=3');
    expect(linkOf({ kind: 'pdf', url: null, location: { page: 3 } })).toBeNull();
    expect(linkOf({ kind: 'web', url: 'https://a.example/', location: { url: 'https://a.example/b' } })).toBe('https://a.example/b');
    expect(linkOf({ kind: 'repository', url: 'https://github.com/a/b/', location: { path: 'docs/x y.md' } })).toBe('https://github.com/a/b/blob/HEAD/docs/x%20y.md');
  });
});
