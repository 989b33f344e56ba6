import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../support/static-server';

// The serving rules of apps/server/http/web-static.ts for apps/web/dist (see docs/web.md).
let root: string;
let server: StaticServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tomo-static-'));
  await mkdir(join(root, 'ja/pricing'), { recursive: true });
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), 'home');
  await writeFile(join(root, 'ja/pricing/index.html'), 'ja pricing');
  // The build writes the client-only shell at each settings and playground route.
  for (const page of ['settings', 'settings/app', 'ja/settings/usage', 'playground', 'ja/playground']) {
    await mkdir(join(root, page), { recursive: true });
    await writeFile(join(root, page, 'index.html'), 'shell');
  }
  await writeFile(join(root, '404.html'), 'not found');
  await writeFile(join(root, 'ja/404.html'), 'ja not found');
  await writeFile(join(root, 'assets/app.js'), 'js');
  server = await startStaticServer({ root });
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  return [response.status, await response.text()] as const;
};

describe('serving the built web app', () => {
  it('serves files and prerendered pages, with or without a trailing slash', async () => {
    expect(await get('/')).toEqual([200, 'home']);
    expect(await get('/ja/pricing')).toEqual([200, 'ja pricing']);
    expect(await get('/ja/pricing/')).toEqual([200, 'ja pricing']);
    const script = await fetch(`${server.url}/assets/app.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('cache-control')).toContain('immutable');
  });

  it('answers the client-only routes (settings, the playground) with the shell, in either language', async () => {
    for (const path of ['/settings', '/settings/app', '/ja/settings/usage', '/playground', '/ja/playground/']) {
      expect(await get(path), path).toEqual([200, 'shell']);
    }
  });

  it('answers anything else 404 with the not-found page of the path\'s language', async () => {
    expect(await get('/no-such-page')).toEqual([404, 'not found']);
    expect(await get('/settings/app/extra')).toEqual([404, 'not found']);
    expect(await get('/settings/no-such-page')).toEqual([404, 'not found']);
    expect(await get('/favicon.ico')).toEqual([404, 'not found']);
    expect(await get('/ja/no-such-page')).toEqual([404, 'ja not found']);
    expect(await get('/japan')).toEqual([404, 'not found']);
    // The not-found pages themselves, asked for by name, however it is spelled.
    expect(await get('/404.html')).toEqual([404, 'not found']);
    expect(await get('/ja/404.html')).toEqual([404, 'ja not found']);
    expect(await get('/%34%30%34.html')).toEqual([404, 'not found']);
    expect(await get('/settings/../404.html')).toEqual([404, 'not found']);
    expect((await get('/assets/missing.js'))[0]).toBe(404);
    expect((await get('/..%2f..%2fetc/passwd'))[0]).toBe(404);
  });
});
