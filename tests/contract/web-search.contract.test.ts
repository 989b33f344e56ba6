import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BraveWebSearch } from '../../adapters/search/brave-search';
import { GoogleWebSearch } from '../../adapters/search/google-search';
import { SearxngWebSearch } from '../../adapters/search/searxng-search';
import type { WebSearch } from '../../core/tools/web-search.port';
import { BRAVE_KEY, GOOGLE_CX, GOOGLE_KEY, startFakeSearch, type FakeSearch } from '../fakes/search/fake-search';

let fake: FakeSearch;
beforeAll(async () => {
  fake = await startFakeSearch();
});
afterAll(() => fake.close());

const subjects: { name: string; engine: () => WebSearch; badKey: () => WebSearch }[] = [
  {
    name: 'Google Programmable Search',
    engine: () => new GoogleWebSearch({ apiKey: GOOGLE_KEY, engineId: GOOGLE_CX, baseUrl: fake.googleUrl }),
    badKey: () => new GoogleWebSearch({ apiKey: 'wrong', engineId: GOOGLE_CX, baseUrl: fake.googleUrl }),
  },
  {
    name: 'Brave Search API',
    engine: () => new BraveWebSearch({ apiKey: BRAVE_KEY, baseUrl: fake.braveUrl }),
    badKey: () => new BraveWebSearch({ apiKey: 'wrong', baseUrl: fake.braveUrl }),
  },
  {
    name: 'SearXNG',
    engine: () => new SearxngWebSearch({ baseUrl: fake.searxngUrl }),
    badKey: () => new SearxngWebSearch({ baseUrl: `${fake.origin}/nowhere/` }),
  },
];

describe.each(subjects)('WebSearch contract: $name', (subject) => {
  beforeEach(() => {
    fake.queries.length = 0;
  });

  it.each([1, 3, 5, 10])('returns at most %i results, as plain text with their links', async (count) => {
    const results = await subject.engine().search({ query: 'lighthouse keepers', count, language: 'ja' });

    expect(results).toHaveLength(count);
    expect(results[0]).toEqual({
      title: 'Lighthouse fact 1',
      url: 'https://lighthouses.example/facts/1',
      snippet: 'Fact number 1 about lighthouses & their keepers.',
    });
    expect(fake.queries.at(-1)).toMatchObject({ query: 'lighthouse keepers', language: 'ja' });
    if (fake.queries.at(-1)!.count !== undefined) expect(fake.queries.at(-1)!.count).toBe(count);
  });

  it('drops results that are not web links', async () => {
    const original = fake.results;
    fake.results = [{ title: 'Script', url: 'javascript:alert(1)', snippet: '' }, ...original.slice(0, 2)];
    try {
      expect((await subject.engine().search({ query: 'x', count: 3 })).map((r) => r.url)).toEqual([
        'https://lighthouses.example/facts/1',
        'https://lighthouses.example/facts/2',
      ]);
    } finally {
      fake.results = original;
    }
  });

  it.each([
    [429, 'rate_limited'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ])('reports HTTP %i as %s', async (status, code) => {
    fake.failNext(status);

    await expect(subject.engine().search({ query: 'x', count: 3 })).rejects.toMatchObject({ name: 'WebSearchError', code });
  });

  it('reports a refused key or a misconfigured endpoint as rejected or unavailable, never with the query', async () => {
    const failure: unknown = await subject.badKey().search({ query: 'secret project name', count: 3 }).catch((e: unknown) => e);

    expect(failure).toMatchObject({ name: 'WebSearchError' });
    expect(['rejected', 'unavailable']).toContain((failure as { code: string }).code);
    expect(String((failure as Error).message)).not.toContain('secret project');
  });
});
