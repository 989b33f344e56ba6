import { createHash } from 'node:crypto';
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
import { currentJobAttempt, type Delivered, type ShownEphemeral } from '../queue/job-context';
import type { SlackRateLimiter } from './slack-rate-limiter';
import { deliveryMetadata, unrecordedMessages } from './unrecorded-messages';

export interface SlackApiCallerOptions {
  /** `SLACK_API_URL`; must end with a slash (`http://127.0.0.1:PORT/api/`). Default Slack's. */
  slackApiUrl?: string;
  /** Per-request timeout. Default 10 s. */
  timeoutMs?: number;
  /**
   * The timeout of a call that leaves a message (POSTING). A post that timed out may still
   * reach Slack after the attempt gave up on it, beside the retry's answer: no other call is
   * worth waiting for as long. Default 60 s.
   */
  postTimeoutMs?: number;
  /** How many 429s in a row one call waits out before giving up. Default 3. */
  maxRateLimitRetries?: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate limited. Default 30 s. */
  maxRetryAfterMs?: number;
  /** How waiting happens; tests pass one that records the wait and returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Paces calls to Slack's published limits before Slack says 429 (ADR 34); the worker shares one across its clients. */
  rateLimiter?: SlackRateLimiter;
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
]);
/**
 * The token itself is dead, whatever the method: the app was removed from the workspace (a
 * removed app's bot token gets `account_inactive`, slackapi/node-slack-sdk#367,
 * slackapi/bolt-python#1029), the token revoked, expired or not valid. Slack's `app_uninstalled`
 * and `tokens_revoked` events tell the same, but they may come after jobs already queued
 * (redelivered after 1 and 5 minutes when a delivery failed).
 */
const TOKEN_DEAD = new Set(['not_authed', 'invalid_auth', 'account_inactive', 'token_revoked', 'token_expired']);
/**
 * Refusals of a post in one place, whatever the token (chat.postMessage, chat.startStream,
 * appendStream and stopStream list them all, docs.slack.dev/reference/methods/chat.startStream):
 * a read-only (announcement) channel, a thread admins locked, a thread-only or non-threadable
 * channel, posting disabled by admins (`ekm_access_denied`: "your admins have disabled sending
 * messages to this channel"; before, counted as a token problem), the app's Messages tab off;
 * an edit in a channel archived since the post (chat.update's `is_inactive`,
 * docs.slack.dev/reference/methods/chat.update).
 */
const CANNOT_POST = new Set([
  'restricted_action',
  'restricted_action_read_only_channel',
  'restricted_action_thread_locked',
  'restricted_action_thread_only_channel',
  'restricted_action_non_threadable_channel',
  'ekm_access_denied',
  'messages_tab_disabled',
  // chat.update's word for an archived (or frozen, or deleted) channel, where posts say is_archived.
  'is_inactive',
]);
const NOT_FOUND = new Set([
  'channel_not_found',
  'thread_not_found',
  'message_not_found',
  'user_not_found',
  // users.info of someone Slack hides from Tomo (a Slack Connect partner's person, say): no profile, not a failure.
  'user_not_visible',
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
  const workspace = createHash('sha256').update(token).digest('base64url').slice(0, 22);
  const client = webClientFor(token, workspace, options.slackApiUrl, options.timeoutMs ?? 10_000);
  const postingClient = webClientFor(token, workspace, options.slackApiUrl, options.postTimeoutMs ?? 60_000);
  const sleep = options.sleep ?? realSleep;
  const maxRetries = options.maxRateLimitRetries ?? 3;
  const maxWait = options.maxRetryAfterMs ?? 30_000;

  const limiter = options.rateLimiter;
  const call: SlackCall = async (method, args) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        if (limiter && SKIPPED_WHEN_LIMITED.has(method)) {
          if (!limiter.tryTake(workspace, method)) throw new ChatPlatformError('rate_limited', SKIPPED_FOR_RATE_LIMIT, method);
        } else if (limiter) await limiter.take(workspace, method, channelOf(args));
        return await (POSTING.has(method) ? postingClient : client).apiCall(method, args);
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
  return recordingDeliveries(call);
}

/** How many SDK clients are kept for reuse (least recently used go first): two per workspace. */
const KEPT_CLIENTS = 2_000;
const clients = new Map<string, WebClient>();

/**
 * One SDK client per token, address and timeout (two per token: posts wait longer), reused
 * by every answer of its workspace: building a WebClient binds a few hundred method functions
 * and an HTTP client, which in a burst of questions cost more CPU than the calls themselves.
 * The SDK's own request queue then spans the workspace's answers (100 requests in flight, far
 * above what Slack's per-workspace limits let through). ADR 83.
 */
function webClientFor(token: string, workspace: string, slackApiUrl: string | undefined, timeoutMs: number): WebClient {
  const key = `${workspace}\u0000${slackApiUrl ?? ''}\u0000${timeoutMs}`;
  const kept = clients.get(key);
  if (kept) {
    clients.delete(key);
    clients.set(key, kept);
    return kept;
  }
  const client = new WebClient(token, {
    ...(slackApiUrl === undefined ? {} : { slackApiUrl }),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: timeoutMs,
    logger: quietLogger,
  });
  client.on(WebClientEvent.RATE_LIMITED, (_retryAfter: number, request: { url: string }) =>
    slackRateLimits.emit('rate_limited', request.url.replace(/[?#].*$/, '').split('/').pop() ?? 'unknown'),
  );
  clients.set(key, client);
  if (clients.size > KEPT_CLIENTS) clients.delete(clients.keys().next().value!);
  return client;
}

/**
 * Calls worth making only at once: a streamed answer's append (the next append or the stop
 * carries its text) and the cosmetic thinking signs (a status, or the reaction that stands in
 * for one; Slack clears the status with the reply). When the workspace's allowance for one is
 * spent, it is skipped, not queued, so a burst in one workspace streams in coarser steps
 * instead of finishing later (ADR 34).
 */
const SKIPPED_WHEN_LIMITED = new Set(['chat.appendStream', 'assistant.threads.setStatus', 'reactions.add']);
/** The platform code of a call skipped by SKIPPED_WHEN_LIMITED. */
export const SKIPPED_FOR_RATE_LIMIT = 'skipped_for_rate_limit';

function channelOf(args: Record<string, unknown>): string | undefined {
  const channel = args.channel ?? args.channel_id;
  return typeof channel === 'string' ? channel : undefined;
}

/**
 * Calls that can carry message metadata: a message's post, a stream's end, or an edit (which
 * finishes a stream Slack closed before its end; for a posted message it repeats the post's).
 */
const TAGGED = new Set(['chat.postMessage', 'chat.stopStream', 'chat.update']);
/** Calls that leave a message in Slack (their ts goes into the job's delivery record). */
const POSTING = new Set(['chat.postMessage', 'chat.startStream']);
/** The SDK's upload flow: the files it shares go into the delivery record (ADR 38). */
const UPLOADING = 'files.uploadV2';
/** Calls that end a workflow step: once one succeeded, the step's delivery is whole. */
const COMPLETING = new Set(['functions.completeSuccess', 'functions.completeError']);
/**
 * Slack's answers to ending a step that is no longer running: an earlier attempt ended it (and
 * was stopped before its delivery record said so), or Slack gave up on it. Either way nobody can
 * end it again, so there is nothing left to retry.
 */
const STEP_ENDED = new Set(['function_execution_not_found', 'execution_not_in_running_state']);
/** Calls that put something in front of a person: an interrupted attempt's leftovers go first. */
const SAYING = new Set([...POSTING, ...COMPLETING, UPLOADING, 'chat.postEphemeral']);

/**
 * A takeover's look for the messages its interrupted attempt never recorded (ADR 84): once per
 * delivery, whichever caller speaks first (a second look would find this attempt's own words).
 */
const sweeps = new WeakMap<object, Promise<void>>();

/**
 * Inside a delivering job's attempt (ADR 33, 38): before the first thing this attempt says,
 * the messages and uploaded files an interrupted earlier attempt left are deleted (so a thread
 * never shows a half answer or a second set of images beside the whole answer); each message
 * posted and each file shared is recorded, before the answer goes on; a completed workflow
 * step finishes the delivery at once, as does one Slack says has ended already. A takeover also takes back what the interrupted attempt
 * posted but never recorded, found in the thread by its metadata (ADR 84).
 */
function recordingDeliveries(call: SlackCall): SlackCall {
  return async (method, givenArgs) => {
    const attempt = currentJobAttempt();
    // Handed back at shutdown: the retry elsewhere answers; this one must not write beside it.
    if (attempt?.abandoned) throw new ChatPlatformError('unavailable', 'attempt_handed_back', method);
    const delivery = attempt?.delivery;
    // Every message names what it belongs to, so a retry can tell its own from the rest (ADR 84).
    const args = TAGGED.has(method) && givenArgs.metadata === undefined ? { ...givenArgs, metadata: deliveryMetadata(delivery?.key) } : givenArgs;
    if (delivery === undefined) return call(method, args);
    if (SAYING.has(method)) {
      if (delivery.takeover !== undefined) {
        let sweep = sweeps.get(delivery);
        if (sweep === undefined) {
          const thread = typeof args.thread_ts === 'string' ? args.thread_ts : undefined;
          sweep = unrecordedMessages(call, delivery, channelOf(args), thread).then((found) => void delivery.leftovers.push(...found));
          sweeps.set(delivery, sweep);
        }
        await sweep;
      }
      for (const item of delivery.leftovers.splice(0)) await removeLeftover(call, item);
    }
    let result: Awaited<ReturnType<SlackCall>>;
    try {
      result = await call(method, args);
    } catch (error) {
      if (!(COMPLETING.has(method) && error instanceof ChatPlatformError && STEP_ENDED.has(error.platformCode ?? ''))) throw error;
      await delivery.finish();
      return { ok: true };
    }
    const posted = result as { ts?: unknown; channel?: unknown };
    if (POSTING.has(method) && typeof posted.ts === 'string') {
      const channel = typeof posted.channel === 'string' ? posted.channel : String(args.channel);
      try {
        await delivery.record({ channel, ts: posted.ts });
      } catch (error) {
        // The database is away: a retry could not know this message, so it goes now (Slack is
        // reachable, it just answered), and the attempt fails before saying more.
        await call('chat.delete', { channel, ts: posted.ts }).catch(() => undefined);
        throw error;
      }
    }
    if (method === UPLOADING) {
      const files = uploadedFileIds(result).map((file) => ({ channel: String(args.channel_id), file }));
      try {
        for (const file of files) await delivery.record(file);
      } catch (error) {
        // As for a message: what a retry could not know is taken back now.
        for (const file of files) await removeLeftover(call, file).catch(() => undefined);
        throw error;
      }
    }
    if (COMPLETING.has(method)) await delivery.finish();
    return result;
  };
}

/**
 * chat.postEphemeral of a notice (a refusal only the reactor sees), once per delivery however
 * often its job is retried: Slack cannot delete an ephemeral, so a retry cannot replace it as
 * it replaces messages (ADR 33). The nth notice of the delivery is recorded before it is posted,
 * and a retry that finds it recorded does not post it again. When Slack answers with a refusal
 * (an error of its own, a rate limit) nothing was shown: the record is taken back and the retry
 * shows it. Only a post whose outcome is unknown (its reply timed out, or the attempt died
 * during the call) is not repeated: at most once there, since at least once could show it twice.
 * Outside a delivering job it is a plain call.
 */
export async function postEphemeralOnce(call: SlackCall, args: Record<string, unknown>): Promise<void> {
  const attempt = currentJobAttempt();
  const delivery = attempt?.delivery;
  if (attempt === undefined || delivery === undefined) {
    await call('chat.postEphemeral', args);
    return;
  }
  const counts = (attempt.recorded ??= new Map());
  const nth = (counts.get('ephemeral') ?? 0) + 1;
  counts.set('ephemeral', nth);
  const item: ShownEphemeral = { channel: String(args.channel), ephemeral: String(args.user), nth };
  const same = (other: ShownEphemeral) => other.channel === item.channel && other.ephemeral === item.ephemeral && other.nth === item.nth;
  if (delivery.shown?.some(same)) return;
  await delivery.record(item);
  try {
    await call('chat.postEphemeral', args);
  } catch (error) {
    if (error instanceof ChatPlatformError && error.code !== 'unavailable' && delivery.forget) {
      await delivery.forget(item).catch(() => undefined);
    }
    throw error;
  }
}

/**
 * Takes back what an earlier attempt left: a message is deleted; an uploaded file's messages
 * (Slack lists them in the file's `shares`) are deleted, then the file. Whatever is already
 * gone (deleted by someone, never really posted) is nothing to replace.
 */
async function removeLeftover(call: SlackCall, item: Delivered): Promise<void> {
  const ignoringGone = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof ChatPlatformError)) throw error;
    }
  };
  if ('ts' in item) {
    await ignoringGone(() => call('chat.delete', { channel: item.channel, ts: item.ts }));
    return;
  }
  await ignoringGone(async () => {
    const info = (await call('files.info', { file: item.file })) as { file?: { shares?: Record<string, Record<string, { ts?: string }[]>> } };
    const shares = Object.values(info.file?.shares ?? {}).flatMap((byChannel) => byChannel[item.channel] ?? []);
    for (const share of shares) {
      if (typeof share.ts === 'string') await ignoringGone(() => call('chat.delete', { channel: item.channel, ts: share.ts }));
    }
  });
  await ignoringGone(() => call('files.delete', { file: item.file }));
}

/** The ids of the files a `files.uploadV2` completed: one completion per thread, each listing its files. */
function uploadedFileIds(result: unknown): string[] {
  const completions = (result as { files?: { files?: { id?: unknown }[] }[] }).files ?? [];
  return completions.flatMap((completion) => completion.files ?? []).flatMap((file) => (typeof file.id === 'string' ? [file.id] : []));
}

export function toChatPlatformError(error: unknown, method: string): ChatPlatformError {
  if (error instanceof ChatPlatformError) return error;
  if (error instanceof WebAPIPlatformError) {
    const code = error.data.error;
    const kind: ChatPlatformErrorCode = NOT_AUTHORIZED.has(code)
      ? 'not_authorized'
      : NOT_FOUND.has(code)
        ? 'not_found'
        : CANNOT_POST.has(code)
          ? 'cannot_post'
          : code === 'ratelimited'
          ? 'rate_limited'
          : 'failed';
    return new ChatPlatformError(kind, code, method, { tokenDead: TOKEN_DEAD.has(code) });
  }
  if (error instanceof WebAPIHTTPError) return new ChatPlatformError('unavailable', `http_${error.statusCode}`, method);
  if (error instanceof WebAPIRequestError) return new ChatPlatformError('unavailable', 'request_failed', method);
  return new ChatPlatformError('failed', undefined, method);
}

/**
 * The SDK's own log lines are dropped: at debug level they include request bodies (message
 * text, which must never reach a log), and every failure reaches the caller as an error anyway.
 * Every WebClient Tomo makes takes it (the integrations' too).
 */
export const quietLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  setLevel: () => undefined,
  getLevel: () => LogLevel.ERROR,
  setName: () => undefined,
};
