import { describe, expect, it } from 'vitest';
import { modelStatus, playgroundDecision } from '../../../apps/playground/playground-mode';
import { ConfigError } from '../../../apps/shared/config';

describe('playgroundDecision', () => {
  it('runs the playground only with no Slack app configured, outside production, unless PLAYGROUND=off', () => {
    expect(playgroundDecision({})).toEqual({ enabled: true });
    expect(playgroundDecision({ NODE_ENV: 'development', SLACK_CLIENT_ID: '  ' })).toEqual({ enabled: true });
    expect(playgroundDecision({ NODE_ENV: 'production' })).toEqual({ enabled: false, reason: 'NODE_ENV=production' });
    for (const name of ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN']) {
      expect(playgroundDecision({ [name]: 'x' })).toEqual({ enabled: false, reason: `${name} set: a real Slack app is configured` });
    }
    expect(playgroundDecision({ PLAYGROUND: 'off' })).toEqual({ enabled: false, reason: 'PLAYGROUND=off' });
    expect(playgroundDecision({ PLAYGROUND: ' ' })).toEqual({ enabled: true });
  });

  it('refuses a PLAYGROUND value other than off, which was meant as off but ran the playground', () => {
    for (const value of ['false', '0', 'no']) {
      expect(() => playgroundDecision({ PLAYGROUND: value })).toThrow(new ConfigError(`Invalid configuration: PLAYGROUND must be off or unset (got "${value}")`));
    }
  });
});

describe('modelStatus', () => {
  it('says exactly what to set when no model is configured', () => {
    const status = modelStatus({});
    expect(status.configured).toBe(false);
    expect(status.message).toContain('OPENAI_API_KEY=sk-…');
    expect(status.message).toContain('OPENAI_BASE_URL=http://127.0.0.1:11434/v1');
    expect(status.message).toContain('ANTHROPIC_API_KEY=sk-ant-…');
    expect(status.message).toContain('LLM_PROVIDER=demo');
  });

  it('names the provider that answers', () => {
    expect(modelStatus({ LLM_PROVIDER: 'demo', OPENAI_API_KEY: 'sk' }).provider).toBe('demo');
    expect(modelStatus({ OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).message).toBe(
      'Answers come from OpenAI at http://127.0.0.1:11434/v1.',
    );
    expect(modelStatus({ LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant' }).message).toBe('Answers come from Anthropic.');
  });
});
