import { LlmError } from '../../../core/assistant/llm-error';
import type { LlmStreamEvent } from '../../../core/assistant/llm-provider.port';

export interface CollectedStream {
  events: LlmStreamEvent[];
  /** The text deltas joined: what a person would have read (after the last `restart`, if any). */
  text: string;
  done: Extract<LlmStreamEvent, { type: 'done' }> | undefined;
  error: LlmError | undefined;
}

/** Drains a stream, keeping what it yielded and how it ended. Non-LLM errors are rethrown. */
export async function collectStream(stream: AsyncIterable<LlmStreamEvent>): Promise<CollectedStream> {
  const events: LlmStreamEvent[] = [];
  let error: LlmError | undefined;
  try {
    for await (const event of stream) events.push(event);
  } catch (caught) {
    if (!(caught instanceof LlmError)) throw caught;
    error = caught;
  }
  const afterRestart = events.slice(events.findLastIndex((e) => e.type === 'restart') + 1);
  const text = afterRestart.map((e) => (e.type === 'text' ? e.text : '')).join('');
  const done = events.find((e): e is Extract<LlmStreamEvent, { type: 'done' }> => e.type === 'done');
  return { events, text, done, error };
}
