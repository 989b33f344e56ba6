import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../../apps/server/config';
import { ConfigError } from '../../../apps/shared/config';
import { loadWorkerConfig } from '../../../apps/worker/config';

const KEY = Buffer.alloc(32, 3).toString('base64');

describe('configuration', () => {
  it('has working defaults for a fresh clone: port 3000, embedded database, OpenAI, billing off', () => {
    const config = loadServerConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('data');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.SLACK_API_URL).toBe('https://slack.com/api/');
    expect(config.SLACK_OIDC_ISSUER).toBe('https://slack.com');
    expect(config.LLM_PROVIDER).toBe('openai');
    expect(config.billingEnabled).toBe(false);
  });

  it('reads every documented name', () => {
    const config = loadServerConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://tomo.example.com',
      DATABASE_URL: 'postgres://u:p@db:5432/tomo',
      ENCRYPTION_KEY: KEY,
      LLM_PROVIDER: 'anthropic',
      STRIPE_SECRET_KEY: 'sk_test_1',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9999',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: 'https://tomo.example.com',
      DATABASE_URL: 'postgres://u:p@db:5432/tomo',
      ENCRYPTION_KEY: KEY,
      LLM_PROVIDER: 'anthropic',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9999',
      billingEnabled: true,
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadServerConfig({ DATABASE_URL: '', STRIPE_SECRET_KEY: '  ' }).DATABASE_URL).toBeUndefined();
  });

  it('gives an empty number or choice its default, as `PORT=` in an env file means: not port 0, not rate limits off', () => {
    const blank = { PORT: '', RATE_LIMIT_PER_MINUTE: '', SHUTDOWN_TIMEOUT_MS: ' ', DATABASE_WAIT_SECONDS: '', ANSWER_RETRIES: '', LOG_LEVEL: '', NODE_ENV: '' };
    expect(loadServerConfig(blank)).toMatchObject({
      PORT: 3000,
      RATE_LIMIT_PER_MINUTE: 600,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      DATABASE_WAIT_SECONDS: 60,
      ANSWER_RETRIES: 8,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(loadWorkerConfig({ WORKER_CONCURRENCY: '', LLM_RETRY_AFTER_MAX_MS: '', SLACK_STREAM_BUSY_ANSWERS: '', LLM_PROVIDER: '' })).toMatchObject({
      WORKER_CONCURRENCY: 4,
      LLM_RETRY_AFTER_MAX_MS: 10_000,
      SLACK_STREAM_BUSY_ANSWERS: 50,
      LLM_PROVIDER: 'openai',
    });
  });

  it('keeps PUBLIC_URL an origin, so redirect URLs and the links in Slack messages have one slash', () => {
    expect(loadServerConfig({ PUBLIC_URL: 'https://tomo.example.com/' }).PUBLIC_URL).toBe('https://tomo.example.com');
    expect(loadWorkerConfig({ PUBLIC_URL: 'https://Tomo.Example.com:8443/' }).PUBLIC_URL).toBe('https://tomo.example.com:8443');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT is out of range'],
    [{ LLM_PROVIDER: 'gemini' }, 'Invalid configuration: LLM_PROVIDER must be one of openai, anthropic, demo (got "gemini")'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "***")'],
    [{ PUBLIC_URL: 'not a url' }, 'Invalid configuration: PUBLIC_URL must be a URL'],
    [{ PUBLIC_URL: 'ftp://tomo.example.com' }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "ftp://tomo.example.com")'],
    [
      { PUBLIC_URL: 'https://example.com/tomo' },
      'Invalid configuration: PUBLIC_URL must be an origin without a path, query or fragment, e.g. https://tomo.example.com (Tomo is served at the root) (got "https://example.com/tomo")',
    ],
    [{ RATE_LIMIT_PER_MINUTE: '1.5' }, 'Invalid configuration: RATE_LIMIT_PER_MINUTE must be a whole number (got "1.5")'],
    // Their origins go into the Content-Security-Policy: `https://*` there lets every https site serve scripts.
    [
      { ANALYTICS_SCRIPT_URL: 'https://*/script.js' },
      'Invalid configuration: ANALYTICS_SCRIPT_URL must be an http:// or https:// URL on one host (no *, ;, , or quotes): its origin goes into the Content-Security-Policy (got "https://*/script.js")',
    ],
    [
      { BOOKING_URL: 'https://cal.example.com;script-src/acme' },
      'Invalid configuration: BOOKING_URL must be an http:// or https:// URL on one host (no *, ;, , or quotes): its origin goes into the Content-Security-Policy (got "https://cal.example.com;script-src/acme")',
    ],
    [
      { STRIPE_CUSTOM_DOMAIN_URL: 'https://*.example.com' },
      'Invalid configuration: STRIPE_CUSTOM_DOMAIN_URL must be an http:// or https:// URL on one host (no *, ;, , or quotes): its origin goes into the Content-Security-Policy (got "https://*.example.com")',
    ],
    // Stripe serves a custom domain at its root: a path would be a misunderstanding, not a narrower rule.
    [
      { STRIPE_CUSTOM_DOMAIN_URL: 'https://example.com/checkout' },
      'Invalid configuration: STRIPE_CUSTOM_DOMAIN_URL must be an origin without a path, query or fragment, e.g. https://payments.example.com (Stripe serves a custom domain at its root) (got "https://example.com/checkout")',
    ],
    [
      { ANALYTICS_SCRIPT_URL: 'javascript:alert(1)' },
      'Invalid configuration: ANALYTICS_SCRIPT_URL must be an http:// or https:// URL on one host (no *, ;, , or quotes): its origin goes into the Content-Security-Policy (got "javascript:alert(1)")',
    ],
  ])('stops on %o with one line naming the variable', (env, expected) => {
    let error: unknown;
    try {
      loadServerConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(expected)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it('takes an analytics or booking address on one host, a port, a path or an international name included', () => {
    for (const address of ['https://plausible.io/js/script.js', 'http://localhost:4000/a.js', 'https://Bücher.example/a', 'https://calendly.com/acme/demo?x=1']) {
      expect(loadServerConfig({ ANALYTICS_SCRIPT_URL: address, BOOKING_URL: address })).toMatchObject({ ANALYTICS_SCRIPT_URL: address, BOOKING_URL: address });
    }
  });

  it("takes Stripe's custom domain as an origin, a trailing slash included", () => {
    expect(loadServerConfig({ STRIPE_CUSTOM_DOMAIN_URL: 'https://payments.example.com/' }).STRIPE_CUSTOM_DOMAIN_URL).toBe('https://payments.example.com/');
    expect(loadServerConfig({}).STRIPE_CUSTOM_DOMAIN_URL).toBeUndefined();
  });

  it('refuses an ENCRYPTION_KEY that is not 32 bytes with the one configuration line, the key not shown', () => {
    expect(() => loadServerConfig({ ENCRYPTION_KEY: 'a-key' })).toThrowError(
      'Invalid configuration: ENCRYPTION_KEY must be 32 bytes written as base64 (44 characters) or hex (64 characters) (got "***")',
    );
    expect(() => loadWorkerConfig({ ENCRYPTION_KEY: `${KEY},short` })).toThrowError(
      'Invalid configuration: ENCRYPTION_KEY (key 2) must be 32 bytes written as base64 (44 characters) or hex (64 characters) (got "***")',
    );
    expect(loadServerConfig({ ENCRYPTION_KEY: `${KEY}, ${'ab'.repeat(32)}` }).ENCRYPTION_KEY).toBe(`${KEY}, ${'ab'.repeat(32)}`);
  });

  it('requires ENCRYPTION_KEY with an external database, so every process seals tokens with one key', () => {
    const env = { DATABASE_URL: 'postgres://u:p@db:5432/tomo' };
    expect(() => loadServerConfig(env)).toThrow(
      'Invalid configuration: ENCRYPTION_KEY is required when DATABASE_URL is set (unset)',
    );
    expect(() => loadWorkerConfig(env)).toThrow(ConfigError);
    expect(loadServerConfig({}).ENCRYPTION_KEY).toBeUndefined();
  });

  it('gives the worker the same default address as the server, so links in Slack messages reach it on its PORT', () => {
    expect(loadWorkerConfig({ PORT: '3103' }).PUBLIC_URL).toBe('http://localhost:3103');
    expect(loadServerConfig({ PORT: '3103' }).PUBLIC_URL).toBe('http://localhost:3103');
    expect(loadWorkerConfig({ PORT: '3103', PUBLIC_URL: 'https://tomo.example.com' }).PUBLIC_URL).toBe('https://tomo.example.com');
    expect(loadWorkerConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('validates the worker settings too', () => {
    expect(loadWorkerConfig({}).WORKER_CONCURRENCY).toBe(4);
    expect(() => loadWorkerConfig({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY/);
  });
});
