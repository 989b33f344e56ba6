import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface SpawnedApp {
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

/** The compiled entry points `npm run build` writes into dist/ (apps/build.ts). */
export type BuiltEntry = 'start' | 'server' | 'worker' | 'migrate' | 'stripe-sync';

/** The command line production uses: `node dist/<entry>.js`. */
export function builtCommand(entry: BuiltEntry): string[] {
  const file = `dist/${entry}.js`;
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test does)`);
  return [file];
}

/** Runs a compiled entry point the way production does (plain node on the pinned Node 24, no loader). */
export function spawnBuilt(entry: BuiltEntry, env: Record<string, string | undefined>): SpawnedApp {
  const child = spawn(process.execPath, builtCommand(entry), {
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A copy of this process's environment without the given names. */
export function envWithout(...names: string[]): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of names) delete env[name];
  return env;
}

export async function waitForStatus(url: string, status: number, timeoutMs: number, app?: SpawnedApp): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app && app.child.exitCode !== null) throw new Error(`process exited early:\n${app.output()}`);
    try {
      const response = await fetch(url);
      if (response.status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms${app ? `:\n${app.output()}` : ''}`);
}
