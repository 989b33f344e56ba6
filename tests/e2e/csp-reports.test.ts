import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../adapters/embedded-postgres/embedded-postgres-server';
import { startTestApp, type TestApp } from '../support/app';
import { launchBrowser } from '../support/browser';
import { capturingLogger } from '../support/logger';
import { ensureWebBuild } from '../support/web-app';

// A real Content-Security-Policy violation in headless Chromium reaches Tomo's /csp-reports and
// becomes one log line: through the Reporting API (report-to) when Tomo is served over https,
// through the legacy report-uri over http (where Chromium has no Reporting API).
let browser: Browser;
let certDir: string;
let secure: { app: TestApp; tls: Server; base: string; log: ReturnType<typeof capturingLogger> };
let plain: { app: TestApp; base: string; log: ReturnType<typeof capturingLogger> };

/** A certificate for 127.0.0.1 that lives as long as the test (the browser is told to accept it). */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  certDir = mkdtempSync(join(tmpdir(), 'tomo-csp-tls-'));
  const [key, cert] = [join(certDir, 'key.pem'), join(certDir, 'cert.pem')];
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert,
    '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']);
  if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr.toString()}`);
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

beforeAll(async () => {
  ensureWebBuild();
  // Over https: the same server's Express app behind a TLS listener, PUBLIC_URL naming it.
  const tlsPort = await freePort();
  const secureLog = capturingLogger('warn');
  const secureApp = await startTestApp({ PUBLIC_URL: `https://127.0.0.1:${tlsPort}` }, { worker: false, logger: secureLog.logger });
  const tls = createServer(selfSignedCertificate(), secureApp.http.server.listeners('request')[0] as RequestListener);
  await new Promise<void>((done) => tls.listen(tlsPort, '127.0.0.1', done));
  secure = { app: secureApp, tls, base: `https://127.0.0.1:${tlsPort}`, log: secureLog };
  const plainLog = capturingLogger('warn');
  const plainApp = await startTestApp({}, { worker: false, logger: plainLog.logger });
  plain = { app: plainApp, base: plainApp.baseUrl, log: plainLog };
  // Chromium delivers Reporting API reports once a minute; this switch (the one web platform
  // tests use) makes it 100 ms.
  browser = await launchBrowser(['--short-reporting-delay', '--ignore-certificate-errors']);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  secure?.tls.close();
  await secure?.app.close();
  await plain?.app.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

/** The violations a server logged since `from`. */
function loggedViolations(log: ReturnType<typeof capturingLogger>, from: number): unknown[] {
  return log
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.includes('content security policy violation'))
    .map((line) => (JSON.parse(line) as { csp: unknown }).csp);
}

/** A script from an origin the policy does not name, added as an injected tag would add it; the browser refuses it. */
async function refusedScript(page: Page): Promise<void> {
  const seen = page.evaluate(
    () => new Promise<string>((done) => document.addEventListener('securitypolicyviolation', (event) => done(event.effectiveDirective), { once: true })),
  );
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.src = 'https://cdn.vendor.example/widget.js?token=abc123';
    document.head.append(script);
  });
  expect(await seen).toBe('script-src-elem');
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

describe('CSP violation reports from Chromium', () => {
  it('over https: the Reporting API delivers it, and the log has the directive, the origin and the path, nothing of the query', async () => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const from = secure.log.output().length;
    const response = await page.goto(`${secure.base}/pricing?campaign=secret-launch`);
    expect(response?.headers()['reporting-endpoints']).toBe('csp-endpoint="/csp-reports"');
    expect(response?.headers()['content-security-policy']).toContain('report-to csp-endpoint');
    await hydrated(page);
    await refusedScript(page);
    await expect
      .poll(() => loggedViolations(secure.log, from), { timeout: 30_000 })
      .toEqual([{ directive: 'script-src-elem', blocked: 'https://cdn.vendor.example', page: '/pricing' }]);
    expect(secure.log.output().slice(from)).not.toMatch(/secret-launch|abc123|widget/);
    await context.close();
  }, 60_000);

  it('over http: report-uri delivers it (application/csp-report), logged the same way', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const from = plain.log.output().length;
    const response = await page.goto(`${plain.base}/ja/pricing?campaign=secret-launch`);
    expect(response?.headers()['content-security-policy']).toMatch(/report-uri \/csp-reports$/);
    await hydrated(page);
    await refusedScript(page);
    await expect
      .poll(() => loggedViolations(plain.log, from), { timeout: 30_000 })
      .toEqual([{ directive: 'script-src-elem', blocked: 'https://cdn.vendor.example', page: '/ja/pricing' }]);
    expect(plain.log.output().slice(from)).not.toMatch(/secret-launch|abc123|widget/);
    await context.close();
  }, 60_000);
});
