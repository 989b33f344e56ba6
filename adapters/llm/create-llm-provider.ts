import type { LlmProvider } from '../../core/assistant/llm-provider.port';
import { MODELS } from '../../core/billing/plan-catalog';
import type { LlmProviderName, ModelId } from '../../core/billing/plan';
import { AnthropicLlmProvider } from './anthropic/anthropic-llm-provider';
import { FallbackLlmProvider } from './fallback-llm-provider';
import { OpenAiLlmProvider } from './openai/openai-llm-provider';

export const DEFAULT_OPENAI_MODEL = 'gpt-5';
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

export interface LlmConfiguration {
  /** `LLM_PROVIDER`: tried first unless the plan's model belongs to the other. */
  defaultProvider: LlmProviderName;
  /** From `OPENAI_API_KEY` / `OPENAI_BASE_URL`; absent when no key is set. */
  openai?: { apiKey: string; baseURL?: string; model?: string; imageInput?: boolean; maxTokensParameter?: 'max_completion_tokens' | 'max_tokens' };
  /** From `ANTHROPIC_API_KEY` / `ANTHROPIC_BASE_URL`; absent when no key is set. */
  anthropic?: { apiKey: string; baseURL?: string; model?: string };
  startDeadlineMs?: number;
  /** `LLM_RETRY_AFTER_MAX_MS`: the longest 429 `Retry-After` waited out when every provider is rate limited. */
  retryAfterMaxMs?: number;
  firstByteTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** Wraps each provider before the fallback (metrics count their failures). */
  wrap?: (provider: LlmProvider) => LlmProvider;
}

/**
 * The `LlmProvider` the worker binds: every configured provider behind the fallback, the
 * plan's model (`gpt-5` → OpenAI, `claude` → Anthropic) deciding which goes first.
 */
export function createLlmProvider(config: LlmConfiguration): LlmProvider {
  const timeouts = {
    ...(config.firstByteTimeoutMs === undefined ? {} : { firstByteTimeoutMs: config.firstByteTimeoutMs }),
    ...(config.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: config.idleTimeoutMs }),
  };
  const providers: LlmProvider[] = [];
  if (config.openai) {
    const model = config.openai.model ?? DEFAULT_OPENAI_MODEL;
    providers.push(
      new OpenAiLlmProvider({
        apiKey: config.openai.apiKey,
        ...(config.openai.baseURL === undefined ? {} : { baseURL: config.openai.baseURL }),
        defaultModel: model,
        models: { 'gpt-5': model },
        ...(config.openai.imageInput === undefined ? {} : { imageInput: config.openai.imageInput }),
        ...(config.openai.maxTokensParameter === undefined ? {} : { maxTokensParameter: config.openai.maxTokensParameter }),
        ...timeouts,
      }),
    );
  }
  if (config.anthropic) {
    const model = config.anthropic.model ?? DEFAULT_ANTHROPIC_MODEL;
    providers.push(
      new AnthropicLlmProvider({
        apiKey: config.anthropic.apiKey,
        ...(config.anthropic.baseURL === undefined ? {} : { baseURL: config.anthropic.baseURL }),
        defaultModel: model,
        models: { claude: model },
        ...timeouts,
      }),
    );
  }
  if (providers.length === 0) throw new Error('No LLM provider configured: set OPENAI_API_KEY or ANTHROPIC_API_KEY');
  return new FallbackLlmProvider({
    providers: config.wrap ? providers.map(config.wrap) : providers,
    route: (model) =>
      (model === undefined ? undefined : MODELS[model as ModelId]?.provider) ?? config.defaultProvider,
    ...(config.startDeadlineMs === undefined ? {} : { startDeadlineMs: config.startDeadlineMs }),
    ...(config.retryAfterMaxMs === undefined ? {} : { retryAfterMaxMs: config.retryAfterMaxMs }),
  });
}
