import type { Logger } from '../adapters/logging/logger';
import { createPgRepositories } from '../adapters/postgres/pg-repositories';
import { secretBoxFromConfig } from './shared/secret-box';
import { playgroundRoutes } from './playground/playground.routes';
import { startPlayground, type Playground } from './playground/playground';
import { playgroundDecision, type PlaygroundDecision } from './playground/playground-mode';
import { loadServerConfig } from './server/config';
import { startServer } from './server/server';
import { appLogger, openInfrastructure } from './shared/infrastructure';
import { startObservability } from './shared/observability';
import { loadWorkerConfig } from './worker/config';
import { startWorker } from './worker/worker';

export interface AllInOne {
  port: number;
  publicUrl: string;
  logger: Logger;
  /** Why the playground runs or not. */
  playground: PlaygroundDecision;
  /** The emulated workspace, when the playground runs. */
  emulator: Playground | undefined;
  close(): Promise<void>;
}

/**
 * `npm start`: server and worker in one process on one database (embedded when DATABASE_URL
 * is unset). With no Slack app configured and NODE_ENV other than production, the playground
 * runs too: Tomo's Slack emulator with a demo workspace Tomo is installed in, and /playground.
 */
export async function startAllInOne(env: Record<string, string | undefined>, options: { logger?: Logger } = {}): Promise<AllInOne> {
  const decision = playgroundDecision(env);
  const firstConfig = loadServerConfig(env);
  const logger = options.logger ?? appLogger(firstConfig, 'tomo');
  const playground = decision.enabled ? await startPlayground({ publicUrl: firstConfig.PUBLIC_URL, env, logger }) : undefined;
  const merged = playground ? { ...env, ...playground.env } : env;
  const serverConfig = loadServerConfig(merged);
  const workerConfig = loadWorkerConfig(merged);
  try {
    const infrastructure = await openInfrastructure(serverConfig, logger, { runsWorker: true });
    const observability = await startObservability(serverConfig, 'all-in-one', infrastructure);
    const { database, queue } = infrastructure;
    const { metrics } = observability;
    if (playground) await playground.install(serverConfig, database);
    const worker = await startWorker({ config: workerConfig, logger, database, queue, metrics });
    const repositories = playground ? createPgRepositories(database.orm, secretBoxFromConfig(serverConfig)) : undefined;
    const extraRoutes =
      playground && repositories
        ? [
            playgroundRoutes(playground, {
              publicUrl: serverConfig.PUBLIC_URL,
              logger,
              schedules: repositories.scheduleSettings,
              queue,
              reactions: repositories.reactionSettings,
              customizations: repositories.appCustomizations,
            }),
          ]
        : [];
    const http = await startServer({ config: serverConfig, logger, database, queue, metrics, extraRoutes, components: observability.components });
    playground?.setTomoUrl(`http://127.0.0.1:${http.port}`);
    if (playground) {
      logger.info(
        { url: `${serverConfig.PUBLIC_URL}/playground`, model: playground.model.provider },
        `Playground: open ${serverConfig.PUBLIC_URL}/playground (no Slack app configured; set SLACK_CLIENT_ID and friends to use a real one)`,
      );
      if (!playground.model.configured) logger.warn(playground.model.message);
    }
    return {
      port: http.port,
      publicUrl: serverConfig.PUBLIC_URL,
      logger,
      playground: decision,
      emulator: playground,
      async close() {
        observability.draining();
        await http.close(serverConfig.SHUTDOWN_TIMEOUT_MS);
        await worker.stop();
        await observability.close(1_000);
        await infrastructure.close();
        await playground?.close();
      },
    };
  } catch (error) {
    await playground?.close();
    throw error;
  }
}
