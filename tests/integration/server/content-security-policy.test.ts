import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../apps/server/app';
import { startTestApp, type TestApp } from '../../support/app';
import { testLogger } from '../../support/logger';

// The Content-Security-Policy every response carries (ADR 10): scripts only from Tomo's origin
// and the build's hashed inline scripts, no more origins than the deployment configured.
const HASH = 'sha256-zFML+AEdb/HsbX66VlYzBOqJKNNHs5/WNGYP8JiblyY=';
const STRIPE_STAND_IN = 'http://127.0.0.1:9';
/** The Stripe account's custom domain for Checkout and the Customer Portal, where the billing forms' 303s go. */
const STRIPE_CUSTOM_DOMAIN = 'https://payments.example.com';

describe("the Content-Security-Policy of an https deployment with analytics, a booking embed, Stripe's custom domain and a Stripe stand-in", () => {
  let dist: string;
  let app: TestApp;

  beforeAll(async () => {
    // A build with one hashed inline script (the prerenderer's list), a page, an asset and the 404 page.
    dist = mkdtempSync(join(tmpdir(), 'tomo-csp-dist-'));
    cpSync('tests/fixtures/web-dist', dist, { recursive: true });
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets/entry-x1.js'), 'console.log(1)');
    writeFileSync(join(dist, '404.html'), '<!DOCTYPE html><html><body>fixture not found</body></html>');
    writeFileSync(join(dist, '.csp-script-hashes.json'), JSON.stringify([HASH]));
    app = await startTestApp(
      {
        WEB_DIST_DIR: dist,
        // Served over https: violation reports go through the Reporting API as well.
        PUBLIC_URL: 'https://tomo.example.com',
        ANALYTICS_SCRIPT_URL: 'https://stats.example.net/js/tomo.js',
        BOOKING_URL: 'https://book.example.org/team/demo?embed=1',
        STRIPE_API_URL: STRIPE_STAND_IN,
        STRIPE_CUSTOM_DOMAIN_URL: `${STRIPE_CUSTOM_DOMAIN}/`,
      },
      { worker: false },
    );
  });

  afterAll(async () => {
    await app?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const expected =
    "default-src 'self'; " +
    `script-src 'self' '${HASH}' https://stats.example.net; ` +
    "style-src 'self'; " +
    "img-src 'self' https://stats.example.net; " +
    "connect-src 'self' https://stats.example.net; " +
    'frame-src https://book.example.org; ' +
    `form-action 'self' https://checkout.stripe.com https://billing.stripe.com https://invoice.stripe.com ${STRIPE_CUSTOM_DOMAIN} ${STRIPE_STAND_IN}; ` +
    "frame-ancestors 'self'; object-src 'none'; base-uri 'self'; " +
    'report-uri /csp-reports; report-to csp-endpoint';

  it.each([
    ['a prerendered page', '/pricing', 200, 'text/html'],
    ['the client-only shell', '/settings/app', 200, 'text/html'],
    ['the 404 page', '/no-such-page', 404, 'text/html'],
    ['a script of the build', '/assets/entry-x1.js', 200, 'javascript'],
    ['an API answer', '/api/public-config', 200, 'application/json'],
    ['an API error', '/api/no-such-endpoint', 404, 'application/json'],
    ['the health check', '/healthz', 200, 'application/json'],
    ['the sign-in error page', '/auth/signin', 503, 'text/html'],
    ['the Slack install page', '/slack/install', 503, 'text/html'],
    ["Trello's relay page", '/api/auth/callback/atlassian-trello?state=s1', 200, 'text/html'],
    ["the relay page's script", '/api/auth/trello-relay.js', 200, 'javascript'],
  ])('%s (%s) carries it, and the endpoint its report-to names', async (_what, path, status, type) => {
    const response = await fetch(`${app.baseUrl}${path}`);
    expect([response.status, response.headers.get('content-type')]).toEqual([status, expect.stringContaining(type)]);
    expect(response.headers.get('content-security-policy')).toBe(expected);
    expect(response.headers.get('reporting-endpoints')).toBe('csp-endpoint="/csp-reports"');
  });

  it("serves the Trello relay's script as a file of Tomo's origin, and its page has no inline script", async () => {
    const page = await (await fetch(`${app.baseUrl}/api/auth/callback/atlassian-trello?state=s1`)).text();
    expect(page).toContain('<form method="post" action="/api/auth/callback/atlassian-trello">');
    expect(page).toContain('<script src="/api/auth/trello-relay.js"></script>');
    expect(page).not.toMatch(/<script>/);
    const script = await (await fetch(`${app.baseUrl}/api/auth/trello-relay.js`)).text();
    expect(script).toContain("f.token.value=h.get('token')||''");
  });

  it("does not serve the build's hash list as a file", async () => {
    const response = await fetch(`${app.baseUrl}/.csp-script-hashes.json`);
    expect([response.status, await response.text()]).toEqual([404, expect.stringContaining('fixture not found')]);
  });
});

describe('the Content-Security-Policy of a deployment that configured no embeds', () => {
  it('allows scripts, frames and forms from Tomo and Stripe only; a build without the hash list allows no inline script; over http, reports go to report-uri only', async () => {
    const server = createApp({ logger: testLogger, readiness: { check: async () => {} }, bodyLimit: '1mb', webDistDir: 'tests/fixtures/web-dist' }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; frame-src 'none'; " +
          "form-action 'self' https://checkout.stripe.com https://billing.stripe.com https://invoice.stripe.com; " +
          "frame-ancestors 'self'; object-src 'none'; base-uri 'self'; report-uri /csp-reports",
      );
      // Chromium drops Reporting-Endpoints on an http page, and a policy naming report-to then reports nowhere.
      expect(response.headers.get('reporting-endpoints')).toBeNull();
    } finally {
      server.close();
    }
  });
});
