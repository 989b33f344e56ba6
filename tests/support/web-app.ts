import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEVELOPMENT_DEFAULTS } from '../../apps/web/prerender/site-defines';
import { startStaticServer } from './static-server';
import type { ApiHandler, StaticServer } from './static-server';

/** The built web app (npm run build:web) that the server serves. */
export const webDist = resolve('apps/web/dist');

// Everything the bundle imports: the pages run core's rules (the App name's, a reaction's, a
// schedule's) and say the shared catalogue's messages, so a change there is a stale build too.
const sources = ['apps/web/src', 'apps/web/prerender', 'apps/web/public', 'apps/web/vite.config.ts', 'core', 'apps/shared'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** The site's links as an operator configures them (an unset one is left out of the pages): the development build's. */
const siteLinks = DEVELOPMENT_DEFAULTS;

/**
 * Builds the web app when dist/ is missing or older than its sources. Test files run in several
 * processes at once, and a build empties dist/ first: one process builds while the others wait
 * for it (a lock directory, made atomically), then find the build fresh.
 */
export function ensureWebBuild(): void {
  if (webBuildIsFresh()) return;
  withBuildLock(() => {
    if (webBuildIsFresh()) return; // another process built it while this one waited
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    // A production build shows only the links that are configured: configure them all.
    const result = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit', env: { ...process.env, ...siteLinks, NODE_ENV: 'production' } });
    if (result.status !== 0) throw new Error('npm run build:web failed');
  });
}

function webBuildIsFresh(): boolean {
  const built = join(webDist, 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  // `npm run build` (as `npm test` runs it) configures no links: such a build is made again.
  const withLinks = builtAt > 0 && readFileSync(built, 'utf8').includes(siteLinks.WEB_SUPPORT_EMAIL);
  return withLinks && sources.every((path) => newestMtime(path) <= builtAt);
}

const buildLock = resolve('apps/web/.build-lock');

/** Runs `work` holding the build lock; a lock whose holder has died is taken over. */
function withBuildLock(work: () => void): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(buildLock);
      writeFileSync(join(buildLock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive()) rmSync(buildLock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 200);
    }
  }
  try {
    work();
  } finally {
    rmSync(buildLock, { recursive: true, force: true });
  }
}

function holderAlive(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(buildLock, 'pid'), 'utf8'));
  } catch {
    // Made, its pid not written yet; a holder that died in between leaves it for good.
    return existsSync(buildLock) && Date.now() - statSync(buildLock).mtimeMs < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Serves apps/web/dist like the server does (static files, pages, the 404 fallback) with chosen
 * API answers; everything else under /api and /auth answers 404, as when signed out.
 */
export async function startWebApp(api: Record<string, ApiHandler> = {}): Promise<StaticServer> {
  ensureWebBuild();
  return startStaticServer({ root: webDist, api });
}

/** The origin the build baked into absolute URLs (PUBLIC_URL at build time), read from robots.txt. */
export function builtOrigin(): string {
  const robots = readFileSync(join(webDist, 'robots.txt'), 'utf8');
  const sitemap = /^Sitemap: (.+)$/m.exec(robots)?.[1];
  if (!sitemap) throw new Error('robots.txt has no Sitemap line');
  return new URL(sitemap).origin;
}
