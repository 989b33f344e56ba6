import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtCommand, envWithout, type BuiltEntry } from '../../support/processes';

// An operator running `node dist/server.js` (or any compiled entry) on the machine's own, older
// Node. The pinned Node 24 runs the tests; the system one (v20 on the CI image) is the old Node.
// OLD_NODE names another binary to try.
const oldNode = findOldNode(process.env.OLD_NODE ?? '/usr/bin/node');

function findOldNode(path: string): { path: string; version: string } | undefined {
  if (!existsSync(path)) return undefined;
  const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
  return Number(version.split('.')[0]) < 24 ? { path, version } : undefined;
}

function run(node: string, entry: BuiltEntry, env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const child = spawn(node, builtCommand(entry), { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

describe.skipIf(!oldNode)(`the compiled entry points on an older Node (${oldNode?.path ?? 'none found'})`, () => {
  // A database nobody answers on, tried once: were the check missing, a process that got past
  // loading (the worker does, on Node 20) would stop on that instead, not run on.
  const env = {
    ...envWithout('TEST_DATABASE_URL', 'LOG_FORMAT'),
    NODE_ENV: 'production',
    PORT: '0',
    DATABASE_URL: 'postgres://tomo:secret@127.0.0.1:9/tomo',
    DATABASE_WAIT_SECONDS: '0',
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };

  it.each<BuiltEntry>(['start', 'server', 'worker', 'migrate', 'stripe-sync'])(
    'dist/%s.js says which Node it needs in one line and exits 1',
    async (entry) => {
      const { code, output } = await run(oldNode!.path, entry, env);
      expect(output).toBe(`Tomo needs Node.js 24 or later; this is Node.js ${oldNode!.version}.\n`);
      expect(code).toBe(1);
    },
    60_000,
  );
});
