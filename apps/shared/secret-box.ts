import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AesGcmSecretBox, KEY_FILE_NAME, loadOrCreateKey } from '../../adapters/crypto';

/**
 * The one way server and worker get the box that seals tokens at rest: ENCRYPTION_KEY when
 * set, else the key in `<DATA_DIR>/encryption.key`, which start-up generates (with a warning)
 * for the embedded default only (apps/shared/infrastructure.ts; config refuses an external
 * database without a key). Both processes must use the same key, so both call this.
 */
export function secretBoxFromConfig(config: { ENCRYPTION_KEY?: string | undefined; DATA_DIR: string }): AesGcmSecretBox {
  return AesGcmSecretBox.fromEnv(config.ENCRYPTION_KEY ?? readFileSync(join(config.DATA_DIR, KEY_FILE_NAME), 'utf8').trim());
}

/**
 * At start-up and in `npm run db:migrate`, before the migrations (some seal stored values): the
 * embedded default without ENCRYPTION_KEY gets its key generated into DATA_DIR once (announced
 * through `warn`), then the box is made as `secretBoxFromConfig` makes it.
 */
export async function secretBoxAtStart(
  config: { ENCRYPTION_KEY?: string | undefined; DATA_DIR: string },
  embedded: boolean,
  log: { warn(message: string): void },
): Promise<AesGcmSecretBox> {
  if (!config.ENCRYPTION_KEY && embedded) await loadOrCreateKey(config.DATA_DIR, log);
  return secretBoxFromConfig(config);
}
