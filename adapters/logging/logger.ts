import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import { isContentErrorField, withoutQuotedValues } from './error-content';

export type { Logger };

/**
 * Paths whose values never reach a log line: credentials, cookies and any text a user
 * wrote or an LLM produced (Tomo's HIPAA statement says prompts are not stored).
 */
export const REDACTED_PATHS = [
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'botToken',
  '*.botToken',
  'refreshToken',
  '*.refreshToken',
  // The providers' own names (OAuth token responses); deeper ones: withoutCredentials.
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  'id_token',
  '*.id_token',
  'client_secret',
  '*.client_secret',
  'password',
  '*.password',
  'secret',
  '*.secret',
  'authorization',
  'cookie',
  '*.authorization',
  '*.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-slack-signature"]',
  'res.headers["set-cookie"]',
  'text',
  '*.text',
  'prompt',
  '*.prompt',
  'message',
  'messages',
  '*.messages',
  'content',
  '*.content',
  'answer',
  '*.answer',
  'instruction',
  '*.instruction',
];

/** Field names that hold credentials, compared without case, `_` or `-` (access_token, refreshToken, Authorization…). */
const CREDENTIAL_NAMES = new Set(['token', 'accesstoken', 'refreshtoken', 'idtoken', 'bottoken', 'usertoken', 'clientsecret', 'secret', 'password', 'authorization', 'cookie', 'setcookie']);
const MAX_DEPTH = 8;

/**
 * The fields of a log line with every credential-named value replaced, at any depth and inside
 * errors: an error's own fields and a plain `cause` can carry a provider's whole token response
 * (oauth4webapi keeps the body it refused there), and redact paths only reach fixed depths.
 * Inside an error, the fields that quote the data it failed on (PostgreSQL's `detail`, `where`…,
 * see error-content.ts) are left out and its message and stack lose what MikroORM appended from
 * them. Errors come out as pino's `err` serializer writes them.
 */
export function withoutCredentials(value: unknown, depth = 0, inError = false): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutCredentials(item, depth + 1, inError));
  const isError = value instanceof Error;
  const fields = isError ? (pino.stdSerializers.err(value) as object) : value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  // Dates, URLs, buffers and other instances are left to their own JSON form.
  if (fields === value && prototype !== Object.prototype && prototype !== null) return value;
  const within = inError || isError;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(fields)) {
    if (within && isContentErrorField(key)) continue;
    if (CREDENTIAL_NAMES.has(key.toLowerCase().replace(/[_-]/g, ''))) copy[key] = '[redacted]';
    else if (typeof inner === 'string' && (within ? key === 'message' || key === 'stack' : key === 'err' || key === 'error')) copy[key] = withoutQuotedValues(inner);
    else copy[key] = withoutCredentials(inner, depth + 1, within || key === 'err');
  }
  return copy;
}

export type LogFormat = 'pretty' | 'json';

export interface LoggerOptions {
  level?: string;
  name?: string;
  /** Default `json`. */
  format?: LogFormat;
  /** Where lines go; default standard output. */
  destination?: NodeJS.WritableStream;
}

/**
 * `LOG_FORMAT=auto` (the default) is human-readable on a terminal and JSON lines anywhere
 * else (a pipe, a file, a container's log driver), which is what log pipelines read.
 */
export function chooseLogFormat(setting: 'auto' | LogFormat, isTTY: boolean | undefined): LogFormat {
  if (setting !== 'auto') return setting;
  return isTTY ? 'pretty' : 'json';
}

/**
 * JSON lines, or pino-pretty's colored lines written from this thread (no transport worker
 * thread: a terminal needs no asynchronous shipping, and a worker thread costs memory).
 * Redaction (the paths, then credentials at any depth) happens before either format, so both
 * hide the same fields.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const settings = {
    name: options.name ?? 'tomo',
    level: options.level ?? 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    formatters: { log: (fields: Record<string, unknown>) => withoutCredentials(fields) as Record<string, unknown> },
    // Errors were serialized by withoutCredentials already.
    serializers: { err: (value: unknown) => (value instanceof Error ? withoutCredentials(value) : value) },
  };
  if (options.format === 'pretty') {
    const destination = options.destination ?? process.stdout;
    const colorize = destination === process.stdout && Boolean(process.stdout.isTTY);
    // Loaded only here: a process logging JSON never pays for the formatter.
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
    return pino(settings, pretty({ colorize, ignore: 'pid,hostname', destination, sync: true }));
  }
  return options.destination ? pino(settings, options.destination as DestinationStream) : pino(settings);
}
