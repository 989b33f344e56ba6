import type { Express } from 'express';
import { listen, type RunningHttpServer } from '../shared/http-server';
import { buildServerContainer, SERVER_TYPES, type ServerDependencies } from './container';

/** Builds the app from its container and listens on config.PORT (0 = any free port). */
export async function startServer(deps: ServerDependencies): Promise<RunningHttpServer> {
  const container = buildServerContainer(deps);
  const app = container.get<Express>(SERVER_TYPES.App);
  const running = await listen(app, deps.config.PORT);
  deps.logger.info({ port: running.port, url: deps.config.PUBLIC_URL }, 'server listening');
  return running;
}
