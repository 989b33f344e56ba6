import { ConfigError } from '../shared/config';

/** The Slack settings whose presence means a real Slack app is configured. */
export const REAL_SLACK_SETTINGS = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN'] as const;

export type PlaygroundDecision = { enabled: true } | { enabled: false; reason: string };

/**
 * Whether `npm start` runs the playground (an emulated Slack workspace with Tomo installed):
 * only with no Slack app configured, outside production, and unless PLAYGROUND=off. A real
 * Slack credential or NODE_ENV=production always wins.
 */
export function playgroundDecision(env: Record<string, string | undefined>): PlaygroundDecision {
  const setting = (env.PLAYGROUND ?? '').trim();
  // `off` is its only value: PLAYGROUND=false, meant as off, must not run the playground silently.
  if (setting !== '' && setting.toLowerCase() !== 'off') {
    throw new ConfigError(`Invalid configuration: PLAYGROUND must be off or unset (got "${setting}")`);
  }
  if ((env.NODE_ENV ?? '').trim() === 'production') return { enabled: false, reason: 'NODE_ENV=production' };
  const configured = REAL_SLACK_SETTINGS.filter((name) => (env[name] ?? '').trim() !== '');
  if (configured.length > 0) return { enabled: false, reason: `${configured.join(', ')} set: a real Slack app is configured` };
  if (setting !== '') return { enabled: false, reason: 'PLAYGROUND=off' };
  return { enabled: true };
}

/** What the playground tells a visitor about the model: which one answers, or exactly what to set. */
export interface ModelStatus {
  configured: boolean;
  provider: 'openai' | 'anthropic' | 'demo' | 'none';
  /** One sentence for the visitor (in English; the page says it in its own language). */
  message: string;
  /** OPENAI_BASE_URL when an OpenAI-compatible server other than OpenAI's answers. */
  baseUrl?: string;
}

export function modelStatus(env: Record<string, string | undefined>): ModelStatus {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  const provider = (env.LLM_PROVIDER ?? 'openai').trim();
  if (provider === 'demo') {
    return {
      configured: true,
      provider: 'demo',
      message:
        'Answers come from the offline demo model (LLM_PROVIDER=demo): each one reports what Tomo received and is labelled as no model. Set OPENAI_API_KEY or ANTHROPIC_API_KEY and unset LLM_PROVIDER for real answers.',
    };
  }
  if (set('OPENAI_API_KEY') || set('ANTHROPIC_API_KEY')) {
    const which = provider === 'anthropic' && set('ANTHROPIC_API_KEY') ? 'anthropic' : set('OPENAI_API_KEY') ? 'openai' : 'anthropic';
    const where = which === 'openai' && set('OPENAI_BASE_URL') ? ` at ${env.OPENAI_BASE_URL}` : '';
    return {
      configured: true,
      provider: which,
      message: `Answers come from ${which === 'openai' ? 'OpenAI' : 'Anthropic'}${where}.`,
      ...(where ? { baseUrl: env.OPENAI_BASE_URL!.trim() } : {}),
    };
  }
  return {
    configured: false,
    provider: 'none',
    message:
      'No model is configured, so Tomo can only report an error. Stop Tomo and start it again with OPENAI_API_KEY=sk-… (or OPENAI_BASE_URL=http://127.0.0.1:11434/v1 with OPENAI_API_KEY=ollama for a local Ollama), ANTHROPIC_API_KEY=sk-ant-…, or LLM_PROVIDER=demo for the offline demo model.',
  };
}
