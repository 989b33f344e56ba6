import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiLlmProvider } from '../../../adapters/llm/openai/openai-llm-provider';
import { startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai/fake-openai';
import { collectStream } from '../../fakes/support/collect-llm-stream';

describe('OpenAiLlmProvider on OpenAI-compatible servers: tool calls and images the way they differ', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  const tools = [{ name: 'calculator', description: 'Math.', parameters: { type: 'object' as const, properties: {} } }];

  it('takes whole calls without index or id, finished with `stop`, as tool use', async () => {
    fake.enqueue({
      compatToolCalls: true,
      toolCalls: [
        { name: 'calculator', arguments: { expression: '1+1' } },
        { name: 'calculator', arguments: { expression: '2+2' } },
      ],
    });
    const provider = new OpenAiLlmProvider({ apiKey: 'k', baseURL: fake.url, defaultModel: 'llama3.3' });

    const result = await collectStream(provider.stream({ messages: [{ role: 'user', content: 'sums' }], maxOutputTokens: 50, tools }));

    const calls = result.events.flatMap((e) => (e.type === 'tool_call' ? [e.call] : []));
    expect(calls).toEqual([
      { id: 'call_1', name: 'calculator', arguments: { expression: '1+1' } },
      { id: 'call_2', name: 'calculator', arguments: { expression: '2+2' } },
    ]);
    expect(result.done?.stopReason).toBe('tool_use');
  });

  it('shows the words of a model that declines in `refusal` instead of `content`, rather than an empty answer', async () => {
    fake.enqueue({ text: "I'm sorry, I can't help with that.", asRefusal: true });
    const provider = new OpenAiLlmProvider({ apiKey: 'k', baseURL: fake.url, defaultModel: 'gpt-5' });

    const result = await collectStream(provider.stream({ messages: [{ role: 'user', content: 'something' }], maxOutputTokens: 50 }));

    expect(result.text).toBe("I'm sorry, I can't help with that.");
  });

  it('tells a text-only model that an image was shared instead of sending it', async () => {
    const provider = new OpenAiLlmProvider({ apiKey: 'k', baseURL: fake.url, defaultModel: 'llama3.3', imageInput: false });

    const result = await collectStream(
      provider.stream({
        messages: [{ role: 'user', content: 'look', images: [{ mediaType: 'image/png', data: 'AAAA', name: 'chart.png' }] }],
        maxOutputTokens: 50,
      }),
    );

    expect(fake.calls.at(-1)!.prompt.turns).toEqual([
      { role: 'user', text: 'look\n[An image (chart.png) was shared here; this model cannot see images.]', images: 0 },
    ]);
    // The answer path names the image under the answer from this.
    expect(result.done).toMatchObject({ imagesUnseen: true });
    const plain = await collectStream(provider.stream({ messages: [{ role: 'user', content: 'hello' }], maxOutputTokens: 50 }));
    expect(plain.done).not.toHaveProperty('imagesUnseen');
  });
});
