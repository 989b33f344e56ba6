import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { HashingEmbeddings } from '../../../adapters/memory/hashing-embeddings';
import { InMemoryKnowledge } from '../../../adapters/memory/in-memory-knowledge';
import { SequentialIdGenerator } from '../../../adapters/memory/sequential-id-generator';
import { AddKnowledgeSource, githubRepository } from '../../../core/knowledge/add-source.use-case';
import type { SourceContentReader, TextSplitter } from '../../../core/knowledge/content-reader.port';
import { IngestSource } from '../../../core/knowledge/ingest-source.use-case';
import { knowledgeSearchTool, linkOf, placeOf, titleOf } from '../../../core/knowledge/knowledge-search.tool';
import { statusOf } from '../../../core/knowledge/knowledge-source';
import type { VectorStore } from '../../../core/knowledge/vector-store.port';

const T = 'T0BR';
const context = { teamId: T, userId: 'U1', locale: 'en' as const, plan: 'free' as const, searchResults: 1, signal: new AbortController().signal };
const whole: TextSplitter = { split: async (d) => [{ text: d.text, location: d.location }] };
const reader = (text: string): SourceContentReader => ({ read: async () => ({ documents: [{ text, location: { url: 'https://a.example/p', title: 'Page' } }], sizeBytes: text.length }) });

function ingestWith(knowledge: InMemoryKnowledge, store: VectorStore = knowledge) {
  return new IngestSource({
    sources: knowledge,
    store,
    embeddings: new HashingEmbeddings(16),
    splitter: whole,
    readers: { web: reader('lighthouse keepers log'), pdf: reader(''), repository: reader('') },
    clock: new FakeClock(),
    planOf: async () => 'entry',
  });
}

async function webSource(knowledge: InMemoryKnowledge, id = '00000000-0000-4000-8000-0000000000b1') {
  await knowledge.add(T, { id, teamId: T, kind: 'web', title: 'Site', url: 'https://a.example/', fileId: null, pageLimit: 1, addedBy: 'U1', createdAt: new Date() });
  return id;
}

describe('knowledge branches', () => {
  it('ingests without a progress listener and the default batch size, and stops when aborted', async () => {
    const knowledge = new InMemoryKnowledge();
    const id = await webSource(knowledge);
    expect(await ingestWith(knowledge).execute({ teamId: T, sourceId: id })).toEqual({ status: 'ready', chunks: 1 });
    const other = await webSource(knowledge, '00000000-0000-4000-8000-0000000000b2');
    const aborted = new AbortController();
    aborted.abort(new Error('shutting down'));
    await expect(ingestWith(knowledge).execute({ teamId: T, sourceId: other }, aborted.signal)).rejects.toThrow('shutting down');
  });

  it('reports a source removed while it was embedded as gone', async () => {
    const knowledge = new InMemoryKnowledge();
    const id = await webSource(knowledge);
    const removing: VectorStore = {
      name: 'portable',
      addChunks: async (teamId, sourceId, chunks) => {
        await knowledge.addChunks(teamId, sourceId, chunks);
        await knowledge.remove(teamId, sourceId);
      },
      clearChunks: (teamId, sourceId) => knowledge.clearChunks(teamId, sourceId),
      search: (teamId, query) => knowledge.search(teamId, query),
    };
    expect(await ingestWith(knowledge, removing).execute({ teamId: T, sourceId: id })).toEqual({ status: 'skipped', reason: 'gone' });
  });

  it('search tools refuse a missing query and name site pages by their own title', async () => {
    const knowledge = new InMemoryKnowledge();
    await ingestWith(knowledge).execute({ teamId: T, sourceId: await webSource(knowledge) });
    const tool = knowledgeSearchTool('web', { store: knowledge, embeddings: new HashingEmbeddings(16) });
    await expect(tool.run({}, context)).rejects.toThrow('query must be a non-empty string');
    const out = await tool.run({ query: 'lighthouse keepers' }, context);
    expect(out.content).toBe('[1] Site › Page https://a.example/p\nlighthouse keepers log');
    expect(out.sources).toEqual([{ kind: 'knowledge_web', url: 'https://a.example/p', title: 'Site › Page' }]);
    expect(knowledgeSearchTool('pdf', { store: knowledge, embeddings: new HashingEmbeddings(16) }).name).toBe('pdf_search');
  });

  it('places and links passages for every kind', () => {
    expect(placeOf({ location: { path: 'a.ts', lineStart: 4 } })).toBe('a.ts lines 4–4');
    expect(linkOf({ kind: 'repository', url: 'https://github.com/o/r', location: { path: 'a.ts', lineStart: 4 } })).toBe('https://github.com/o/r/blob/HEAD/a.ts#L4-L4');
    expect(linkOf({ kind: 'pdf', url: 'slack://file', location: { page: 2 } })).toBe('slack://file');
    expect(linkOf({ kind: 'web', url: 'https://a.example/', location: {} })).toBe('https://a.example/');
    expect(titleOf({ title: 'Same', location: { title: 'Same' } })).toBe('Same');
    expect(statusOf({ status: 'reading', progressDone: 0, progressTotal: 0, failure: null })).toEqual({ code: 'reading' });
    expect(statusOf({ status: 'ready', progressDone: 3, progressTotal: 3, failure: null })).toEqual({ code: 'ready' });
  });

  it('keeps the permalink of an uploaded PDF and refuses dot names for repositories', async () => {
    const knowledge = new InMemoryKnowledge();
    const add = new AddKnowledgeSource({
      sources: knowledge,
      queue: { send: async () => 'j', sendMany: async () => undefined, retryFailed: async () => false },
      ids: new SequentialIdGenerator('s'),
      clock: new FakeClock(),
      planOf: async () => 'standard',
      ingestQueue: 'q',
    });
    await add.execute(T, 'U1', { kind: 'pdf', files: [{ id: 'F1', name: 'a.pdf', permalink: 'https://x.slack.com/files/U1/F1/a.pdf' }] });
    expect((await knowledge.get(T, 's-1'))?.url).toBe('https://x.slack.com/files/U1/F1/a.pdf');
    expect(githubRepository('https://github.com/acme/.')).toBeNull();
    expect(await add.execute(T, 'U1', { kind: 'web', url: 'https://a.example/', pages: 50 })).toMatchObject({ status: 'added' });
  });
});
