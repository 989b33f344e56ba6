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
  /** Closes the socket and stops reconnecting. */
  stop(): Promise<void>;
}

/**
 * Slack events and interactions over Socket Mode (@slack/socket-mode): `apps.connections.open`
 * with the app token, a WebSocket, and a fresh one whenever Slack asks (`disconnect`) or the
 * socket drops. Each envelope is acknowledged only after its handler resolved (the job is
 * stored); a handler that throws leaves it unacknowledged, so Slack delivers it again.
 */
export function socketModeConnection(options: SocketModeOptions, handlers: SocketModeHandlers): SocketModeConnection {
  const logger = options.logger.child({ component: 'socket-mode' });
  const client = new SocketModeClient({
    appToken: options.appToken,
    logger: quietSlackLogger(logger),
    clientPingTimeout: options.clientPingTimeoutMs ?? 5_000,
    clientOptions: { slackApiUrl: options.slackApiUrl },
  });

  client.on('slack_event', (envelope: { type: string; body: unknown; retry_num?: number; ack(response?: Record<string, unknown>): Promise<void> }) => {
    void handle(envelope).catch((error: unknown) => {
      logger.error({ err: error, envelopeType: envelope.type }, 'Socket Mode envelope not acknowledged: it failed, Slack will deliver it again');
    });
  });
  client.on('connected', () => logger.info('Socket Mode connected'));
  client.on('reconnecting', () => logger.info('Socket Mode reconnecting'));

  async function handle(envelope: { type: string; body: unknown; retry_num?: number; ack(response?: Record<string, unknown>): Promise<void> }) {
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
      await client.start();
    },
    async stop() {
      await client.disconnect();
    },
  };
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
