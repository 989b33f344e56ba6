import { LogLevel, SocketModeClient, type Logger as SlackLogger } from '@slack/socket-mode';
import type { Logger } from '../logging/logger';

/** What Tomo does with one envelope; the connection acknowledges once it resolves. */
export interface SocketModeHandlers {
  /** An Events API payload (`event_callback`): resolves once its job is stored. */
  onEvent(payload: unknown, retry: number | undefined): Promise<void>;
  /** An interaction payload: resolves with the body Slack reads (a view_submission's response_action), if any. */
  onInteraction(payload: unknown): Promise<Record<string, unknown> | undefined>;
}

export interface SocketModeOptions {
  /** `SLACK_APP_TOKEN` (xapp-…), with the `connections:write` scope. */
  appToken: string;
  /** Web API base for `apps.connections.open` (`SLACK_API_URL`). */
  slackApiUrl: string;
  logger: Logger;
  /** The client's ping timeout; it also spaces reconnect attempts. Default 5 s (the SDK's). */
  clientPingTimeoutMs?: number;
  /** While Socket Mode is turned off in the app's settings (`link_disabled`): how often to look whether it is on again. Default 5 minutes. */
  linkDisabledRecheckMs?: number;
  /** Told each time the connection's state changes (for /readyz and the metrics). */
  onState?(state: SocketModeState): void;
}

/**
 * `connecting` until Slack's first hello, `connected`, `reconnecting` after a drop, `off` while
 * Socket Mode is turned off in the Slack app's settings (Slack said `link_disabled`).
 */
export type SocketModeState = 'connecting' | 'connected' | 'reconnecting' | 'off';

export interface SocketModeConnection {
  /** Resolves once Slack said hello on the first socket, or once Slack said Socket Mode is turned off (`state()` is then `off`). */
  start(): Promise<void>;
  state(): SocketModeState;
  /** Closes the sockets and stops reconnecting; gives up waiting for Slack's goodbye after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

/** One envelope as Tomo handles it, whichever connection it came by. */
interface Envelope {
  type: string;
  body: unknown;
  retry_num?: number | undefined;
  ack(response?: Record<string, unknown>): Promise<void>;
}

/** The `disconnect` reasons after which Slack expects the next connection to be open before it closes this one. */
const REFRESH_REASONS = new Set(['warning', 'refresh_requested']);
/** The `disconnect` reason Slack gives when Socket Mode is turned off in the app's settings. */
const LINK_DISABLED = 'link_disabled';
const DEFAULT_LINK_DISABLED_RECHECK_MS = 5 * 60_000;

/**
 * Slack events and interactions over Socket Mode (@slack/socket-mode): `apps.connections.open`
 * with the app token, a WebSocket, and a fresh one whenever Slack asks (`disconnect`) or the
 * socket drops. Each envelope is acknowledged only after its handler resolved (the job is
 * stored); a handler that throws leaves it unacknowledged, so Slack delivers it again.
 *
 * Tomo reads the frames itself (TomoSocketModeClient) rather than through the SDK 3.1.0's
 * reader, which (a) threw from an unawaited promise on any frame that is not an object or an
 * Events API payload without an inner `event` (Slack's `app_rate_limited`), ending the process,
 * and (b) closed a connection Slack had warned about (`disconnect`, reason `warning` or
 * `refresh_requested`) at once and opened the next only a ping timeout (5 s) later. Here the
 * next connection is opened first and the warned one closed once it said hello, as Slack asks.
 *
 * `link_disabled` (Socket Mode turned off in the app's settings) is said once in the log, and
 * instead of the SDK's reconnects every few seconds one connection is tried every
 * `linkDisabledRecheckMs` (5 minutes), so turning Socket Mode on again recovers without a restart.
 */
export function socketModeConnection(options: SocketModeOptions, handlers: SocketModeHandlers): SocketModeConnection {
  const logger = options.logger.child({ component: 'socket-mode' });
  const clients = new Set<TomoSocketModeClient>();
  const recheckMs = options.linkDisabledRecheckMs ?? DEFAULT_LINK_DISABLED_RECHECK_MS;
  let current: TomoSocketModeClient | undefined;
  let stopping = false;
  let state: SocketModeState = 'connecting';
  let recheckTimer: NodeJS.Timeout | undefined;

  function setState(next: SocketModeState): void {
    if (next === state) return;
    state = next;
    options.onState?.(next);
  }

  function open(): TomoSocketModeClient {
    const client = new TomoSocketModeClient(
      {
        appToken: options.appToken,
        logger: quietSlackLogger(logger),
        clientPingTimeout: options.clientPingTimeoutMs ?? 5_000,
        clientOptions: { slackApiUrl: options.slackApiUrl },
      },
      logger,
      {
        envelope: (envelope) => {
          void handle(envelope).catch((error: unknown) => {
            // The error's message only (a database's "connection refused"), never the envelope.
            logger.error(
              { envelopeType: envelope.type, error: error instanceof Error ? error.message : String(error) },
              'Socket Mode envelope not acknowledged: it failed, Slack will deliver it again',
            );
          });
        },
        refresh: (reason) => void handOver(client, reason),
        linkDisabled: () => turnedOff(),
      },
    );
    clients.add(client);
    client.on('connected', () => {
      logger.info('Socket Mode connected');
      if (client === current && state !== 'off') setState('connected');
    });
    client.on('reconnecting', () => {
      logger.info('Socket Mode reconnecting');
      if (client === current && state !== 'off') setState('reconnecting');
    });
    client.on('disconnected', () => {
      if (client !== current || state === 'off') clients.delete(client);
    });
    return client;
  }

  /** Slack will close `old` soon: the next connection first, then `old` goes. */
  async function handOver(old: TomoSocketModeClient, reason: string): Promise<void> {
    if (stopping || old !== current) return;
    old.retire();
    logger.info({ reason }, 'Socket Mode: Slack is recycling the connection; opening the next one first');
    for (let attempt = 1; !stopping && state !== 'off'; attempt += 1) {
      const next = open();
      current = next;
      try {
        await next.connect();
        break;
      } catch (error) {
        clients.delete(next);
        logger.error({ error: error instanceof Error ? error.message : String(error), attempt }, 'Socket Mode could not open the next connection; trying again');
        await new Promise((resolve) => setTimeout(resolve, (options.clientPingTimeoutMs ?? 5_000) * Math.min(attempt, 6)));
      }
    }
    await old.disconnect();
    clients.delete(old);
  }

  /**
   * Slack said `link_disabled`: no connection opens until Socket Mode is on again, so no client
   * reconnects on its own; one is tried every `recheckMs`. Said once, with what to do (the
   * HTTP request URLs keep working, and are where Slack delivers once Socket Mode is off).
   */
  function turnedOff(): void {
    if (stopping || state === 'off') return;
    for (const client of clients) client.retire();
    setState('off');
    logger.warn(
      { reason: LINK_DISABLED, recheckSeconds: Math.round(recheckMs / 1000) },
      `Socket Mode is turned off in the Slack app's settings: Slack sends no events or interactions over SLACK_APP_TOKEN's connection. ` +
        `Turn Socket Mode on again (api.slack.com/apps → the app → Socket Mode) and Tomo reconnects within ${describeInterval(recheckMs)}, ` +
        `or unset SLACK_APP_TOKEN to receive them at the HTTP request URLs only`,
    );
    scheduleRecheck();
  }

  function scheduleRecheck(): void {
    if (stopping || recheckTimer) return;
    recheckTimer = setTimeout(() => {
      recheckTimer = undefined;
      void recheck();
    }, recheckMs);
    recheckTimer.unref();
  }

  /** One connection, without the SDK's retries: on again once Slack says hello on it. */
  async function recheck(): Promise<void> {
    if (stopping || state !== 'off') return;
    const probe = open();
    probe.retire();
    try {
      await probe.connect();
    } catch (error) {
      clients.delete(probe);
      logger.debug({ error: error instanceof Error ? error.message : String(error ?? LINK_DISABLED) }, 'Socket Mode is still off');
      scheduleRecheck();
      return;
    }
    if (stopping) return;
    probe.rejoin();
    current = probe;
    setState('connected');
    logger.info('Socket Mode is on again in the Slack app\'s settings: events and interactions arrive over it again');
  }

  async function handle(envelope: Envelope) {
    if (envelope.type === 'events_api') {
      await handlers.onEvent(envelope.body, envelope.retry_num);
      await envelope.ack();
    } else if (envelope.type === 'interactive') {
      const body = await handlers.onInteraction(envelope.body);
      await envelope.ack(body);
    } else {
      // Slash commands and anything newer: Tomo has none; acknowledge so Slack does not retry.
      logger.debug({ envelopeType: envelope.type }, 'Socket Mode envelope not handled');
      await envelope.ack();
    }
  }

  return {
    async start() {
      current = open();
      try {
        await current.connect();
      } catch (error) {
        // Off from the start: the server still runs (HTTP ingress, settings), and the rechecks find it on.
        if (state === 'off') return;
        throw error;
      }
    },
    state: () => state,
    async stop(timeoutMs = 5_000) {
      stopping = true;
      clearTimeout(recheckTimer);
      let timer: NodeJS.Timeout | undefined;
      // The SDK waits for Slack's side of the close handshake (up to 30 s); a stopping process does not.
      await Promise.race([
        Promise.all([...clients].map((client) => client.disconnect())),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

interface FrameHandlers {
  envelope(envelope: Envelope): void;
  /** Slack said it will close this connection (`disconnect`, reason `warning` or `refresh_requested`). */
  refresh(reason: string): void;
  /** Slack closes this connection because Socket Mode is turned off in the app's settings (`link_disabled`). */
  linkDisabled(): void;
}

/**
 * The SDK's client with Tomo's frame reader: `hello` and other `disconnect` reasons go to the
 * SDK; envelopes come to Tomo whatever their payload; anything else is dropped with a line
 * that names no content. Pinned to @slack/socket-mode 3.1.0 (its private `send` and
 * `autoReconnectEnabled`, both constructor-level features of the SDK).
 */
class TomoSocketModeClient extends SocketModeClient {
  constructor(
    options: ConstructorParameters<typeof SocketModeClient>[0],
    private readonly log: Logger,
    private readonly frames: FrameHandlers,
  ) {
    super(options);
  }

  /** Slack closes this connection soon and the next one is opening (or none may open): no reconnect of its own. */
  retire(): void {
    (this as unknown as { autoReconnectEnabled: boolean }).autoReconnectEnabled = false;
  }

  /** The connection Tomo keeps again: it reconnects on its own after a drop, as the SDK does. */
  rejoin(): void {
    (this as unknown as { autoReconnectEnabled: boolean }).autoReconnectEnabled = true;
  }

  /** Tomo's own attempt to connect: resolves on Slack's hello, rejects when it cannot come. */
  async connect(): Promise<void> {
    await super.start();
  }

  /**
   * The SDK reconnects after a drop by calling start() itself, and never handles its failure
   * (3.1.0: `cb.apply(this).then(res)`). Stopping mid-reconnect rejected it (with no reason),
   * as did apps.connections.open failing past the Web API client's retries: an unhandled
   * rejection, which ends a Node process. Here the failure is logged and, unless the client is
   * stopping or retired, handed back to the SDK's reconnect loop (its pause grows each time).
   */
  override async start(): ReturnType<SocketModeClient['start']> {
    try {
      return await super.start();
    } catch (error) {
      const client = this as unknown as { shuttingDown: boolean; autoReconnectEnabled: boolean };
      if (!client.shuttingDown && client.autoReconnectEnabled) {
        this.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'Socket Mode could not reconnect; trying again');
        this.emit('close');
      }
      return { ok: false, error: 'reconnect_failed' };
    }
  }

  protected override onWebSocketMessage(data: string | ArrayBuffer, isBinary: boolean): Promise<void> {
    if (isBinary) return Promise.resolve();
    const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      frame = undefined;
    }
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
      this.log.warn({ bytes: text.length }, 'Socket Mode frame ignored: not a JSON object');
      return Promise.resolve();
    }
    const message = frame as { type?: unknown; reason?: unknown; envelope_id?: unknown; payload?: unknown; retry_attempt?: unknown };
    const type = typeof message.type === 'string' ? message.type : '';
    if (type === 'disconnect' && typeof message.reason === 'string' && REFRESH_REASONS.has(message.reason)) {
      this.frames.refresh(message.reason);
      return Promise.resolve();
    }
    if (type === 'disconnect' && message.reason === LINK_DISABLED) {
      // Retired before the SDK closes the socket, so its close does not reconnect.
      this.retire();
      this.frames.linkDisabled();
    }
    if (type === 'hello' || type === 'disconnect') {
      if (type === 'disconnect' && message.reason !== LINK_DISABLED) this.log.info({ reason: String(message.reason ?? '') }, 'Socket Mode: Slack closes the connection');
      return super.onWebSocketMessage(text, false).catch((error: unknown) => {
        this.log.warn({ type, error: error instanceof Error ? error.message : String(error) }, 'Socket Mode frame failed');
      });
    }
    if (typeof message.envelope_id !== 'string' || message.envelope_id === '') {
      this.log.warn({ type }, 'Socket Mode frame ignored: no envelope id');
      return Promise.resolve();
    }
    const envelopeId = message.envelope_id;
    const send = (this as unknown as { send(id: string, body?: Record<string, unknown>): Promise<void> }).send.bind(this);
    this.frames.envelope({
      type,
      body: message.payload,
      retry_num: typeof message.retry_attempt === 'number' ? message.retry_attempt : undefined,
      ack: (response) => send(envelopeId, response),
    });
    return Promise.resolve();
  }
}

/** "5 minutes", "30 seconds": the recheck interval as the operator reads it. */
function describeInterval(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/**
 * The SDK logs whole envelopes (message texts) at debug level; Tomo never logs what people
 * wrote, so its debug lines are dropped and only info, warnings and errors pass, as text.
 */
function quietSlackLogger(logger: Logger): SlackLogger {
  const line = (parts: unknown[]) => parts.map(String).join(' ');
  return {
    debug: () => undefined,
    info: (...parts: unknown[]) => logger.debug(line(parts)),
    warn: (...parts: unknown[]) => logger.warn(line(parts)),
    error: (...parts: unknown[]) => logger.error(line(parts)),
    setLevel: () => undefined,
    getLevel: () => LogLevel.INFO,
    setName: () => undefined,
  };
}
