import type { LlmProvider, LlmRequest, LlmStreamEvent, LlmStreamOptions } from '../../../core/assistant/llm-provider.port';
import { LlmError } from '../../../core/assistant/llm-error';

/** The label every demo answer starts with, so nobody takes it for a model's words. */
export const DEMO_LABEL = 'Demo model (offline, LLM_PROVIDER=demo): not a language model.';

export interface DemoLlmOptions {
  /** Pause between streamed pieces, so the answer streams as a model's would. Default 40 ms. */
  pieceDelayMs?: number;
}

/**
 * `LLM_PROVIDER=demo`: an offline stand-in for trying Tomo with no model. It writes no answer
 * to the question; it reports, honestly, what Tomo sent it: which instruction layers (and a
 * trigger's task or context), how many thread messages, which tools were offered, which
 * sources the readers fetched, how many images. It never calls a tool. Nothing it receives is
 * logged or kept.
 */
export class DemoLlmProvider implements LlmProvider {
  readonly name = 'demo';
  private readonly pieceDelayMs: number;

  constructor(options: DemoLlmOptions = {}) {
    this.pieceDelayMs = options.pieceDelayMs ?? 40;
  }

  async *stream(request: LlmRequest, options: LlmStreamOptions = {}): AsyncIterable<LlmStreamEvent> {
    const { signal } = options;
    yield { type: 'start', provider: this.name, model: 'demo' };
    const report = describeRequest(request);
    const pieces = report.match(/\S+\s*|\s+/g) ?? [report];
    for (let i = 0; i < pieces.length; i += 3) {
      if (signal?.aborted) throw new LlmError('aborted', { provider: this.name });
      yield { type: 'text', text: pieces.slice(i, i + 3).join('') };
      if (this.pieceDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.pieceDelayMs));
    }
    yield { type: 'done', provider: this.name, model: 'demo', stopReason: 'end', usage: { inputTokens: 0, outputTokens: 0 } };
  }
}

const LAYERS: readonly [heading: string, label: string][] = [
  ['System instructions', 'system'],
  ['Workspace instructions', 'workspace'],
  ['Channel instructions', 'channel'],
  ['User instructions', 'user'],
];

/** The report, in Slack formatting. Counts and names only: no text of the request is repeated. */
export function describeRequest(request: LlmRequest): string {
  const system = request.system ?? '';
  const headings = [...system.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
  const layers = LAYERS.filter(([heading]) => headings.includes(heading)).map(([, label]) => label);
  const known = new Set([...LAYERS.map(([heading]) => heading), 'Task']);
  const contexts = headings.filter((h) => !known.has(h));

  const turns = request.messages.filter((m) => m.role !== 'tool');
  const userTurns = turns.filter((m) => m.role === 'user').length;
  const assistantTurns = turns.length - userTurns;
  const last = [...request.messages].reverse().find((m) => m.role === 'user');
  const sources = [...(last?.content ?? '').matchAll(/<untrusted_source([^>]*)>/g)].map((m) => sourceLabel(m[1] ?? ''));
  const images = last?.role === 'user' ? (last.images?.length ?? 0) : 0;
  const tools = (request.tools ?? []).map((t) => t.name);

  const lines = [
    `_${DEMO_LABEL}_`,
    'It does not answer questions. This is what Tomo sent it for this answer:',
    `• Instruction layers: ${layers.length > 0 ? layers.join(', ') : 'none'}${headings.includes('Task') ? ', plus a task from the trigger' : ''}`,
    ...(contexts.length > 0 ? [`• Context material: ${contexts.join(', ')}`] : []),
    `• Thread messages: ${turns.length} (${userTurns} from people, ${assistantTurns} from Tomo)`,
    `• Tools offered: ${tools.length > 0 ? tools.join(', ') : 'none'}`,
    `• Sources read: ${sources.length > 0 ? sources.join('; ') : 'none'}`,
    ...(images > 0 ? [`• Images: ${images}`] : []),
    `• Answer budget: ${request.maxOutputTokens} output tokens${request.model ? `, plan model ${request.model}` : ''}`,
    'Set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama) or ANTHROPIC_API_KEY for real answers.',
  ];
  return lines.join('\n');
}

function sourceLabel(attributes: string): string {
  const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
  const kind = attr('kind') ?? 'source';
  const where = attr('url') ?? attr('title');
  return where ? `${kind} (${where})` : kind;
}
