import { parseEnv, workerEnv } from '../shared/config';

export type WorkerConfig = ReturnType<typeof loadWorkerConfig>;

/** The worker's whole configuration, validated once at start-up. */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env) {
  return parseEnv(workerEnv, env);
}
