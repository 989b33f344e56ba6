import { ConfigError, parseEnv, publicUrlOf, requireEncryptionKeyWithExternalDatabase, workerEnv } from '../shared/config';

export type WorkerConfig = ReturnType<typeof loadWorkerConfig>;

/** The worker's whole configuration, validated once at start-up. */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = parseEnv(workerEnv, env);
  requireEncryptionKeyWithExternalDatabase(parsed);
  requireSearchSettings(parsed);
  // The worker has no PORT of its own: a valid one in its environment is the server's.
  const port = Number(env.PORT);
  const serverPort = Number.isInteger(port) && port > 0 && port <= 65535 ? port : undefined;
  return { ...parsed, PUBLIC_URL: publicUrlOf(env, parsed.PUBLIC_URL, serverPort) };
}

/** A chosen search engine must be usable: its key (and Google's engine id, SearXNG's address) set. */
function requireSearchSettings(config: ReturnType<typeof parseEnv<typeof workerEnv>>): void {
  const needed: Record<string, (keyof typeof config)[]> = {
    google: ['GOOGLE_SEARCH_API_KEY', 'GOOGLE_SEARCH_ENGINE_ID'],
    brave: ['BRAVE_SEARCH_API_KEY'],
    searxng: ['SEARXNG_URL'],
    none: [],
  };
  const missing = needed[config.SEARCH_PROVIDER]!.find((name) => !config[name]);
  if (missing !== undefined) {
    throw new ConfigError(`Invalid configuration: ${missing} is required when SEARCH_PROVIDER=${config.SEARCH_PROVIDER} (unset)`);
  }
}
