import type { Express } from 'express';
import type { TomoMetrics } from '../../adapters/metrics/prometheus-metrics';
import { socketModeConnection, type SocketModeConnection, type SocketModeState } from '../../adapters/slack/socket-mode-connection';
import { ComponentStates } from '../shared/health';
import { listen, type RunningHttpServer } from '../shared/http-server';
import type { ServerConfig } from './config';
import { buildServerContainer, SERVER_TYPES, type ServerDependencies } from './container';
import type { SlackIngress } from './http/slack/slack-ingress';
import type { Logger } from '../../adapters/logging/logger';

/**
 * Builds the app from its container and listens on config.PORT (0 = any free port). With
 * SLACK_APP_TOKEN set, Slack's events and interactions also arrive over Socket Mode, into the
 * same SlackIngress the HTTP routes use.
 */
export async function startServer(serverDeps: ServerDependencies): Promise<RunningHttpServer> {
  const deps = { ...serverDeps, components: serverDeps.components ?? new ComponentStates() };
  const container = buildServerContainer(deps);
  const app = container.get<Express>(SERVER_TYPES.App);
  const running = await listen(app, deps.config.PORT);
  deps.logger.info({ port: running.port, url: deps.config.PUBLIC_URL }, 'server listening');
  let socket: SocketModeConnection | undefined;
  try {
    socket = await startSocketMode(deps, container.get<SlackIngress>(SERVER_TYPES.SlackIngress));
  } catch (error) {
    await running.close(0);
    throw new Error(`Socket Mode could not connect with SLACK_APP_TOKEN (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (!socket) return running;
  return {
    ...running,
    async close(timeoutMs) {
      await socket.stop(Math.min(timeoutMs, 2_000));
      await running.close(timeoutMs);
    },
  };
}

async function startSocketMode(
  { config, logger, components, metrics }: { config: ServerConfig; logger: Logger; components: ComponentStates; metrics?: TomoMetrics | undefined },
  ingress: SlackIngress,
): Promise<SocketModeConnection | undefined> {
  if (!config.SLACK_APP_TOKEN) return undefined;
  // `/readyz` stays 200 while Socket Mode is off (docs/slack.md): it says so, and so does the gauge.
  const report = (state: SocketModeState) => {
    components.set('socketMode', state);
    for (const each of SOCKET_MODE_STATES) metrics?.socketMode.set({ state: each }, each === state ? 1 : 0);
  };
  report('connecting');
  const connection = socketModeConnection(
    {
      appToken: config.SLACK_APP_TOKEN,
      slackApiUrl: config.SLACK_API_URL,
      logger,
      linkDisabledRecheckMs: config.SOCKET_MODE_RECHECK_SECONDS * 1000,
      onState: report,
    },
    {
      // A refused payload is acknowledged all the same: delivering it again would not mend it.
      onEvent: async (payload, retry) => {
        const outcome = await ingress.acceptEvent(payload, { transport: 'socket', retry });
        if (outcome.kind === 'invalid' || outcome.kind === 'unstorable') logger.warn({ code: outcome.code }, 'Socket Mode event refused');
      },
      onInteraction: async (payload) => {
        const outcome = await ingress.acceptInteraction(payload, { transport: 'socket' });
        if (outcome.kind === 'accepted') return outcome.body;
        logger.warn({ code: outcome.code }, 'Socket Mode interaction refused');
        return undefined;
      },
    },
  );
  await connection.start();
  return connection;
}

const SOCKET_MODE_STATES: readonly SocketModeState[] = ['connecting', 'connected', 'reconnecting', 'off'];
