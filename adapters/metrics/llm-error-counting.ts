import { isLlmError } from '../../core/assistant/llm-error';
import type { LlmProvider, LlmRequest, LlmStreamOptions } from '../../core/assistant/llm-provider.port';
import type { TomoMetrics } from './prometheus-metrics';

/**
 * One provider (OpenAI, Anthropic) whose failures are counted by provider, code and HTTP status.
 * Wrapped around each provider inside the fallback, so a failure the fallback recovers from is
 * counted too.
 */
export function countLlmErrors(provider: LlmProvider, metrics: Pick<TomoMetrics, 'llmErrors'>): LlmProvider {
  return {
    name: provider.name,
    async *stream(request: LlmRequest, options?: LlmStreamOptions) {
      try {
        yield* provider.stream(request, options);
      } catch (error) {
        if (isLlmError(error)) {
          metrics.llmErrors.inc({ provider: error.provider, code: error.code, status: error.status === undefined ? 'none' : String(error.status) });
        }
        throw error;
      }
    },
  };
}
