import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveStaticFile, startStaticServer } from '../../support/static-server';
import type { StaticServer } from '../../support/static-server';

// The serving rules the real server must follow for apps/web/dist (see docs/web.md).
let root: string;
let server: StaticServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tomo-static-'));
  await mkdir(join(root, 'ja/pricing'), { recursive: true });
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), 'home');
  await writeFile(join(root, 'ja/pricing/index.html'), 'ja pricing');
  await writeFile(join(root, 'spa.html'), 'shell');
  await writeFile(join(root, 'assets/app.js'), 'js');
  server = await startStaticServer({ root });
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('static serving with a client-only fallback', () => {
  it('serves files and prerendered directory indexes, with or without a trailing slash', async () => {
    expect(await resolveStaticFile(root, '/')).toBe(join(root, 'index.html'));
    expect(await resolveStaticFile(root, '/ja/pricing')).toBe(join(root, 'ja/pricing/index.html'));
    expect(await resolveStaticFile(root, '/ja/pricing/')).toBe(join(root, 'ja/pricing/index.html'));
    expect(await resolveStaticFile(root, '/assets/app.js')).toBe(join(root, 'assets/app.js'));
  });

  it('answers other pages with spa.html but missing files with nothing', async () => {
    expect(await resolveStaticFile(root, '/settings/app')).toBe(join(root, 'spa.html'));
    expect(await resolveStaticFile(root, '/assets/missing.js')).toBeNull();
    expect(await resolveStaticFile(root, '/../etc/passwd')).toBeNull();
  });

  it('answers over HTTP with the right status and content type', async () => {
    const page = await fetch(`${server.url}/ja/settings/usage`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('shell');
    const script = await fetch(`${server.url}/assets/app.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/me`)).status).toBe(404);
  });
});
