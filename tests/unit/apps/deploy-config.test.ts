import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEnv, workerEnv } from '../../../apps/shared/config';

// The deployment files name settings Tomo reads; a misspelt one would be silently ignored.
const known = new Set([...Object.keys(serverEnv), ...Object.keys(workerEnv)]);
const composeOnly = new Set(['POSTGRES_USER', 'POSTGRES_PASSWORD', 'POSTGRES_DB']);

function settingNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)) names.add(match[1]!);
  for (const match of text.matchAll(/\{ name: ([A-Z][A-Z0-9_]+), value:/g)) names.add(match[1]!);
  return [...names];
}

describe('deployment files', () => {
  const files = ['docker-compose.yml', ...readdirSync('deploy/kubernetes').map((file) => join('deploy/kubernetes', file))];

  it.each(files)('%s sets only settings Tomo reads', (file) => {
    const unknown = settingNames(readFileSync(file, 'utf8')).filter((name) => !known.has(name) && !composeOnly.has(name));
    expect(unknown).toEqual([]);
  });

  it('run the compiled entry points the build writes', () => {
    const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const [, entry] of text.matchAll(/"node", "(dist\/[a-z-]+\.js)"/g)) {
      expect(['dist/server.js', 'dist/worker.js', 'dist/migrate.js']).toContain(entry);
    }
    expect(text).toContain('"node", "dist/worker.js"');
    expect(text).toContain('"node", "dist/migrate.js"');
  });

  it('publish the Compose server on loopback only, for the TLS proxy in front: a client reaching port 3000 directly could name any address to the trusted network', () => {
    const compose = readFileSync('docker-compose.yml', 'utf8');
    expect(compose).toContain('TRUST_PROXY: ${TRUST_PROXY:-loopback, uniquelocal}');
    expect([...compose.matchAll(/^\s+- "([\d.:]+)"$/gm)].map((match) => match[1])).toEqual(['127.0.0.1:3000:3000']);
  });

  it('let a Kubernetes server pod keep accepting while it is taken out of the Service, then drain within its grace period', () => {
    const server = readFileSync('deploy/kubernetes/server.yaml', 'utf8');
    const pause = Number(/preStop:\s+exec: \{ command: \["sleep", "(\d+)"\] \}/.exec(server)?.[1]);
    expect(pause).toBeGreaterThanOrEqual(5);
    const grace = Number(/terminationGracePeriodSeconds: (\d+)/.exec(server)?.[1]);
    const drain = Number(/SHUTDOWN_TIMEOUT_MS: "(\d+)"/.exec(readFileSync('deploy/kubernetes/config.yaml', 'utf8'))?.[1]) / 1000;
    expect(grace).toBeGreaterThanOrEqual(pause + drain);
  });
});
