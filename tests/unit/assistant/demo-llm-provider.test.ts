import { describe, expect, it } from 'vitest';
import { DEMO_LABEL, DemoLlmProvider } from '../../../adapters/llm/demo/demo-llm-provider';
import type { LlmRequest, LlmStreamEvent } from '../../../core/assistant/llm-provider.port';
import { fenceUntrusted } from '../../../core/assistant/untrusted-content';
import { composeSystemPrompt } from '../../../core/instructions/compose-instructions';

async function collect(request: LlmRequest): Promise<LlmStreamEvent[]> {
  const events: LlmStreamEvent[] = [];
  for await (const event of new DemoLlmProvider({ pieceDelayMs: 0 }).stream(request)) events.push(event);
  return events;
}

const textOf = (events: LlmStreamEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');

describe('LLM_PROVIDER=demo', () => {
  it('reports the instruction layers, thread messages, tools and sources it received, labelled as no model', async () => {
    const system = composeSystemPrompt(
      { system: 'Be Tomo.', workspace: 'Answer in British English.', user: 'Keep it short.' },
      { task: 'Translate this message.', context: { title: 'Channel messages', text: 'a: hi' } },
    );
    const page = fenceUntrusted('The page body.', { kind: 'web_page', title: 'Example', url: 'https://example.com/a' });
    const events = await collect({
      system,
      messages: [
        { role: 'user', content: 'alice: What is on this page?' },
        { role: 'assistant', content: 'Earlier answer.' },
        { role: 'user', content: `alice: And now? https://example.com/a\n\n${page}` },
      ],
      tools: [
        { name: 'calculator', description: 'math', parameters: { type: 'object' } },
        { name: 'web_search', description: 'search', parameters: { type: 'object' } },
      ],
      maxOutputTokens: 1200,
      model: 'gpt-5',
    });

    expect(events[0]).toEqual({ type: 'start', provider: 'demo', model: 'demo' });
    expect(events.at(-1)).toMatchObject({ type: 'done', provider: 'demo', stopReason: 'end' });
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(5);
    expect(events.some((e) => e.type === 'tool_call')).toBe(false);
    expect(textOf(events).split('\n')).toEqual([
      `_${DEMO_LABEL}_`,
      'It does not answer questions. This is what Tomo sent it for this answer:',
      '• Instruction layers: system, workspace, user, plus a task from the trigger',
      '• Context material: Channel messages',
      '• Thread messages: 3 (2 from people, 1 from Tomo)',
      '• Tools offered: calculator, web_search',
      '• Sources read: web_page (https://example.com/a)',
      '• Answer budget: 1200 output tokens, plan model gpt-5',
      'Set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama) or ANTHROPIC_API_KEY for real answers.',
    ]);
  });

  it('repeats none of what people wrote, and says "none" where nothing came', async () => {
    const text = textOf(await collect({ messages: [{ role: 'user', content: 'bob: my secret plan' }], maxOutputTokens: 100 }));
    expect(text).not.toContain('secret');
    expect(text).toContain('• Instruction layers: none\n');
    expect(text).toContain('• Thread messages: 1 (1 from people, 0 from Tomo)');
    expect(text).toContain('• Tools offered: none\n• Sources read: none');
  });
});
