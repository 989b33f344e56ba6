import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AesGcmSecretBox, KEY_FILE_NAME } from '../../adapters/crypto';

/**
 * The one way server and worker get the box that seals tokens at rest: ENCRYPTION_KEY when
 * set, else the key in `<DATA_DIR>/encryption.key` (the embedded default), created when
 * missing. Both processes must use the same key, so both call this.
 */
export function secretBoxFromConfig(config: { ENCRYPTION_KEY?: string | undefined; DATA_DIR: string }): AesGcmSecretBox {
  return AesGcmSecretBox.fromEnv(config.ENCRYPTION_KEY ?? keyFromDataDir(config.DATA_DIR));
}

/** The same file adapters/crypto's loadOrCreateKey writes, read synchronously for the composition roots. */
function keyFromDataDir(dataDir: string): string {
  const path = join(dataDir, KEY_FILE_NAME);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if another process created it meanwhile; then that one wins.
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
}
