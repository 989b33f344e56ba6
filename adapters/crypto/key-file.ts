import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const KEY_FILE_NAME = 'encryption.key';

/**
 * For the embedded default only (no ENCRYPTION_KEY configured): returns the key kept in
 * `<dataDir>/encryption.key`, creating it once. Losing that file makes stored tokens unreadable,
 * so creation is announced through `warn`.
 */
export async function loadOrCreateKey(dataDir: string, log: { warn(message: string): void } = console): Promise<string> {
  const path = join(dataDir, KEY_FILE_NAME);
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  try {
    // 'wx' fails if another process created it meanwhile; then that one wins.
    await writeFile(path, `${key}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(path, 'utf8')).trim();
    throw error;
  }
  await chmod(path, 0o600);
  log.warn(
    `ENCRYPTION_KEY is not set: generated a new key in ${path}. Stored tokens can only be read with this key; ` +
      'back it up, and set ENCRYPTION_KEY in production.',
  );
  return key;
}
