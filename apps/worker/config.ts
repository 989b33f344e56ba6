import { parseEnv, requireEncryptionKeyWithExternalDatabase, workerEnv } from '../shared/config';

export type WorkerConfig = ReturnType<typeof loadWorkerConfig>;

/** The worker's whole configuration, validated once at start-up. */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = parseEnv(workerEnv, env);
  requireEncryptionKeyWithExternalDatabase(parsed);
  return parsed;
}
