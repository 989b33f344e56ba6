import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_ROOT_FALLBACK_DIR } from '../../adapters/embedded-postgres/embedded-postgres-server';
import { EncryptionKeyError, parseKeyring } from '../../adapters/crypto/keyring';
import { DEFAULT_ANSWER_RETRIES } from './slack-jobs';

/** Thrown for a bad environment; start-up prints its one-line message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Empty or unset: off. 0: any free port. */
const optionalPort = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce.number().int().min(0).max(65535).optional(),
);

const url = (what: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .refine((v) => v === undefined || URL.canParse(v), { message: `must be a URL (${what})` });

/**
 * Where people and Slack reach Tomo: an http(s) origin. Tomo's routes sit at the root, and the
 * OAuth redirect URLs and the links in Slack messages are built on it, so a path (a prefix a proxy
 * strips) cannot work and a trailing slash would double the links' slash: stored without one.
 */
const publicUrl = url('the address people reach Tomo at, e.g. https://tomo.example.com')
  .refine((v) => !URL.canParse(v ?? '') || /^https?:$/.test(new URL(v!).protocol), { message: 'must be an http:// or https:// URL', abort: true })
  .refine((v) => !URL.canParse(v ?? '') || isOrigin(new URL(v!)), {
    message: 'must be an origin without a path, query or fragment, e.g. https://tomo.example.com (Tomo is served at the root)',
  })
  .transform((v) => (v === undefined ? undefined : new URL(v).origin));

function isOrigin(address: URL): boolean {
  return address.pathname === '/' && address.search === '' && address.hash === '' && address.username === '' && address.password === '';
}

/**
 * An address whose origin the pages' Content-Security-Policy names (analytics, booking embed):
 * http(s) on one host. Anything else would be a source expression of its own there: `https://*`
 * lets every https site serve scripts, and `;` or `,` would end the directive.
 */
const policyOriginUrl = (what: string) =>
  url(what).refine((v) => v === undefined || !URL.canParse(v) || (/^https?:$/.test(new URL(v).protocol) && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(new URL(v).hostname)), {
    message: 'must be an http:// or https:// URL on one host (no *, ;, , or quotes): its origin goes into the Content-Security-Policy',
  });

const postgresUrl = url('postgres://user:password@host:5432/database').refine(
  (v) => v === undefined || /^postgres(ql)?:$/.test(new URL(v).protocol),
  { message: 'must be a postgres:// URL' },
);

/** Every name here is part of the public interface: see .env.example and docs/configuration.md. */
export const commonEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  DATABASE_URL: postgresUrl,
  /**
   * `true`: create the database DATABASE_URL names when it does not exist. Otherwise a missing one
   * stops start-up (a misspelt name must not start Tomo on a new, empty database).
   */
  DATABASE_CREATE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** At start-up, how long to keep trying a PostgreSQL that does not answer before exiting 1; 0 = try once. */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  DATA_DIR: z.string().trim().min(1).default('data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  EMBEDDED_PG_DIR: z.string().trim().min(1).default(DEFAULT_ROOT_FALLBACK_DIR),
  PUBLIC_URL: publicUrl.default('http://localhost:3000'),
  /** One key, or several separated by commas (rotation): each 32 bytes as base64 or hex, checked with the other settings. */
  ENCRYPTION_KEY: optionalString.superRefine((value, context) => {
    if (value === undefined) return;
    try {
      parseKeyring(value);
    } catch (error) {
      if (!(error instanceof EncryptionKeyError)) throw error;
      // The keyring names the variable itself ('ENCRYPTION_KEY (key 2) must be…'); the line names it once.
      context.addIssue({ code: 'custom', message: error.message.replace(/^ENCRYPTION_KEY /, '') });
    }
  }),
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_SIGNING_SECRET: optionalString,
  /** App-level token (xapp-…, scope connections:write): events and interactions arrive over Socket Mode. */
  SLACK_APP_TOKEN: optionalString.refine((v) => v === undefined || v.startsWith('xapp-'), {
    message: 'must be an app-level token starting with xapp- (Basic Information → App-Level Tokens)',
  }),
  SLACK_API_URL: url('Slack Web API base').default('https://slack.com/api/'),
  SLACK_OIDC_ISSUER: url('OpenID Connect issuer').default('https://slack.com'),
  LLM_PROVIDER: z.enum(['openai', 'anthropic', 'demo']).default('openai'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: url('OpenAI-compatible API base, e.g. http://127.0.0.1:11434/v1'),
  /** The model OPENAI_BASE_URL answers with (the plans' GPT model; default gpt-5): a local one such as Ollama's `llama3.2`. */
  OPENAI_MODEL: optionalString,
  /** The limit's name: `max_tokens` for servers that ignore OpenAI's newer one (Ollama, LM Studio). */
  OPENAI_MAX_TOKENS_PARAMETER: z.enum(['max_completion_tokens', 'max_tokens']).default('max_completion_tokens'),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: url('Anthropic API base'),
  /** The model the plans' Claude answers with (default claude-sonnet-5-5). */
  ANTHROPIC_MODEL: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: url('Stripe API base'),
  METRICS_PORT: optionalPort,
  METRICS_HOST: z.string().trim().min(1).default('0.0.0.0'),
  /** A delivering job (answer, workflow step, summary) whose worker stops touching it this long is retried (issue 16). */
  ANSWER_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
  /** How many times a failed delivering job is retried (a passing Slack or database failure; a lapsed heartbeat). */
  ANSWER_RETRIES: z.coerce.number().int().min(0).max(20).default(DEFAULT_ANSWER_RETRIES),
};

/**
 * Integrations (issue 14): per OAuth family, `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET`
 * switch its providers on; `<PREFIX>_OAUTH_URL` and `<PREFIX>_API_URL` move its endpoints
 * (tests, self-hosted GitLab). Slack's user token reuses SLACK_CLIENT_ID / SLACK_CLIENT_SECRET.
 */
export const integrationsEnv = Object.fromEntries(
  ['GOOGLE', 'ATLASSIAN', 'TRELLO', 'GITHUB', 'GITLAB', 'NOTION', 'ASANA', 'MONDAY', 'SALESFORCE', 'ZOOM', 'X'].flatMap((prefix) => [
    [`${prefix}_CLIENT_ID`, optionalString],
    [`${prefix}_CLIENT_SECRET`, optionalString],
    [`${prefix}_OAUTH_URL`, url(`${prefix} OAuth endpoints base`)],
    [`${prefix}_API_URL`, url(`${prefix} API base`)],
  ]),
) as Record<`${'GOOGLE' | 'ATLASSIAN' | 'TRELLO' | 'GITHUB' | 'GITLAB' | 'NOTION' | 'ASANA' | 'MONDAY' | 'SALESFORCE' | 'ZOOM' | 'X'}_${'CLIENT_ID' | 'CLIENT_SECRET' | 'OAUTH_URL' | 'API_URL'}`, typeof optionalString>;

/**
 * Which proxies' `X-Forwarded-For` gives the client's address (rate limits, logs): express's
 * `trust proxy` as a number of hops or a comma-separated list of loopback, linklocal,
 * uniquelocal and addresses or CIDR ranges. Default loopback: a proxy on the same host.
 */
const trustProxy = z
  .string()
  .trim()
  .default('loopback')
  .refine(
    (v) =>
      /^\d+$/.test(v) ||
      v.split(',').every((entry) => {
        const [address, bits, ...rest] = entry.trim().split('/');
        if (['loopback', 'linklocal', 'uniquelocal'].includes(address!) && bits === undefined) return true;
        const family = isIP(address ?? '');
        return family !== 0 && rest.length === 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
      }),
    { message: 'must be a number of proxies, or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDR ranges' },
  )
  .transform((v): number | string => (/^\d+$/.test(v) ? Number(v) : v));

export const serverEnv = {
  ...commonEnv,
  ...integrationsEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SESSION_SECRET: optionalString,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  TRUST_PROXY: trustProxy,
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, 'must look like 1mb or 100kb').default('1mb'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  WEB_DIST_DIR: z.string().trim().min(1).default('apps/web/dist'),
  ANALYTICS_SCRIPT_URL: policyOriginUrl('browser analytics script'),
  BOOKING_URL: policyOriginUrl('embedded demo booking form'),
  /**
   * The custom domain the Stripe account serves Checkout and the Customer Portal on
   * (https://payments.example.com): the billing forms' 303s go there, so `form-action` names it.
   * Stripe takes a subdomain, never a path, so an origin is asked for.
   */
  STRIPE_CUSTOM_DOMAIN_URL: policyOriginUrl('custom domain of Stripe Checkout and the Customer Portal, e.g. https://payments.example.com').refine(
    (v) => v === undefined || !URL.canParse(v) || isOrigin(new URL(v)),
    { message: 'must be an origin without a path, query or fragment, e.g. https://payments.example.com (Stripe serves a custom domain at its root)' },
  ),
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, { message: 'must be at least 16 characters' }),
  /** While Socket Mode is turned off in the Slack app's settings (`link_disabled`): seconds between looks whether it is on again. */
  SOCKET_MODE_RECHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
};

const hostPortList = z
  .string()
  .trim()
  .default('')
  .transform((v) => v.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean))
  .refine((list) => list.every((entry) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry)), {
    message: 'must be a comma-separated list of exact host:port pairs, e.g. 127.0.0.1:4010',
  });

/** Tools and readers (issue 12): search engine, YouTube, and the fetch allow-list for tests. */
export const toolsEnv = {
  SEARCH_PROVIDER: z.enum(['none', 'google', 'brave', 'searxng']).default('none'),
  GOOGLE_SEARCH_API_KEY: optionalString,
  GOOGLE_SEARCH_ENGINE_ID: optionalString,
  GOOGLE_SEARCH_URL: url('Google Custom Search JSON API endpoint'),
  BRAVE_SEARCH_API_KEY: optionalString,
  BRAVE_SEARCH_URL: url('Brave Search API web search endpoint'),
  SEARXNG_URL: url('SearXNG base, e.g. http://searxng:8080/'),
  SEARXNG_API_KEY: optionalString,
  YOUTUBE_URL: url('YouTube base for transcripts').default('https://www.youtube.com'),
  FETCH_ALLOW_PRIVATE_HOSTS: hostPortList,
  OPENAI_IMAGE_INPUT: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Images API model for image generation (issue 15); `none` turns image generation off. */
  OPENAI_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-1'),
  IMAGE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
};

/** Knowledge (issue 13): the embeddings service and the vector store (docs/knowledge.md). */
export const knowledgeEnv = {
  EMBEDDINGS_MODEL: z.string().trim().min(1).default('text-embedding-3-small'),
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(1).max(4000).default(1024),
  EMBEDDINGS_BASE_URL: url('OpenAI-compatible embeddings API base (default OPENAI_BASE_URL), e.g. http://127.0.0.1:11434/v1'),
  EMBEDDINGS_API_KEY: optionalString,
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(64),
  EMBEDDINGS_SEND_DIMENSIONS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  VECTOR_STORE: z.enum(['auto', 'pgvector', 'portable']).default('auto'),
};

export const workerEnv = {
  ...commonEnv,
  ...integrationsEnv,
  ...toolsEnv,
  ...knowledgeEnv,
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  /** Answers (and other delivering jobs) in flight per queue in one worker process: I/O-bound, so hundreds (issue 16). */
  ANSWER_CONCURRENCY: z.coerce.number().int().min(1).max(5_000).default(500),
  /** One workspace's delivering jobs in flight at once per queue, across every worker process. */
  WORKSPACE_ANSWER_CONCURRENCY: z.coerce.number().int().min(1).max(5_000).default(100),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Longest `Retry-After` of an LLM 429 an answer waits out when every provider is rate limited (issue 16). */
  LLM_RETRY_AFTER_MAX_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** From this many answers streaming at once in the process, each answer's Slack appends wait for 512 characters or 2 s instead of 256 or 1 s (ADR 88); 0 = never. */
  SLACK_STREAM_BUSY_ANSWERS: z.coerce.number().int().min(0).max(100_000).default(50),
};

/**
 * PUBLIC_URL as set, else the server on this machine on `port` (the server's PORT; `npm start`
 * runs server and worker with one environment), else the schema's default. The worker builds
 * the links in Slack messages (pricing, members, settings) from it, so both must agree.
 */
export function publicUrlOf(env: Record<string, string | undefined>, configured: string, port: number | undefined): string {
  return env.PUBLIC_URL?.trim() || port === undefined ? configured : `http://localhost:${port}`;
}

/**
 * Tokens are sealed with ENCRYPTION_KEY. Only the embedded default may do without one (a key
 * is then generated into DATA_DIR); with a real DATABASE_URL several processes share the data,
 * so they must share a configured key rather than each invent their own.
 */
export function requireEncryptionKeyWithExternalDatabase(config: {
  DATABASE_URL?: string | undefined;
  ENCRYPTION_KEY?: string | undefined;
}): void {
  if (config.DATABASE_URL && !config.ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration: ENCRYPTION_KEY is required when DATABASE_URL is set (unset); generate one with `openssl rand -base64 32`',
    );
  }
}

/**
 * Parses the environment, or throws a ConfigError whose message is one line naming the
 * variable: `Invalid configuration: PORT must be ... (got "abc")`.
 */
export function parseEnv<S extends z.ZodRawShape>(
  shape: S,
  env: Record<string, string | undefined>,
): z.output<z.ZodObject<S>> {
  // An empty value is unset (.env.example: "Empty means unset"): `PORT=` in an env file or a
  // ConfigMap gets the default, not Number('') = 0 (a random port, rate limits off, no drain).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value === undefined || value.trim() !== ''));
  const result = z.object(shape).safeParse(given);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  const got = env[name];
  const shown = got === undefined ? 'unset' : `got "${isSecretName(name) ? '***' : got}"`;
  throw new ConfigError(`Invalid configuration: ${name} ${describe(issue)} (${shown})`);
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'too_small' || issue.code === 'too_big') return `is out of range: ${issue.message}`;
  if (issue.code === 'invalid_type') return issue.expected === 'int' ? 'must be a whole number' : `must be a ${issue.expected}`;
  return issue.message;
}

function isSecretName(name: string): boolean {
  return /KEY|SECRET|PASSWORD|TOKEN/.test(name) || name === 'DATABASE_URL';
}
