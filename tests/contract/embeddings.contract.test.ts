import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiEmbeddings } from '../../adapters/embeddings/openai-embeddings';
import { HashingEmbeddings } from '../../adapters/memory/hashing-embeddings';
import type { Embeddings } from '../../core/knowledge/embeddings.port';
import { EmbeddingsError } from '../../core/knowledge/embeddings.port';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/fake-openai';

let openai: FakeOpenAi;
beforeAll(async () => {
  openai = await startFakeOpenAi();
});
afterAll(async () => {
  await openai.close();
});

const openAiEmbeddings = (options: Partial<ConstructorParameters<typeof OpenAiEmbeddings>[0]> = {}) =>
  new OpenAiEmbeddings({ apiKey: 'sk-test', baseURL: openai.url, model: 'text-embedding-3-small', dimensions: 64, batchSize: 3, sendDimensions: true, ...options });

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe.each([
  { name: 'openai (fake server)', create: (): Embeddings => openAiEmbeddings() },
  { name: 'hashing (in memory)', create: (): Embeddings => new HashingEmbeddings(64) },
])('Embeddings contract: $name', ({ create }) => {
  it('gives one vector of the configured length per text, in order, near for related texts', async () => {
    const embeddings = create();
    const texts = ['Refunds are paid within fourteen days', 'The office closes at six', 'refunds paid days', '', '返金は14日以内に支払われます'];
    const vectors = await embeddings.embed(texts);
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) expect(v).toHaveLength(64);
    expect(cosine(vectors[0]!, vectors[2]!)).toBeGreaterThan(cosine(vectors[1]!, vectors[2]!));
    expect(await embeddings.embed([])).toEqual([]);
  });
});

describe('OpenAI embeddings adapter', () => {
  it('batches the texts and asks for the configured dimensions', async () => {
    openai.embeddingCalls.length = 0;
    await openAiEmbeddings().embed(['a1 one', 'b2 two', 'c3 three', 'd4 four', 'e5 five', 'f6 six', 'g7 seven']);
    expect(openai.embeddingCalls.map((c) => c.inputs)).toEqual([3, 3, 1]);
    expect(openai.embeddingCalls.every((c) => c.dimensions === 64 && c.model === 'text-embedding-3-small')).toBe(true);
  });

  it('sends a passage cut mid-emoji (a lone surrogate) as U+FFFD, which strict servers refuse otherwise', async () => {
    const [cut, replaced] = await Promise.all([openAiEmbeddings().embed(['Launch 🚀'.slice(0, -1)]), openAiEmbeddings().embed(['Launch \uFFFD'])]);
    expect(cut[0]).toEqual(replaced[0]);
  });

  it('waits out 429s as Retry-After says, then succeeds', async () => {
    openai.embeddingCalls.length = 0;
    openai.rateLimitEmbeddings(2, 1);
    const started = Date.now();
    const vectors = await openAiEmbeddings().embed(['rate limited text']);
    expect(vectors).toHaveLength(1);
    expect(openai.embeddingCalls.map((c) => c.status)).toEqual([429, 429, 200]);
    // Two waits of one second each: the adapter did not hammer the server.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('fails with EmbeddingsError when the server keeps refusing or the length is wrong', async () => {
    openai.failEmbeddings(400);
    await expect(openAiEmbeddings({ maxRetries: 0 }).embed(['x'])).rejects.toBeInstanceOf(EmbeddingsError);
    openai.failEmbeddings(null);
    await expect(openAiEmbeddings({ sendDimensions: false }).embed(['x'])).rejects.toThrow(/returned 1536 dimensions, EMBEDDINGS_DIMENSIONS says 64/);
  });

  it("keeps the server's words out of its error: an error body may quote the text it was sent", async () => {
    const secret = 'ZEBRA-7731-SECRET';
    for (const status of [400, 500]) {
      openai.failEmbeddings(status, { echo: true });
      const error = await openAiEmbeddings({ maxRetries: 0 }).embed([`passage about ${secret}`]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmbeddingsError);
      expect((error as EmbeddingsError).message).toBe(`Embeddings request failed (HTTP ${status}): server_error`);
      expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(secret);
    }
    openai.failEmbeddings(null);
  });
});
