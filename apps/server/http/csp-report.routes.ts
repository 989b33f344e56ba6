import express, { Router, type RequestHandler } from 'express';
import type { Logger } from '../../../adapters/logging/logger';
import type { TomoMetrics } from '../../../adapters/metrics/prometheus-metrics';
import { CSP_REPORT_PATH } from './content-security-policy';
import { CSP_REPORT_BODY_LIMIT, CSP_REPORT_TYPES, cspViolations, type CspViolation } from './csp-violation-report';
import { browserRateLimit } from './rate-limits';
import { sendHttpError } from './session/api-errors';

export interface CspReportOptions {
  logger: Logger;
  metrics?: TomoMetrics | undefined;
  /** Reports per minute per address, a budget of its own beside the API's (0 or unset = no limit). */
  rateLimitPerMinute?: number | undefined;
}

/**
 * `POST /csp-reports`: where visitors' browsers send Content-Security-Policy violations, in
 * the Reporting API's format (`report-to`) or the legacy one (`report-uri`). Browsers send them
 * without cookies, so there is no session or cross-site check: anyone can post here, which is why
 * the body is small, the address has a budget, and a line logs only a known directive, an origin
 * or keyword and a path, stripped of control characters and capped (csp-violation-report.ts).
 * A report is answered 204, anything else 4xx: a browser never retries a report.
 */
export function cspReportRoutes(options: CspReportOptions): Router {
  const router = Router();
  const limit: RequestHandler = options.rateLimitPerMinute ? browserRateLimit(options.rateLimitPerMinute) : (_req, _res, next) => next();
  const reportTypeOnly: RequestHandler = (req, res, next) => {
    if (!req.is(CSP_REPORT_TYPES)) {
      sendHttpError(req, res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      return;
    }
    next();
  };
  // Parser errors (too large, not JSON) are the error handler's: 413 and 400 with a catalogue message.
  const parse = express.json({ type: CSP_REPORT_TYPES, limit: CSP_REPORT_BODY_LIMIT });
  router.post(CSP_REPORT_PATH, limit, reportTypeOnly, parse, (req, res) => {
    const violations = cspViolations(req.body);
    if (!violations) {
      sendHttpError(req, res, 400, 'BAD_REQUEST');
      return;
    }
    for (const { violation, count } of grouped(violations)) {
      options.logger.warn({ csp: violation, count }, 'content security policy violation');
      options.metrics?.cspViolations.inc({ directive: violation.directive }, count);
    }
    res.status(204).end();
  });
  return router;
}

/** A batch repeating one violation (a script refused on every page view) is one line with its count. */
function grouped(violations: CspViolation[]): { violation: CspViolation; count: number }[] {
  const byKey = new Map<string, { violation: CspViolation; count: number }>();
  for (const violation of violations) {
    const key = JSON.stringify([violation.directive, violation.blocked, violation.page]);
    const seen = byKey.get(key);
    if (seen) seen.count += 1;
    else byKey.set(key, { violation, count: 1 });
  }
  return [...byKey.values()];
}
