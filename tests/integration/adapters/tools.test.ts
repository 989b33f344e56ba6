import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardedHttpClient } from '../../../adapters/http/guarded-http-client';
import { browseTool } from '../../../adapters/tools/browse.tool';
import { CalculatorEngine } from '../../../adapters/tools/calculator-engine';
import { calculatorTool } from '../../../adapters/tools/calculator.tool';
import { webSearchTool } from '../../../adapters/tools/web-search.tool';
import { ReadableWebFetcher } from '../../../adapters/web/readable-web-fetcher';
import type { Tool, ToolContext } from '../../../core/tools/tool';
import { WebSearchError, type WebSearch, type WebSearchQuery } from '../../../core/tools/web-search.port';
import { scannedPdf } from '../../fakes/web/documents';
import { ARTICLE_FACT, startFakeWeb, type FakeWeb } from '../../fakes/web/fake-web';

const context = (overrides: Partial<ToolContext> = {}): ToolContext => ({
  teamId: 'T1',
  userId: 'U1',
  locale: 'en',
  plan: 'standard',
  searchResults: 5,
  signal: new AbortController().signal,
  ...overrides,
});

describe('calculator tool: mathjs in a restricted, bounded scope', () => {
  const engine = new CalculatorEngine({ timeoutMs: 1_500 });
  const calculator = calculatorTool(engine);
  afterAll(() => engine.close());
  const calc = (expression: string) => calculator.run({ expression }, context());

  it('declares a JSON schema the providers accept, its plugin and its plans', () => {
    expect(calculator).toMatchObject({ name: 'calculator', plugin: 'calculator', plans: 'all' });
    expect(calculator.parameters).toMatchObject({ type: 'object', required: ['expression'], properties: { expression: { type: 'string' } } });
    expect(calculator.parameters).not.toHaveProperty('$schema');
  });

  it.each([
    ['0.1 + 0.2', '0.3'],
    ['2^128', '3.4028236692094e+38'],
    ['(1250 * 1.08) / 12', '112.5'],
    ['5 km to mile', '3.1068559611867 mile'],
    ['daysBetween("2026-01-01", "2026-03-01")', '59'],
    ['addDays("2026-01-31", 30)', '"2026-03-02"'],
    ['weekday("2026-12-25")', '"Friday"'],
  ])('computes %s = %s', async (expression, result) => {
    expect(await calc(expression)).toEqual({ content: `${expression} = ${result}` });
  });

  it.each([
    ['import', 'import({evil: 1}, {override: true})'],
    ['createUnit', 'createUnit("foo")'],
    ['evaluate re-entry', 'evaluate("1+1")'],
    ['parse', 'parse("1+1")'],
    ['compile', 'compile("1+1")'],
    ['simplify', 'simplify("x+x")'],
  ])('refuses %s inside an expression', async (_name, expression) => {
    await expect(calc(expression)).rejects.toThrow(/disabled/);
  });

  it('tells the model about a mistake instead of failing', async () => {
    await expect(calc('1 / ')).rejects.toMatchObject({ name: 'ToolError' });
    await expect(calculator.run({ expression: 42 }, context())).rejects.toThrow(/do not match the tool's schema/);
    await expect(calc('x'.repeat(1_001))).rejects.toMatchObject({ name: 'ToolError' });
  });

  it('stops an expression that runs too long or grows too large, and keeps working after', async () => {
    await expect(calc('zeros(20000, 20000)')).rejects.toThrow(/memory|longer than/);
    await expect(calc('prod(range(1, 300000))')).rejects.toThrow(/longer than|memory|characters/);
    expect(await calc('6 * 7')).toEqual({ content: '6 * 7 = 42' });
  }, 60_000); // each stop restarts the worker thread, which reloads mathjs: slow on a busy machine
});

describe('web search and browse tools', () => {
  let web: FakeWeb;
  beforeAll(async () => {
    web = await startFakeWeb();
  });
  afterAll(() => web.close());

  it('search asks for as many results as the plan allows and returns them as untrusted data with sources', async () => {
    const asked: WebSearchQuery[] = [];
    const engine: WebSearch = {
      name: 'test',
      search: async (query) => {
        asked.push(query);
        return Array.from({ length: query.count }, (_, n) => ({ title: `Result ${n + 1}`, url: `https://example.com/${n + 1}`, snippet: `Snippet ${n + 1}` }));
      },
    };
    const search: Tool = webSearchTool(engine);

    const output = await search.run({ query: 'lighthouses' }, context({ searchResults: 3, locale: 'ja' }));

    expect(asked).toMatchObject([{ query: 'lighthouses', count: 3, language: 'ja' }]);
    expect(output.untrusted).toBe(true);
    expect(output.content).toContain('3. [Result 3](https://example.com/3)');
    expect(output.sources).toHaveLength(3);
  });

  it('search reports an engine failure as a tool error', async () => {
    const search = webSearchTool({ name: 'down', search: async () => Promise.reject(new WebSearchError('unavailable', 'down')) });

    await expect(search.run({ query: 'x' }, context())).rejects.toThrow(/not answering \(unavailable\)/);
  });

  it('browse returns the readable page and refuses what the guarded client refuses', async () => {
    const browse = browseTool(new ReadableWebFetcher(new GuardedHttpClient({ allowPrivateHosts: [web.host] })));

    const page = await browse.run({ url: `${web.origin}/article` }, context());
    expect(page.content).toContain(ARTICLE_FACT);
    expect(page.sources).toEqual([{ kind: 'web_page', url: `${web.origin}/article`, title: 'The Tomo Field Guide' }]);
    await expect(browse.run({ url: 'http://169.254.169.254/latest/meta-data/' }, context())).rejects.toThrow(/not allowed/);
    await expect(browse.run({ url: 'file:///etc/passwd' }, context())).rejects.toThrow(/schema/);
    expect(browse.status({ url: `${web.origin}/article` })).toEqual({ code: 'reading_page', host: '127.0.0.1' });
  });

  it('browse tells the model that a scanned PDF has no text it can read, instead of returning an empty page', async () => {
    // A scan has images on its pages and no text layer: pdf.js finds no text, and the tool
    // returned a title and an empty body, which the model took for a document that says nothing.
    web.page('/contract-scan.pdf', { type: 'application/pdf', body: scannedPdf(2) });
    const browse = browseTool(new ReadableWebFetcher(new GuardedHttpClient({ allowPrivateHosts: [web.host] })));

    const error = await browse.run({ url: `${web.origin}/contract-scan.pdf` }, context()).catch((e: unknown) => e);

    expect(error).toMatchObject({
      name: 'ToolError',
      message: `Could not open ${web.origin}/contract-scan.pdf: it has no text Tomo can read (a scanned document without a text layer, for example).`,
    });
  });
});
