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
}

export interface SocketModeConnection {
  /** Resolves once Slack said hello on the first socket. */
  start(): Promise<void>;
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
 */
export function socketModeConnection(options: SocketModeOptions, handlers: SocketModeHandlers): SocketModeConnection {
  const logger = options.logger.child({ component: 'socket-mode' });
  const clients = new Set<TomoSocketModeClient>();
  let current: TomoSocketModeClient | undefined;
  let stopping = false;

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
      },
    );
    clients.add(client);
    client.on('connected', () => logger.info('Socket Mode connected'));
    client.on('reconnecting', () => logger.info('Socket Mode reconnecting'));
    client.on('disconnected', () => {
      if (client !== current) clients.delete(client);
    });
    return client;
  }

  /** Slack will close `old` soon: the next connection first, then `old` goes. */
  async function handOver(old: TomoSocketModeClient, reason: string): Promise<void> {
    if (stopping || old !== current) return;
    old.retire();
    logger.info({ reason }, 'Socket Mode: Slack is recycling the connection; opening the next one first');
    for (let attempt = 1; !stopping; attempt += 1) {
      const next = open();
      current = next;
      try {
        await next.start();
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
      await current.start();
    },
    async stop(timeoutMs = 5_000) {
      stopping = true;
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

  /** Slack closes this connection soon and the next one is opening: no reconnect of its own. */
  retire(): void {
    (this as unknown as { autoReconnectEnabled: boolean }).autoReconnectEnabled = false;
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
    if (type === 'hello' || type === 'disconnect') {
      if (type === 'disconnect') this.log.info({ reason: String(message.reason ?? '') }, 'Socket Mode: Slack closes the connection');
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
