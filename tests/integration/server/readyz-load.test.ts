import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { loadServerConfig } from '../../../apps/server/config';
import { startServer } from '../../../apps/server/server';
import type { RunningHttpServer } from '../../../apps/shared/http-server';
import { testDatabase, type TestDatabase } from '../../support/database';
import { testLogger } from '../../support/logger';

/**
 * A TCP relay between the server and PostgreSQL that counts how often a statement's text
 * crosses the wire, and can cut the database off (every connection dropped, new ones refused).
 */
class CountingRelay {
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  private up = true;
  private seen = 0;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly needle: Buffer,
  ) {}

  async start(): Promise<number> {
    this.server = createServer((client) => {
      if (!this.up) return void client.destroy();
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      let tail = Buffer.alloc(0);
      client.on('data', (chunk: Buffer) => {
        const text = Buffer.concat([tail, chunk]);
        for (let at = text.indexOf(this.needle); at !== -1; at = text.indexOf(this.needle, at + 1)) {
          if (at + this.needle.length > tail.length) this.seen += 1;
        }
        tail = text.subarray(Math.max(0, text.length - this.needle.length + 1));
      });
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  get count(): number {
    return this.seen;
  }

  cut(): void {
    this.up = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.up = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** Polls until `/readyz` answers `status` (the check's outcome is kept about a second). */
async function readyzBecomes(url: string, status: number): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if ((await fetch(url)).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`/readyz never answered ${status}`);
}

describe('/readyz under a flood', () => {
  let db: TestDatabase;
  let relay: CountingRelay;
  let database: Database;
  let http: RunningHttpServer;
  let readyz: string;

  beforeAll(async () => {
    db = await testDatabase();
    const target = new URL(db.url);
    relay = new CountingRelay({ host: target.hostname, port: Number(target.port || 5432) }, Buffer.from('select 1'));
    const through = new URL(db.url);
    through.hostname = '127.0.0.1';
    through.port = String(await relay.start());
    database = await openDatabase(through.toString(), { poolMax: 4 });
    const config = loadServerConfig({
      PORT: '0',
      DATABASE_URL: through.toString(),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      WEB_DIST_DIR: 'tests/fixtures/web-dist',
    });
    http = await startServer({ config, logger: testLogger, database, queue: { send: async () => 'job-id', sendMany: async () => {}, retryFailed: async () => false } });
    readyz = `http://127.0.0.1:${http.port}/readyz`;
  });

  afterAll(async () => {
    await http?.close(1000);
    await database?.close();
    await relay?.stop();
  });

  it('answers 200 parallel requests from at most one database check a second', async () => {
    expect((await fetch(readyz)).status).toBe(200);
    const before = relay.count;
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 200 }, () => fetch(readyz)));
    const seconds = (performance.now() - started) / 1000;
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    // One check per second the flood lasted (and the one it may have started with), not 200.
    expect(relay.count - before).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });

  it('still says not ready soon after the database goes away, and ready once it is back', async () => {
    expect((await fetch(readyz)).status).toBe(200);
    relay.cut();
    try {
      await readyzBecomes(readyz, 503);
      expect(await (await fetch(readyz)).json()).toEqual({ status: 'unavailable', reason: 'database unavailable' });
      const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(readyz)));
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([503]));
    } finally {
      relay.restore();
    }
    await readyzBecomes(readyz, 200);
  });
});
