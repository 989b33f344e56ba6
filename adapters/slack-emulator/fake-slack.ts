import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson, startHttpFake, waitUnlessGone } from './http-server';
import { createSlackOidc, type SlackOidc } from './oidc';
import { METHODS, SlackMethodError, TOKENLESS, type FakeSlackSettings, type InstallGrant } from './slack-web-api';
import {
  SlackState,
  type FakeBot,
  type FakeChannel,
  type FakeEphemeral,
  type FakeFile,
  type FakeFunctionDefinition,
  type FakeFunctionExecution,
  type FakeMessage,
  type FakeTeam,
  type FakeUser,
} from './slack-state';
import { TRIGGER_METHODS } from './trigger-methods';
import { VIEW_METHODS } from './view-methods';
import { fileUploadMethods, receiveUpload, type PendingUpload } from './file-upload-methods';
import { UserTokens } from './user-token-methods';

export type { FakeBot, FakeChannel, FakeEphemeral, FakeFile, FakeFunctionDefinition, FakeFunctionExecution, FakeMessage, FakeTeam, FakeUser };

/** One Web API request as the fake saw it. Kept in memory for assertions; never logged. */
export interface FakeSlackCall {
  /** The Web API method, e.g. `chat.postMessage`, or the path for non-API routes. */
  method: string;
  httpMethod: string;
  path: string;
  params: Record<string, string>;
  token: string | undefined;
  /** What the fake answered: `ok`, a Slack error code, or `ratelimited`. */
  outcome: string;
}

export interface FakeSlack {
  /** `slackApiUrl` for @slack/web-api: `http://127.0.0.1:PORT/api/` (trailing slash). */
  url: string;
  /** `http://127.0.0.1:PORT`: the OIDC issuer and the base of `/oauth/v2/authorize`. */
  origin: string;
  calls: FakeSlackCall[];
  callsTo(method: string): FakeSlackCall[];
  state: SlackState;
  settings: FakeSlackSettings;
  oidc: SlackOidc;
  addTeam(team: Partial<FakeTeam> & { id: string }): FakeTeam;
  addUser(user: FakeUser): FakeUser;
  addChannel(channel: FakeChannel): FakeChannel;
  addMessage(input: Parameters<SlackState['addMessage']>[0]): FakeMessage;
  /** The thread as a person sees it: parent first, then replies. */
  thread(channel: string, threadTs: string): FakeMessage[];
  /** The bot's replies in a thread, oldest first. */
  botReplies(channel: string, threadTs: string): FakeMessage[];
  /** The assistant status currently shown in a thread ('' when cleared, undefined if never set). */
  statusOf(channel: string, threadTs: string): string | undefined;
  /** A bot of the workspace with its bot user (bots.info); the user is added too. */
  addBot(bot: { teamId: string; id: string; userId: string; name: string; appId?: string }): FakeBot;
  /** Puts a user (or Tomo's bot user) into a channel, or takes them out. */
  join(channel: string, userId: string): void;
  leave(channel: string, userId: string): void;
  /**
   * A workflow step run that waits for functions.completeSuccess / completeError. With the
   * function's definition, completeSuccess checks the outputs against it as Slack does.
   */
  startFunctionExecution(teamId: string, definition?: FakeFunctionDefinition): FakeFunctionExecution;
  /**
   * The function_executed event Slack sends for `execution` (it needs a definition): the
   * function's definition with its parameters as arrays, the inputs the workflow gave, the
   * workflow execution and the step's own short-lived token (`bot_access_token`, xwfp-…).
   */
  functionExecutedEvent(execution: FakeFunctionExecution, inputs: Record<string, unknown>): Record<string, unknown>;
  /** Files uploaded through files.getUploadURLExternal, by id, with their bytes (completed or not). */
  uploads: Map<string, PendingUpload>;
  /** Messages only `user` saw. */
  ephemeralsFor(user: string): FakeEphemeral[];
  /**
   * A shortcut's `response_url` for `user` in `channel`: like Slack's (hooks.slack.com/actions/…),
   * it takes a JSON message without a token and shows it to that person only. Valid for 5 uses.
   */
  responseUrl(channel: string, user: string): string;
  /** The Home tab `user` sees (undefined until published). */
  homeOf(user: string): { type: string; blocks: Record<string, unknown>[] } | undefined;
  /** The next `times` calls of `method` get HTTP 429 with `Retry-After`. */
  rateLimit(method: string, options?: { times?: number; retryAfterSeconds?: number }): void;
  /**
   * The next `times` calls of `method` answer `{ ok: false, error }`; with `after`, only once that
   * many calls of it have been answered (a listing that fails on its third page: `after: 2`).
   */
  failNext(method: string, error: string, options?: { times?: number; after?: number }): void;
  /**
   * From now on, Web API calls are counted per workspace and method against Slack's published
   * tiers (Tier 2: 20 a minute, Tier 3: 50, Tier 4: 100, the minute's allowance usable as a
   * burst), and a call over it gets HTTP 429 with `Retry-After`: the whole seconds until the
   * next one is allowed, as Slack answers. `now` is the emulator's clock (ms); tests pass one
   * they advance, so waiting out a Retry-After takes no real time.
   */
  paceLikeSlack(options?: { now?: () => number }): void;
  /** The next `times` calls of `method` take effect at once but answer only after `ms` (an overloaded Slack). */
  answerLate(method: string, ms: number, options?: { times?: number }): void;
  /**
   * The next call of `method` waits, before Slack handles it, until `release()`: a request
   * slow on the way (`arrived` settles once it is waiting), so calls made after it land first.
   */
  holdNext(method: string): { arrived: Promise<void>; release(): void };
  /** chat.startStream answers `{ ok: false, error }` from now on (streaming unavailable). */
  disableStreaming(error?: string): void;
  /**
   * Who completes the next `/oauth/v2/authorize` (default: first admin of the first team). With
   * `orgWide`, an org admin of an Enterprise Grid organization installing for the whole org:
   * `oauth.v2.access` then answers as Slack does, `team: null`, `enterprise`, `is_enterprise_install: true`.
   */
  installAs(who: InstallGrant): void;
  /**
   * An admin removes Tomo from the workspace: from now on its bot token gets `account_inactive`
   * (a removed app's bot token, as Slack answers it), until the next install's `oauth.v2.access`.
   * The test sends the `app_uninstalled` event itself, when it likes (Slack's may come late).
   */
  removeApp(teamId: string): void;
  /** Who approves the next user-token authorize (`user_scope`, e.g. Slack search). */
  connectUserAs(who: { teamId: string; userId: string }): void;
  /** People's own tokens (`xoxp-…`) and what they may do. */
  userTokens: UserTokens;
  /** A code for `oauth.v2.access`, as if someone had just approved the install. */
  issueInstallCode(who: { teamId: string; userId: string; redirectUri?: string }): string;
  close(): Promise<void>;
}

export interface StartFakeSlackOptions {
  clientId?: string;
  clientSecret?: string;
  /** Where browsers reach "Sign in with Slack"'s authorize page, when not at the emulator's own origin. */
  oidcAuthorizeUrl?: string;
}

/** A fake Slack on 127.0.0.1: the Web API methods Tomo calls, the install flow and OIDC. */
export async function startFakeSlack(options: StartFakeSlackOptions = {}): Promise<FakeSlack> {
  const state = new SlackState();
  const settings: FakeSlackSettings = {
    streamingSupported: true,
    streamingError: 'unknown_method',
    assistantStatusError: undefined,
    maxMarkdownChars: 12_000,
    maxTextChars: 40_000,
    streamLifetimeMs: 5 * 60_000,
    editWindowMs: null,
    clientId: options.clientId ?? '1234567890.0987654321',
    clientSecret: options.clientSecret ?? 'fake-client-secret',
    origin: '',
  };
  const calls: FakeSlackCall[] = [];
  const rateLimits = new Map<string, { times: number; retryAfterSeconds: number }[]>();
  const failures = new Map<string, (string | undefined)[]>();
  let pacing: SlackPacing | undefined;
  const lateAnswers = new Map<string, number[]>();
  const holds = new Map<string, { arrive(): void; released: Promise<void> }[]>();
  const installCodes = new Map<string, InstallGrant & { redirectUri: string | undefined }>();
  let installer: InstallGrant | undefined;
  let userConnector: { teamId: string; userId: string } | undefined;
  const userTokens = new UserTokens();
  const uploads = new Map<string, PendingUpload>();
  const responseUrls = new Map<string, { channel: string; user: string; uses: number }>();
  const UPLOAD_METHODS = fileUploadMethods(uploads);
  // The OIDC routes need the server's origin, so they are mounted once it listens.
  const mounted: { oidc?: SlackOidc } = {};

  const issueInstallCode = (who: InstallGrant & { redirectUri?: string }) => {
    const code = `install-${randomBytes(10).toString('hex')}`;
    installCodes.set(code, { teamId: who.teamId, userId: who.userId, redirectUri: who.redirectUri, ...(who.orgWide ? { orgWide: who.orgWide } : {}) });
    return code;
  };

  const http = await startHttpFake(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = parseParams(req, url, body);
    const path = url.pathname;
    const method = path.startsWith('/api/') ? path.slice('/api/'.length) : path;
    const auth = header(req, 'authorization');
    const token = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : params.token;
    const record = (outcome: string) =>
      calls.push({ method, httpMethod: req.method ?? 'GET', path, params: redactSecrets(params), token, outcome });

    if (await mounted.oidc!.handle(req, res, path, params)) {
      record('oidc');
      return;
    }
    if (path.startsWith('/actions/')) {
      answerResponseUrl(res, path, body, responseUrls, state, record);
      return;
    }
    if (path.startsWith('/files-pri/')) {
      serveFile(res, state, path, token, record);
      return;
    }
    if (path.startsWith('/upload/v1/')) {
      await receiveUpload(req, res, body, uploads, record);
      return;
    }
    if (path === '/oauth/v2/authorize' && params.user_scope && !params.scope) {
      // A person connecting their own account (a user token), not an install.
      record('authorize');
      const who = userConnector ?? installer ?? defaultInstaller(state);
      const target = new URL(params.redirect_uri ?? 'http://invalid.test/');
      if (params.client_id !== settings.clientId || who === undefined) target.searchParams.set('error', 'access_denied');
      else target.searchParams.set('code', userTokens.issueCode({ ...who, scope: params.user_scope }, params.redirect_uri));
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      res.writeHead(302, { location: target.toString() });
      res.end();
      return;
    }
    // Before any answer, a person's user-token calls (auth.revoke, search.messages) included.
    const hold = path.startsWith('/api/') ? holds.get(method)?.shift() : undefined;
    if (hold !== undefined) {
      hold.arrive();
      await hold.released;
    }
    if (method === 'oauth.v2.access' && userTokens.isUserCode(params.code)) {
      const answer = userTokens.redeem(params, settings, state);
      record(answer.ok === true ? 'ok' : String(answer.error));
      sendJson(res, 200, answer);
      return;
    }
    const userAnswer = token === undefined ? undefined : userTokens.call(method, token, params, state);
    if (userAnswer !== undefined) {
      record(userAnswer.ok === true ? 'ok' : String(userAnswer.error));
      sendJson(res, 200, userAnswer);
      return;
    }
    if (path === '/oauth/v2/authorize') {
      record('authorize');
      const who = installer ?? defaultInstaller(state);
      const target = new URL(params.redirect_uri ?? 'http://invalid.test/');
      if (params.client_id !== settings.clientId || who === undefined) target.searchParams.set('error', 'access_denied');
      else target.searchParams.set('code', issueInstallCode({ ...who, ...(params.redirect_uri ? { redirectUri: params.redirect_uri } : {}) }));
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      res.writeHead(302, { location: target.toString() });
      res.end();
      return;
    }
    const handler = path.startsWith('/api/') ? (METHODS[method] ?? TRIGGER_METHODS[method] ?? UPLOAD_METHODS[method] ?? VIEW_METHODS[method]) : undefined;
    if (handler === undefined) {
      record('unknown_method');
      sendJson(res, path.startsWith('/api/') ? 200 : 404, { ok: false, error: 'unknown_method' });
      return;
    }
    const limit = rateLimits.get(method)?.[0];
    const paced = pacing?.retryAfterSeconds(token, method);
    if (limit === undefined && paced !== undefined) {
      record('ratelimited');
      sendJson(res, 429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(paced) });
      return;
    }
    if (limit !== undefined) {
      limit.times -= 1;
      if (limit.times <= 0) rateLimits.get(method)!.shift();
      record('ratelimited');
      sendJson(res, 429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(limit.retryAfterSeconds) });
      return;
    }
    const injected = failures.get(method)?.shift();
    if (injected !== undefined) {
      record(injected);
      sendJson(res, 200, { ok: false, error: injected });
      return;
    }
    if (method === 'oauth.v2.access' && auth?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
      params.client_id ??= id ?? '';
      params.client_secret ??= secret ?? '';
    }
    const team = token === undefined ? undefined : state.teamByToken(token);
    if (!TOKENLESS.has(method) && team === undefined) {
      const error = token === undefined ? 'not_authed' : 'invalid_auth';
      record(error);
      sendJson(res, 200, { ok: false, error });
      return;
    }
    if (team?.appRemoved === true && !TOKENLESS.has(method)) {
      record('account_inactive');
      sendJson(res, 200, { ok: false, error: 'account_inactive' });
      return;
    }
    try {
      const result = handler({
        state,
        settings,
        params,
        team,
        redeemInstallCode: (code, redirectUri) => {
          const grant = installCodes.get(code);
          installCodes.delete(code);
          if (grant === undefined) return undefined;
          // Slack: "bad_redirect_uri: Value passed for redirect_uri did not match the redirect_uri in the original request."
          if (grant.redirectUri !== undefined && grant.redirectUri !== redirectUri) return 'bad_redirect_uri';
          return grant;
        },
      });
      record('ok');
      const late = lateAnswers.get(method)?.shift();
      if (late !== undefined && !(await waitUnlessGone(res, late))) return;
      sendJson(res, 200, { ok: true, ...result });
    } catch (error) {
      if (!(error instanceof SlackMethodError)) throw error;
      record(error.error);
      sendJson(res, 200, { ok: false, error: error.error });
    }
  });

  settings.origin = http.origin;
  const oidc = await createSlackOidc({
    origin: http.origin,
    state,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    ...(options.oidcAuthorizeUrl === undefined ? {} : { authorizeUrl: options.oidcAuthorizeUrl }),
  });
  mounted.oidc = oidc;

  return {
    url: `${http.origin}/api/`,
    origin: http.origin,
    calls,
    callsTo: (method) => calls.filter((c) => c.method === method),
    state,
    settings,
    oidc,
    addTeam: (team) => state.addTeam(team),
    removeApp: (teamId) => {
      const team = state.teams.get(teamId);
      if (team === undefined) throw new Error(`no team ${teamId}`);
      team.appRemoved = true;
    },
    addUser: (user) => state.addUser(user),
    addChannel: (channel) => state.addChannel(channel),
    addMessage: (input) => state.addMessage(input),
    thread: (channel, threadTs) => state.thread(channel, threadTs),
    botReplies: (channel, threadTs) => state.botReplies(channel, threadTs),
    statusOf: (channel, threadTs) => state.statuses.get(`${channel}/${threadTs}`),
    addBot(bot) {
      const full: FakeBot = { appId: `A${bot.id.slice(1)}`, ...bot };
      state.bots.set(full.id, full);
      state.addUser({ id: full.userId, teamId: bot.teamId, name: bot.name.toLowerCase().replace(/\s+/g, '-'), realName: bot.name, isBot: true });
      return full;
    },
    join(channel, userId) {
      const entry = state.channels.get(channel)!;
      if (state.teams.get(entry.teamId)?.botUserId === userId) entry.botIsMember = true;
      else if (entry.members !== undefined) entry.members = [...new Set([...entry.members, userId])];
    },
    leave(channel, userId) {
      const entry = state.channels.get(channel)!;
      if (state.teams.get(entry.teamId)?.botUserId === userId) entry.botIsMember = false;
      else entry.members = (entry.members ?? membersOfTeam(state, entry.teamId)).filter((id) => id !== userId);
    },
    startFunctionExecution(teamId, definition) {
      const execution: FakeFunctionExecution = {
        id: `Fx${randomBytes(5).toString('hex').toUpperCase()}`,
        teamId,
        state: 'running',
        ...(definition === undefined ? {} : { definition }),
      };
      state.functionExecutions.set(execution.id, execution);
      return execution;
    },
    functionExecutedEvent(execution, inputs) {
      const fn = execution.definition;
      if (fn === undefined) throw new Error('functionExecutedEvent needs an execution started with its definition');
      const team = state.teams.get(execution.teamId);
      const now = Date.now() / 1000;
      return {
        type: 'function_executed',
        function: {
          id: `Fn${randomBytes(5).toString('hex').toUpperCase()}`,
          callback_id: fn.callbackId,
          title: fn.title,
          type: 'app',
          input_parameters: fn.inputParameters,
          output_parameters: fn.outputParameters,
          app_id: team?.appId ?? 'A0TOMO',
          date_created: Math.floor(now) - 86_400,
          date_updated: Math.floor(now) - 3_600,
          date_deleted: 0,
        },
        inputs,
        function_execution_id: execution.id,
        workflow_execution_id: `Wx${randomBytes(5).toString('hex').toUpperCase()}`,
        event_ts: now.toFixed(6),
        bot_access_token: `xwfp-${randomBytes(12).toString('hex')}`,
      };
    },
    uploads,
    ephemeralsFor: (user) => state.ephemerals.filter((e) => e.user === user),
    responseUrl: (channel, user) => {
      const key = `T/${state.nextSerial()}/${randomBytes(8).toString('hex')}`;
      responseUrls.set(key, { channel, user, uses: 5 });
      return `${http.origin}/actions/${key}`;
    },
    homeOf: (user) => state.homeViews.get(user),
    rateLimit(method, { times = 1, retryAfterSeconds = 1 } = {}) {
      const queue = rateLimits.get(method) ?? [];
      queue.push({ times, retryAfterSeconds });
      rateLimits.set(method, queue);
    },
    failNext(method, error, { times = 1, after = 0 } = {}) {
      queueFor(failures, method, undefined, after);
      queueFor(failures, method, error, times);
    },
    paceLikeSlack({ now = () => Date.now() } = {}) {
      pacing = new SlackPacing(now);
    },
    answerLate(method, ms, { times = 1 } = {}) {
      queueFor(lateAnswers, method, ms, times);
    },
    holdNext(method) {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(method, [...(holds.get(method) ?? []), { arrive, released }]);
      return { arrived, release };
    },
    disableStreaming(error = 'unknown_method') {
      settings.streamingSupported = false;
      settings.streamingError = error;
    },
    installAs(who) {
      installer = who;
    },
    connectUserAs(who) {
      userConnector = who;
    },
    userTokens,
    issueInstallCode,
    close: () => http.close(),
  };
}

/**
 * `url_private(_download)`: the file's bytes for a bot token of its workspace. Like Slack,
 * a request without a valid token gets the sign-in page (HTML, 200), not an error.
 */
/**
 * A POST to a `response_url` (Slack: `https://hooks.slack.com/actions/…`, no token): a JSON
 * message shown to the person only (`response_type: in_channel`, which Tomo never sends, is not
 * modelled). An unknown or used-up URL answers 404.
 */
function answerResponseUrl(
  res: ServerResponse,
  path: string,
  body: Buffer,
  urls: Map<string, { channel: string; user: string; uses: number }>,
  state: SlackState,
  record: (outcome: string) => void,
): void {
  const target = urls.get(path.slice('/actions/'.length));
  if (target === undefined || target.uses <= 0) {
    record('expired_url');
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('expired_url');
    return;
  }
  let message: { text?: unknown; response_type?: unknown } | undefined;
  try {
    message = JSON.parse(body.toString('utf8')) as { text?: unknown; response_type?: unknown };
  } catch {
    message = undefined;
  }
  if (message === undefined || typeof message.text !== 'string' || message.text === '') {
    record('no_text');
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end('no_text');
    return;
  }
  target.uses -= 1;
  state.ephemerals.push({ channel: target.channel, user: target.user, text: message.text });
  record('ok');
  sendJson(res, 200, { ok: true });
}

function serveFile(res: ServerResponse, state: SlackState, path: string, token: string | undefined, record: (outcome: string) => void): void {
  const match = /^\/files-pri\/([^-/]+)-([^/]+)\//.exec(path);
  const found = match === null ? undefined : state.file(match[2]!);
  const team = token === undefined ? undefined : state.teamByToken(token);
  if (found === undefined || match === null || found.file.mode === 'tombstone' || found.file.mode === 'hidden_by_limit') {
    record('file_not_found');
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
    return;
  }
  if (team === undefined || team.id !== match[1]) {
    record('sign_in_page');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!DOCTYPE html><html><head><title>Slack</title></head><body>Sign in to Slack</body></html>');
    return;
  }
  record('ok');
  res.writeHead(200, { 'content-type': found.file.mimetype || 'application/octet-stream', 'content-length': String(found.file.content.length) });
  res.end(found.file.content);
}

/** Form-encoded (what @slack/web-api sends), JSON, or query parameters, as strings. */
function parseParams(req: IncomingMessage, url: URL, body: Buffer): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  const type = header(req, 'content-type') ?? '';
  if (body.length === 0) return params;
  // File bytes (the upload URL) are not parameters.
  if (type.startsWith('multipart/form-data') || type.startsWith('application/octet-stream')) return params;
  if (type.includes('application/json')) {
    const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(parsed)) {
      params[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    return params;
  }
  return { ...params, ...Object.fromEntries(new URLSearchParams(body.toString('utf8'))) };
}

/**
 * Slack's Web API tiers, "per API method per app per workspace" (docs.slack.dev, Rate limits):
 * Tier 2 20+, Tier 3 50+, Tier 4 100+ requests a minute, occasional bursts allowed. Modelled as
 * a bucket per token and method holding a minute's allowance, refilled at that rate. Methods
 * not listed here are not limited by the emulator.
 */
const TIER_PER_MINUTE: Record<string, number> = {
  'users.list': 20,
  'conversations.list': 20,
  'users.conversations': 50,
  'conversations.members': 100,
  'conversations.history': 50,
  'conversations.replies': 50,
  'conversations.info': 50,
  'team.info': 50,
  'users.info': 100,
};

class SlackPacing {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number) {}

  /** Undefined when the call may go ahead (it is counted); else the seconds until it may. */
  retryAfterSeconds(token: string | undefined, method: string): number | undefined {
    const perMinute = TIER_PER_MINUTE[method];
    if (perMinute === undefined || token === undefined) return undefined;
    const key = `${token}\u0000${method}`;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: perMinute, at: now };
    bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.at) * perMinute) / 60_000);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil(((1 - bucket.tokens) * 60) / perMinute));
  }
}

/** Queues what the next `times` calls of `method` get. */
function queueFor<T>(queues: Map<string, T[]>, method: string, value: T, times: number): void {
  const queue = queues.get(method) ?? [];
  for (let i = 0; i < times; i += 1) queue.push(value);
  queues.set(method, queue);
}

function redactSecrets(params: Record<string, string>): Record<string, string> {
  const copy = { ...params };
  for (const key of ['client_secret', 'token', 'code_verifier']) if (key in copy) copy[key] = '[redacted]';
  return copy;
}

function defaultInstaller(state: SlackState): { teamId: string; userId: string } | undefined {
  const team = [...state.teams.values()][0];
  if (team === undefined) return undefined;
  const people = [...state.users.values()].filter((u) => u.teamId === team.id && u.isBot !== true);
  const admin = people.find((u) => u.isAdmin || u.isOwner || u.isPrimaryOwner) ?? people[0];
  return admin === undefined ? undefined : { teamId: team.id, userId: admin.id };
}

function membersOfTeam(state: SlackState, teamId: string): string[] {
  return [...state.users.values()].filter((u) => u.teamId === teamId).map((u) => u.id);
}
