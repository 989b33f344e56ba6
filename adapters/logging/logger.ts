import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';

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
 * Redaction happens before either format, so both hide the same fields.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const settings = {
    name: options.name ?? 'tomo',
    level: options.level ?? 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
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
