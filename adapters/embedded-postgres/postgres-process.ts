import { spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Who the PostgreSQL programs run as: the `postgres` user when Tomo runs as root, else Tomo's own user. */
export interface RunAs {
  uid: number;
  gid: number;
}

export interface RunningPostgres {
  stop(): Promise<void>;
}

/**
 * `initdb` of a new cluster: UTF-8, PostgreSQL's built-in C.UTF-8 locale (the same on every
 * machine, whatever locales the OS has), English server messages (we read them), and the
 * superuser `postgres` with a SCRAM password.
 */
export async function initCluster(binDir: string, clusterDir: string, password: string, runAs?: RunAs): Promise<void> {
  const pwDir = mkdtempSync(join(tmpdir(), 'tomo-initdb-'));
  const pwFile = join(pwDir, 'password');
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(pwDir, runAs.uid, runAs.gid);
    chownSync(pwFile, runAs.uid, runAs.gid);
  }
  try {
    const { code, output } = await run(join(binDir, 'initdb'), [
      `--pgdata=${clusterDir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${pwFile}`,
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--lc-messages=C',
    ], runAs);
    if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${lastLines(output)}`);
  } finally {
    rmSync(pwDir, { recursive: true, force: true });
  }
}

/** Starts `postgres` on 127.0.0.1:`port` and resolves once it accepts connections. */
export function startPostgres(binDir: string, clusterDir: string, port: number, runAs?: RunAs, log: (line: string) => void = () => {}): Promise<RunningPostgres> {
  const child = spawn(
    join(binDir, 'postgres'),
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    { ...(runAs ?? {}), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // If Tomo exits without stopping it (an uncaught error), the cluster goes with it.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (text.includes('database system is ready to accept connections')) {
        resolve({
          async stop() {
            process.removeListener('exit', stopOnExit);
            if (child.exitCode === null) child.kill('SIGINT');
            await exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => {
      process.removeListener('exit', stopOnExit);
      reject(new Error(`PostgreSQL stopped while starting (exit ${code}): ${lastLines(output)}`));
    });
  });
}

function run(command: string, args: string[], runAs?: RunAs): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...(runAs ?? {}), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

function lastLines(output: string): string {
  return output.trim().split('\n').slice(-3).join(' | ');
}
