import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { InMemoryKnowledge } from '../../../adapters/memory/in-memory-knowledge';
import { SequentialIdGenerator } from '../../../adapters/memory/sequential-id-generator';
import type { PlanName } from '../../../core/billing/plan';
import { AddKnowledgeSource, githubRepository, removeKnowledgeSource, retryKnowledgeSource, sourceAddress, webAddress } from '../../../core/knowledge/add-source.use-case';
import { knowledgePlanOf } from '../../../core/knowledge/knowledge-plan';
import type { JobPayload, JobQueue } from '../../../core/shared/job-queue.port';
import { aSubscription } from '../support/builders';

const T = 'T0ADD';

function world(plan: PlanName = 'free') {
  const knowledge = new InMemoryKnowledge();
  const jobs: { name: string; payload: JobPayload; key?: string }[] = [];
  const queue: JobQueue = {
    send: async (name, payload, options) => {
      jobs.push({ name, payload, ...(options?.dedupeKey ? { key: options.dedupeKey } : {}) });
      return 'job';
    },
    sendMany: async () => undefined,
    retryFailed: async () => false,
  };
  const add = new AddKnowledgeSource({ sources: knowledge, queue, ids: new SequentialIdGenerator('src'), clock: new FakeClock(), planOf: async () => plan, ingestQueue: 'ingest' });
  return { knowledge, jobs, add, queue };
}

describe('AddKnowledgeSource', () => {
  it('saves a web source as queued and hands an ids-only job to ingestion', async () => {
    const w = world();
    const result = await w.add.execute(T, 'U1', { kind: 'web', url: ' https://example.com/docs#intro ', pages: 5 });
    expect(result).toEqual({ status: 'added', sourceIds: ['src-1'] });
    expect(await w.knowledge.get(T, 'src-1')).toMatchObject({ kind: 'web', url: 'https://example.com/docs', pageLimit: 5, status: 'queued', addedBy: 'U1' });
    expect(w.jobs).toEqual([{ name: 'ingest', payload: { teamId: T, sourceId: 'src-1' }, key: 'src-1' }]);
  });

  it('refuses bad addresses, page counts over the plan, no file, and sources over the quota', async () => {
    const w = world();
    expect(await w.add.execute(T, 'U1', { kind: 'web', url: 'javascript:alert(1)', pages: 1 })).toMatchObject({ status: 'refused', code: 'invalid_url' });
    expect(await w.add.execute(T, 'U1', { kind: 'web', url: 'https://user:pw@example.com/', pages: 1 })).toMatchObject({ code: 'invalid_url' });
    expect(await w.add.execute(T, 'U1', { kind: 'web', url: 'https://example.com/', pages: 6 })).toEqual({ status: 'refused', code: 'invalid_pages', params: { max: 5 } });
    expect(await w.add.execute(T, 'U1', { kind: 'web', url: 'https://example.com/', pages: 1.5 })).toMatchObject({ code: 'invalid_pages' });
    expect(await w.add.execute(T, 'U1', { kind: 'repository', url: 'https://github.com/acme' })).toMatchObject({ code: 'invalid_github' });
    expect(await w.add.execute(T, 'U1', { kind: 'pdf', files: [] })).toMatchObject({ code: 'no_file' });
    const four = Array.from({ length: 4 }, (_, i) => ({ id: `F${i}`, name: `${i}.pdf` }));
    expect(await w.add.execute(T, 'U1', { kind: 'pdf', files: four })).toEqual({ status: 'refused', code: 'quota_sources', params: { max: 3, plan: 'Free', held: 0 } });
    expect(await w.add.execute(T, 'U1', { kind: 'pdf', files: four.slice(0, 3) })).toMatchObject({ status: 'added', sourceIds: ['src-1', 'src-2', 'src-3'] });
    expect(w.jobs).toHaveLength(3);
  });

  it('refuses a web address or repository the workspace already has, before its quota, and lets a failed one be added again in its place', async () => {
    const w = world();
    expect(await w.add.execute(T, 'U1', { kind: 'web', url: 'https://docs.example/guide', pages: 1 })).toMatchObject({ status: 'added' });
    expect(await w.add.execute(T, 'U1', { kind: 'repository', url: 'https://github.com/acme/shop' })).toMatchObject({ status: 'added' });
    expect(await w.add.execute(T, 'U1', { kind: 'pdf', files: [{ id: 'F1', name: 'a.pdf' }] })).toMatchObject({ status: 'added' });
    // At the quota: "already added" is what the person is told.
    expect(await w.add.execute(T, 'U2', { kind: 'web', url: 'HTTPS://DOCS.example:443/guide#part-2', pages: 3 })).toEqual({ status: 'refused', code: 'duplicate', params: {} });
    expect(await w.add.execute(T, 'U2', { kind: 'repository', url: 'https://www.github.com/Acme/Shop.git' })).toEqual({ status: 'refused', code: 'duplicate', params: {} });
    expect(await w.add.execute(T, 'U2', { kind: 'web', url: 'https://docs.example/guide/', pages: 1 })).toMatchObject({ code: 'quota_sources' });
    await w.knowledge.markFailed(T, 'src-2', 'not_found', new Date());
    expect(await w.add.execute(T, 'U2', { kind: 'repository', url: 'https://github.com/acme/shop' })).toEqual({ status: 'added', sourceIds: ['src-4'] });
    expect((await w.knowledge.list(T)).map((s) => s.id).sort()).toEqual(['src-1', 'src-3', 'src-4']);
    expect(w.jobs.map((j) => j.key)).toEqual(['src-1', 'src-2', 'src-3', 'src-4']);
  });

  it('tells sources apart by the address as the URL parser writes it (fragment dropped), and repositories by owner/name in any case', () => {
    expect(sourceAddress('web', webAddress('HTTPS://Docs.Example:443/guide?x=1#top')!)).toBe('https://docs.example/guide?x=1');
    expect(sourceAddress('web', webAddress('https://docs.example/guide/')!)).not.toBe(sourceAddress('web', webAddress('https://docs.example/guide')!));
    expect(sourceAddress('web', webAddress('http://docs.example/guide')!)).not.toBe(sourceAddress('web', webAddress('https://docs.example/guide')!));
    expect(sourceAddress('repository', githubRepository('https://www.github.com/Acme/Shop.git')!.url)).toBe('acme/shop');
  });

  it('normalizes GitHub addresses and web addresses', () => {
    expect(githubRepository('https://github.com/acme/shop.git')).toEqual({ url: 'https://github.com/acme/shop', owner: 'acme', name: 'shop' });
    expect(githubRepository('https://www.github.com/acme/shop/')).toMatchObject({ url: 'https://github.com/acme/shop' });
    expect(githubRepository('https://github.com/acme/..')).toBeNull();
    expect(githubRepository('http://github.com/acme/shop')).toBeNull();
    expect(webAddress('not a url')).toBeNull();
  });

  it('lets the owner or an admin remove a source, nobody else', async () => {
    const w = world('premium');
    await w.add.execute(T, 'U1', { kind: 'repository', url: 'https://github.com/acme/shop' });
    expect(await removeKnowledgeSource(w.knowledge, { teamId: T, userId: 'U2', isAdmin: false, sourceId: 'src-1' })).toBe('not_allowed');
    expect(await removeKnowledgeSource(w.knowledge, { teamId: 'T0OTHER', userId: 'U1', isAdmin: true, sourceId: 'src-1' })).toBe('not_found');
    expect(await removeKnowledgeSource(w.knowledge, { teamId: T, userId: 'U2', isAdmin: true, sourceId: 'src-1' })).toBe('removed');
    expect(await w.knowledge.list(T)).toEqual([]);
  });

  it('retries a failed source for its owner or an admin: queued again, one job per failure', async () => {
    const w = world('premium');
    const clock = new FakeClock();
    await w.add.execute(T, 'U1', { kind: 'repository', url: 'https://github.com/acme/shop' });
    const retry = (userId: string, isAdmin = false, teamId = T) => retryKnowledgeSource({ sources: w.knowledge, queue: w.queue, ingestQueue: 'ingest', clock }, { teamId, userId, isAdmin, sourceId: 'src-1' });
    expect(await retry('U1')).toBe('not_failed');
    await w.knowledge.markFailed(T, 'src-1', 'not_found', new Date('2025-01-01T00:00:00Z'));
    expect(await retry('U2')).toBe('not_allowed');
    expect(await retry('U1', true, 'T0OTHER')).toBe('not_found');
    expect(await w.knowledge.get(T, 'src-1')).toMatchObject({ status: 'failed', failure: 'not_found' });
    expect(await retry('U2', true)).toBe('queued');
    expect(await w.knowledge.get(T, 'src-1')).toMatchObject({ status: 'queued', failure: null });
    expect(await retry('U1')).toBe('not_failed');
    expect(w.jobs.slice(1)).toEqual([{ name: 'ingest', payload: { teamId: T, sourceId: 'src-1' }, key: `src-1:retry:${Date.parse('2025-01-01T00:00:00Z')}` }]);
  });
});

describe('knowledge plan', () => {
  it('is the best usable plan, free during the trial or without any', () => {
    const now = new Date('2025-02-01T00:00:00Z');
    expect(knowledgePlanOf([], now)).toBe('free');
    expect(knowledgePlanOf([aSubscription().trial('2025-01-25T00:00:00Z', '2025-02-08T00:00:00Z').build()], now)).toBe('free');
    const standard = aSubscription('s1').onPlan('gpt50').period('2025-01-15T00:00:00Z', '2025-02-15T00:00:00Z').build();
    const entry = aSubscription('s2').onPlan('gpt50_4k_50r').period('2025-01-15T00:00:00Z', '2025-02-15T00:00:00Z').build();
    expect(knowledgePlanOf([entry, standard], now)).toBe('standard');
  });
});
