import { OpenAiImageGenerator } from '../../adapters/images/openai-image-generator';
import { DemoImageGenerator } from '../../adapters/llm/demo/demo-image-generator';
import type { PgRepositories } from '../../adapters/postgres/pg-repositories';
import { ImageStudio } from '../../core/images/image-studio';
import type { ImageGenerator } from '../../core/images/image-generator.port';
import type { Clock } from '../../core/shared/clock.port';
import type { IdGenerator } from '../../core/shared/id-generator.port';
import { slackText } from '../shared/messages/slack';
import type { WorkerConfig } from './config';

/**
 * Image generation needs an image-capable provider: OpenAI's Images API (or a server speaking
 * it at `OPENAI_BASE_URL`) with `OPENAI_API_KEY`. Anthropic has no image generation, so with
 * Anthropic alone, or `OPENAI_IMAGE_MODEL=none`, the studio has no generator and says so.
 * `LLM_PROVIDER=demo` (the playground's offline demo) draws labelled demo pictures instead,
 * as its model writes labelled reports: never otherwise.
 */
export function imageGeneratorFromConfig(config: WorkerConfig): ImageGenerator | null {
  if (config.LLM_PROVIDER === 'demo') return new DemoImageGenerator();
  if (!config.OPENAI_API_KEY || config.OPENAI_IMAGE_MODEL === 'none') return null;
  return new OpenAiImageGenerator({
    apiKey: config.OPENAI_API_KEY,
    ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
    model: config.OPENAI_IMAGE_MODEL,
    timeoutMs: config.IMAGE_TIMEOUT_MS,
  });
}

export function imageStudioFromConfig(
  config: WorkerConfig,
  repositories: Pick<PgRepositories, 'imageGenerations' | 'egressAudit'>,
  clock: Clock,
  ids: IdGenerator,
): ImageStudio {
  return new ImageStudio({
    generator: imageGeneratorFromConfig(config),
    generations: repositories.imageGenerations,
    egressAudit: repositories.egressAudit,
    clock,
    ids,
    texts: { say: (code, params, locale) => slackText(code, params, locale) },
  });
}
