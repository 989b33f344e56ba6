import { parseEnv, publicUrlOf, requireEncryptionKeyWithExternalDatabase, serverEnv } from '../shared/config';

export type ServerConfig = ReturnType<typeof loadServerConfig>;

/** The server's whole configuration, validated once at start-up. */
export function loadServerConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = parseEnv(serverEnv, env);
  requireEncryptionKeyWithExternalDatabase(parsed);
  return {
    ...parsed,
    PUBLIC_URL: publicUrlOf(env, parsed.PUBLIC_URL, parsed.PORT),
    billingEnabled: Boolean(parsed.STRIPE_SECRET_KEY),
  };
}
