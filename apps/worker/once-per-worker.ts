import type { Logger } from '../../adapters/logging/logger';
import type { Database } from '../../adapters/postgres/database';
import type { WorkerConfig } from './config';

/**
 * A worker's service built once per worker (its configuration and database) and shared by every
 * caller: the answer pipeline, ingestion and the trigger jobs each ask for the knowledge and
 * integration services, and a second build meant a second vector store (the portable one keeps
 * its vectors in memory, up to 256 MB each) and a second log line at every start.
 */
export function oncePerWorker<T>(build: (config: WorkerConfig, database: Database, logger: Logger) => T) {
  const built = new WeakMap<Database, WeakMap<WorkerConfig, T>>();
  return (config: WorkerConfig, database: Database, logger: Logger): T => {
    const byConfig = built.get(database) ?? new WeakMap<WorkerConfig, T>();
    built.set(database, byConfig);
    if (!byConfig.has(config)) byConfig.set(config, build(config, database, logger));
    return byConfig.get(config)!;
  };
}
