import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../apps/server/app';
import { listen, type RunningHttpServer } from '../../../apps/shared/http-server';
import { testLogger } from '../../support/logger';

/**
 * What a browser downloads: pages, scripts and API lists compressed when it says it accepts
 * gzip or brotli (as every browser does), whole when it does not; Slack's endpoints as they are.
 * Raw node:http, so the bytes on the wire are seen (fetch would decode them silently).
 */
describe('compressed responses', () => {
  let http: RunningHttpServer;
  let root: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word ${i}`))};\n`;
  const page = `<!DOCTYPE html><html lang="en"><body>${'<p>Tomo answers in Slack.</p>'.repeat(200)}</body></html>`;
  const members = Array.from({ length: 500 }, (_, i) => ({ id: `U${i}`, name: `member ${i}` }));

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tomo-compress-'));
    await mkdir(join(root, 'assets'));
    await mkdir(join(root, 'features'));
    await writeFile(join(root, 'assets/app-1a2b.js'), script);
    await writeFile(join(root, 'features/index.html'), page);
    await writeFile(join(root, '404.html'), page);
    const routes = Router()
      .get('/api/members', (_req, res) => void res.json(members))
      .get('/slack/big', (_req, res) => void res.type('text/plain').send('x'.repeat(5000)));
    const app = createApp({ logger: testLogger, readiness: { check: async () => {} }, bodyLimit: '1mb', webDistDir: root, routes: [routes] });
    http = await listen(app, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await http.close(1000);
    await rm(root, { recursive: true, force: true });
  });

  const get = (path: string, acceptEncoding?: string) =>
    new Promise<{ status: number; encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: http.port, path, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              encoding: res.headers['content-encoding'],
              vary: res.headers.vary,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('sends the scripts, pages and the 404 page with brotli or gzip, whichever the browser accepts, decoding to the same text', async () => {
    for (const [path, text, status] of [
      ['/assets/app-1a2b.js', script, 200],
      ['/features', page, 200],
      ['/no-such-page', page, 404],
    ] as const) {
      const br = await get(path, 'gzip, deflate, br');
      expect([br.status, br.encoding], path).toEqual([status, 'br']);
      expect(br.body.length, path).toBeLessThan(Buffer.byteLength(text) / 3);
      expect(brotliDecompressSync(br.body).toString(), path).toBe(text);
      expect(br.vary, path).toContain('Accept-Encoding');

      const gzip = await get(path, 'gzip');
      expect([gzip.status, gzip.encoding], path).toEqual([status, 'gzip']);
      expect(gunzipSync(gzip.body).toString(), path).toBe(text);

      const plain = await get(path);
      expect([plain.status, plain.encoding, plain.body.toString()], path).toEqual([status, undefined, text]);
    }
  });

  it('sends a large API list compressed, and leaves Slack\'s endpoints uncompressed', async () => {
    const list = await get('/api/members', 'gzip, br');
    expect(list.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(list.body).toString())).toEqual(members);

    const slack = await get('/slack/big', 'gzip, br');
    expect([slack.status, slack.encoding, slack.body.length]).toEqual([200, undefined, 5000]);
  });
});
