import express, { type Express } from 'express';
import type { Logger } from '../../adapters/logging/logger';
import type { TomoMetrics } from '../../adapters/metrics/prometheus-metrics';
import { contentSecurityPolicy, readInlineScriptHashes, REPORTING_ENDPOINTS, type PolicySources } from './http/content-security-policy';
import { cspReportRoutes } from './http/csp-report.routes';
import { apiNotFound, errorHandler } from './http/error-handler';
import { healthRoutes, type ReadinessProbe } from './http/health-routes';
import { unsupportedCharactersGuard } from './http/input-guard';
import { browserRateLimit } from './http/rate-limits';
import { bodyDeadline } from './http/unread-body';
import { compressed, notFoundPage, webStatic } from './http/web-static';

export interface AppOptions {
  logger: Logger;
  readiness: ReadinessProbe;
  bodyLimit: string;
  webDistDir: string;
  /** Counts the Content-Security-Policy violations browsers report (absent: not counted). */
  metrics?: TomoMetrics | undefined;
  /** The origins this deployment configured (analytics, booking embed, Stripe's custom domain or a stand-in) for the Content-Security-Policy. */
  policySources?: Omit<PolicySources, 'inlineScriptHashes' | 'reportingApi'>;
  /** PUBLIC_URL: served over https, browsers are told to keep to https (HSTS). */
  publicUrl?: string;
  /** Requests per minute per address on /api, /auth, the install flow and the public icons (0 = no limit). */
  rateLimitPerMinute?: number;
  /** `TRUST_PROXY`: whose X-Forwarded-For names the client (default: a proxy on loopback). */
  trustProxy?: number | string;
  /** Routers mounted before the web app, e.g. /api, /slack, /auth. */
  routes?: express.Router[];
  /** Paths whose body is a file (the icon upload): not held to the body deadline (apps/server/http/unread-body.ts). */
  uploadPaths?: string[];
  /** How long a body may take to arrive whole (default 30 s; tests shorten it). */
  bodyDeadlineMs?: number;
  /** Webhook routers that verify signatures over the raw body: mounted before any body parser. */
  rawBodyRoutes?: express.Router[];
}

/** Browser features no page of Tomo uses (the booking embed's own needs, such as payment, are left to it). */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), midi=(), display-capture=()';

/** The HTTP surface. Pure wiring: every behaviour lives in a router or a use-case. */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback');
  const https = options.publicUrl?.startsWith('https://') === true;
  // Scripts from Tomo's origin and the build's hashed inline scripts only, and no more origins
  // than the deployment configured (ADR 10); every response carries it, pages and API alike.
  const policy = contentSecurityPolicy({ ...options.policySources, reportingApi: https, inlineScriptHashes: readInlineScriptHashes(options.webDistDir) });
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Content-Security-Policy', policy);
    // A page elsewhere that opens Tomo in a window keeps no handle on it (reading its frames
    // count, navigating it: cross-window leaks). Popups Tomo's pages open (the booking embed's)
    // keep theirs; every Tomo flow (sign-in, connecting, Stripe) moves the page itself.
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    // No page of Tomo uses these; a script or frame that slipped in may not ask for them either.
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (https) {
      res.setHeader('Reporting-Endpoints', REPORTING_ENDPOINTS);
      res.setHeader('Strict-Transport-Security', 'max-age=15552000');
    }
    next();
  });
  // Before anything reads a body: nobody holds a connection open by sending one slowly.
  app.use(bodyDeadline({ uploadPaths: options.uploadPaths ?? [], ...(options.bodyDeadlineMs ? { deadlineMs: options.bodyDeadlineMs } : {}) }));
  // API answers are one person's data (members, channels, plans): no cache keeps them unless a
  // route says otherwise (public config, plan prices, the workspace icon).
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // A large workspace's member or channel list is hundreds of KB of JSON. Slack's and Stripe's
  // webhooks (not under /api but /slack, or answered with a few bytes) are left as they are.
  app.use('/api', compressed);
  app.use(healthRoutes(options.readiness));
  // Violation reports: no session (browsers send them without cookies), a budget of their own.
  app.use(cspReportRoutes({ logger: options.logger, metrics: options.metrics, rateLimitPerMinute: options.rateLimitPerMinute }));
  if (options.rateLimitPerMinute) {
    const limit = browserRateLimit(options.rateLimitPerMinute);
    // The public icons too: each asks the database for the workspace's current icon, and Slack
    // (their one reader) caches them a day.
    app.use(['/api', '/auth', '/slack/install', '/slack/oauth_redirect', '/slack/icons'], (req, res, next) =>
      req.path.startsWith('/stripe/webhook') ? next() : limit(req, res, next),
    );
  }
  app.use(unsupportedCharactersGuard('url'));
  for (const router of options.rawBodyRoutes ?? []) app.use(router);
  // JSON bodies for the API only; Slack and Stripe webhooks read their raw bodies themselves.
  app.use('/api', express.json({ limit: options.bodyLimit }));
  app.use('/api', express.urlencoded({ extended: false, limit: options.bodyLimit }));
  app.use('/api', unsupportedCharactersGuard('body'));
  for (const router of options.routes ?? []) app.use(router);
  app.use(['/api', '/slack', '/auth'], apiNotFound);
  app.use(webStatic(options.webDistDir));
  app.use(notFoundPage(options.webDistDir));
  app.use(errorHandler(options.logger));
  return app;
}
