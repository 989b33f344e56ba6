import type { Browser } from 'playwright-core';
import { freePort } from '../../adapters/embedded-postgres/embedded-postgres-server';
import { startAllInOne, type AllInOne } from '../../apps/all-in-one';
import { launchBrowser } from './browser';
import { testDatabase } from './database';
import { testLogger } from './logger';
import { ensureWebBuild } from './web-app';

export interface TestAllInOne extends AllInOne {
  /** Where it answers: http://127.0.0.1:<port>, also its PUBLIC_URL. */
  url: string;
}

/**
 * `npm start` in this process on a fresh database of its own, as someone trying Tomo runs it:
 * development mode with no Slack app, so the playground runs (unless `env` says otherwise), on a
 * free port, serving the built site (apps/web/dist: call ensureWebBuild first, or name another
 * WEB_DIST_DIR). Resolves once the server listens; a start-up that fails rejects with its error
 * (TEST_LOG_LEVEL=debug shows the app's log). `close()` stops it.
 */
export async function startTestAllInOne(env: Record<string, string> = {}): Promise<TestAllInOne> {
  const db = await testDatabase();
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const tomo = await startAllInOne(
    {
      NODE_ENV: 'development',
      PORT: port,
      PUBLIC_URL: url,
      WEB_DIST_DIR: 'apps/web/dist',
      ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
      SESSION_SECRET: 'all-in-one-test-session-secret-0123456789',
      DATABASE_URL: db.url,
      SHUTDOWN_TIMEOUT_MS: '1000',
      ...env,
    },
    { logger: testLogger },
  );
  return Object.assign(tomo, { url });
}

/** The all-in-one with the offline demo model (`LLM_PROVIDER=demo npm start`, the README's two commands). */
export function startDemoAllInOne(env: Record<string, string> = {}): Promise<TestAllInOne> {
  return startTestAllInOne({ LLM_PROVIDER: 'demo', ...env });
}

export interface DemoInBrowser {
  tomo: TestAllInOne;
  browser: Browser;
  /** Closes Chromium, then stops Tomo. */
  close(): Promise<void>;
}

/** For browser tests: the site built (when stale), the demo all-in-one serving it, and Chromium. */
export async function startDemoInBrowser(env: Record<string, string> = {}): Promise<DemoInBrowser> {
  ensureWebBuild();
  const tomo = await startDemoAllInOne(env);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await tomo.close();
    throw error;
  }
  return {
    tomo,
    browser,
    async close() {
      await browser.close();
      await tomo.close();
    },
  };
}
