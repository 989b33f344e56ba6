import { pino, type Logger } from 'pino';

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

export interface LoggerOptions {
  level?: string;
  pretty?: boolean;
  name?: string;
}

/** JSON lines in production; human-readable in development. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino({
    name: options.name ?? 'tomo',
    level: options.level ?? 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(options.pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } }
      : {}),
  });
}
