import { EventEmitter } from 'node:events';
import {
  LogLevel,
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebAPIRequestError,
  WebClient,
  WebClientEvent,
  type Logger,
  type WebAPICallResult,
} from '@slack/web-api';
import { ChatPlatformError, type ChatPlatformErrorCode } from '../../core/assistant/chat-platform-error';

export interface SlackApiCallerOptions {
  /** `SLACK_API_URL`; must end with a slash (`http://127.0.0.1:PORT/api/`). Default Slack's. */
  slackApiUrl?: string;
  /** Per-request timeout. Default 10 s. */
  timeoutMs?: number;
  /** How many 429s in a row one call waits out before giving up. Default 3. */
  maxRateLimitRetries?: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate limited. Default 30 s. */
  maxRetryAfterMs?: number;
  /** How waiting happens; tests pass one that records the wait and returns at once. */
  sleep?: (ms: number) => Promise<void>;
}

export type SlackCall = (method: string, args: Record<string, unknown>) => Promise<WebAPICallResult>;

const NOT_AUTHORIZED = new Set([
  'not_authed',
  'invalid_auth',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'no_permission',
  'missing_scope',
  'not_allowed_token_type',
  'team_access_not_granted',
  'org_login_required',
  'ekm_access_denied',
]);
const NOT_FOUND = new Set([
  'channel_not_found',
  'thread_not_found',
  'message_not_found',
  'user_not_found',
  'not_in_channel',
  'is_archived',
]);

/** Every HTTP 429 any Slack client of this process gets, by method (metrics count them). */
export const slackRateLimits = new EventEmitter<{ rate_limited: [method: string] }>();

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One bot token's view of the Web API, with exactly one retry layer: the SDK's own retries
 * are off (`retries: 0`, `rejectRateLimitedCalls`), and this caller waits out a 429 for as
 * long as Slack's `Retry-After` says (up to a limit), then tries again. Other failures are
 * thrown at once as `ChatPlatformError`s.
 */
export function createSlackCaller(token: string, options: SlackApiCallerOptions = {}): SlackCall {
  const client = new WebClient(token, {
    ...(options.slackApiUrl === undefined ? {} : { slackApiUrl: options.slackApiUrl }),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: options.timeoutMs ?? 10_000,
    logger: quietLogger,
  });
  client.on(WebClientEvent.RATE_LIMITED, (_retryAfter: number, request: { url: string }) =>
    slackRateLimits.emit('rate_limited', request.url.replace(/[?#].*$/, '').split('/').pop() ?? 'unknown'),
  );
  const sleep = options.sleep ?? realSleep;
  const maxRetries = options.maxRateLimitRetries ?? 3;
  const maxWait = options.maxRetryAfterMs ?? 30_000;

  return async (method, args) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await client.apiCall(method, args);
      } catch (error) {
        if (error instanceof WebAPIRateLimitedError) {
          const waitMs = error.retryAfter * 1000;
          if (attempt < maxRetries && waitMs <= maxWait) {
            await sleep(waitMs);
            continue;
          }
          throw new ChatPlatformError('rate_limited', 'ratelimited', method);
        }
        throw toChatPlatformError(error, method);
      }
    }
  };
}

export function toChatPlatformError(error: unknown, method: string): ChatPlatformError {
  if (error instanceof ChatPlatformError) return error;
  if (error instanceof WebAPIPlatformError) {
    const code = error.data.error;
    const kind: ChatPlatformErrorCode = NOT_AUTHORIZED.has(code)
      ? 'not_authorized'
      : NOT_FOUND.has(code)
        ? 'not_found'
        : code === 'ratelimited'
          ? 'rate_limited'
          : 'failed';
    return new ChatPlatformError(kind, code, method);
  }
  if (error instanceof WebAPIHTTPError) return new ChatPlatformError('unavailable', `http_${error.statusCode}`, method);
  if (error instanceof WebAPIRequestError) return new ChatPlatformError('unavailable', 'request_failed', method);
  return new ChatPlatformError('failed', undefined, method);
}

/**
 * The SDK's own log lines are dropped: at debug level they include request bodies (message
 * text, which must never reach a log), and every failure reaches the caller as an error anyway.
 */
const quietLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  setLevel: () => undefined,
  getLevel: () => LogLevel.ERROR,
  setName: () => undefined,
};
