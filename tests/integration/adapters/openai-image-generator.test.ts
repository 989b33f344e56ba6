import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpenAiImageGenerator } from '../../../adapters/images/openai-image-generator';
import { ImageGenerationError } from '../../../core/images/image-generator.port';
import { startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai/fake-openai';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('OpenAiImageGenerator against the Images API fake (the real openai SDK over HTTP)', () => {
  let openai: FakeOpenAi;
  const generator = (model?: string, timeoutMs?: number) =>
    new OpenAiImageGenerator({ apiKey: 'sk-test', baseURL: openai.url, ...(model ? { model } : {}), ...(timeoutMs ? { timeoutMs } : {}) });

  beforeAll(async () => {
    openai = await startFakeOpenAi();
  });
  afterAll(async () => openai.close());
  beforeEach(() => openai.reset());

  it('gpt-image-1 (default): one request for n=4, base64 PNGs back, four distinct pictures', async () => {
    const before = openai.imageCalls.length;
    const images = await generator().generate({ prompt: 'a lighthouse', count: 4 });
    expect(openai.imageCalls.slice(before)).toEqual([{ model: 'gpt-image-1', prompt: 'a lighthouse', n: 4, responseFormat: undefined, size: undefined }]);
    expect(images).toHaveLength(4);
    for (const image of images) {
      expect(image.mimetype).toBe('image/png');
      expect(Buffer.from(image.bytes).subarray(0, 8).equals(PNG)).toBe(true);
    }
    expect(new Set(images.map((i) => Buffer.from(i.bytes).toString('base64'))).size).toBe(4);
  });

  it('dall-e-3 takes n=1 only: four requests in parallel, each asking for base64', async () => {
    const before = openai.imageCalls.length;
    const images = await generator('dall-e-3').generate({ prompt: 'a lighthouse', count: 4 });
    expect(images).toHaveLength(4);
    expect(openai.imageCalls.slice(before)).toEqual(
      Array.from({ length: 4 }, () => ({ model: 'dall-e-3', prompt: 'a lighthouse', n: 1, responseFormat: 'b64_json', size: undefined })),
    );
  });

  it('dall-e-3: a variant refused by the per-minute image limit is asked for again after Retry-After, keeping the other three', async () => {
    // DALL·E 3's low tiers allow a handful of images a minute: one of four parallel requests gets 429.
    openai.nextImages({ kind: 'rate_limit', retryAfterSeconds: 1 });
    const before = openai.imageCalls.length;
    const images = await generator('dall-e-3').generate({ prompt: 'a lighthouse', count: 4 });
    expect(images).toHaveLength(4);
    expect(new Set(images.map((i) => Buffer.from(i.bytes).toString('base64'))).size).toBe(4);
    expect(openai.imageCalls.length - before).toBe(5);
  });

  it('dall-e-3: a limit that lasts past the generation time is told as a rate limit, not waited for', async () => {
    openai.nextImages({ kind: 'rate_limit', retryAfterSeconds: 60 });
    const before = openai.imageCalls.length;
    const started = Date.now();
    const failure = await generator('dall-e-3', 2_000).generate({ prompt: 'x', count: 4 }).catch((e: unknown) => e);
    expect((failure as ImageGenerationError).code).toBe('rate_limited');
    expect(Date.now() - started).toBeLessThan(1_500);
    // The other three requests may still reach the fake: let them, before the next test scripts it.
    await vi.waitFor(() => expect(openai.imageCalls.length - before).toBe(4), { timeout: 2_000 }).catch(() => undefined);
  });

  it.each([
    ['a content-policy refusal (GPT Image: moderation_blocked)', { kind: 'refuse' } as const, undefined, 'content_policy'],
    ['a content-policy refusal (DALL·E: content_policy_violation)', { kind: 'refuse' } as const, 'dall-e-2', 'content_policy'],
    ['HTTP 429', { kind: 'rate_limit' } as const, undefined, 'rate_limited'],
    ['a 500', { kind: 'fail', status: 500 } as const, undefined, 'unavailable'],
  ])('%s becomes ImageGenerationError %s', async (_name, behaviour, model, code) => {
    openai.nextImages(behaviour);
    const failure = await generator(model).generate({ prompt: 'x', count: model === 'dall-e-2' ? 1 : 4 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImageGenerationError);
    expect((failure as ImageGenerationError).code).toBe(code);
  });

  it('a provider slower than the limit: timeout', async () => {
    openai.nextImages({ kind: 'delay', ms: 5_000 });
    const failure = await generator(undefined, 300).generate({ prompt: 'x', count: 4 }).catch((e: unknown) => e);
    expect((failure as ImageGenerationError).code).toBe('timeout');
  });
});
