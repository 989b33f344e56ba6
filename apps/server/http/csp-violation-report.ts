import { z } from 'zod';

/**
 * One Content-Security-Policy violation as Tomo logs and counts it: the directive, where the
 * blocked thing came from (an origin, or a keyword such as `inline` or `eval`) and the page's
 * path. Nothing else of a report is kept: not the query or fragment of either address, not the
 * `sample` (the first characters of a refused inline script or style, which can hold what a
 * person typed), not the referrer or the user agent.
 */
export interface CspViolation {
  /** A known directive name (`script-src-elem`, `form-action`…), else `other`. */
  directive: string;
  /** `https://cdn.example.net`, `inline`, `eval`, `data`… ; `none` when the report names nothing. */
  blocked: string;
  /** The document's path, `/pricing`; `(unknown)` when the report's address is not a URL. */
  page: string;
}

/** The media types browsers send: the Reporting API's, the legacy `report-uri` one, and plain JSON (old Firefox). */
export const CSP_REPORT_TYPES = ['application/reports+json', 'application/csp-report', 'application/json'];
/** A batch of reports is a few KB; anything near this is not a browser. */
export const CSP_REPORT_BODY_LIMIT = '64kb';
/** Reports in one Reporting API delivery: Chromium batches what a page raised since the last one. */
const MAX_REPORTS = 100;
const MAX_URL = 16_384;
const MAX_PATH = 200;
const MAX_ORIGIN = 200;

const KNOWN_DIRECTIVES = new Set([
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'media-src',
  'object-src',
  'frame-src',
  'child-src',
  'worker-src',
  'manifest-src',
  'prefetch-src',
  'fenced-frame-src',
  'form-action',
  'frame-ancestors',
  'base-uri',
  'navigate-to',
  'sandbox',
  'trusted-types',
  'require-trusted-types-for',
  'webrtc',
]);

/** What CSP3 reports in place of an address ("strip URL for use in reports", `blockedURI` keywords). */
const KEYWORD = /^[a-z][a-z0-9+.-]{0,31}$/i;
/** C0 and C1 controls, line and paragraph separators, bidirectional overrides: nothing that can fake a log line or reorder one. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const url = z.string().max(MAX_URL);

/** The Reporting API (`report-to`): `application/reports+json`, an array of `{ type, age, url, user_agent, body }`. */
const reportingApiDelivery = z
  .array(z.object({ type: z.string().max(64), body: z.unknown().optional() }))
  .min(1)
  .max(MAX_REPORTS);
/** The body of a `csp-violation` report (CSPViolationReportBody, camelCase). */
const cspViolationBody = z.object({
  documentURL: url,
  blockedURL: url.nullish(),
  effectiveDirective: z.string().max(64),
});

/** The legacy format (`report-uri`): `application/csp-report`, `{ "csp-report": { "document-uri", "blocked-uri", … } }`. */
const legacyReport = z.object({
  'csp-report': z
    .object({
      'document-uri': url,
      'blocked-uri': url.nullish(),
      'effective-directive': z.string().max(64).nullish(),
      // CSP1/2 browsers send only this one, the whole directive with its sources ("script-src 'self'").
      'violated-directive': z.string().max(MAX_URL).nullish(),
    })
    .refine((report) => Boolean(report['effective-directive'] ?? report['violated-directive']), { message: 'names no directive' }),
});

/**
 * The violations a report body holds, or undefined when it is not a report of either format.
 * Reports of other types in a Reporting API delivery (deprecation, intervention) are skipped.
 */
export function cspViolations(body: unknown): CspViolation[] | undefined {
  const legacy = legacyReport.safeParse(body);
  if (legacy.success) {
    const report = legacy.data['csp-report'];
    return [
      violation(report['effective-directive'] ?? report['violated-directive']?.trim().split(/\s+/)[0] ?? '', report['blocked-uri'] ?? '', report['document-uri']),
    ];
  }
  const delivery = reportingApiDelivery.safeParse(body);
  if (!delivery.success) return undefined;
  const violations: CspViolation[] = [];
  for (const report of delivery.data) {
    if (report.type !== 'csp-violation') continue;
    const parsed = cspViolationBody.safeParse(report.body);
    if (!parsed.success) return undefined;
    violations.push(violation(parsed.data.effectiveDirective, parsed.data.blockedURL ?? '', parsed.data.documentURL));
  }
  return violations;
}

function violation(directive: string, blocked: string, document: string): CspViolation {
  const name = directive.trim().toLowerCase();
  return { directive: KNOWN_DIRECTIVES.has(name) ? name : 'other', blocked: blockedSource(blocked), page: documentPath(document) };
}

/** An address's origin; a keyword (`inline`, `eval`) or a scheme (`data`, `blob`) as it is; anything else `other`. */
function blockedSource(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return 'none';
  if (URL.canParse(trimmed)) {
    const address = new URL(trimmed);
    if (['http:', 'https:', 'ws:', 'wss:'].includes(address.protocol)) return capped(printable(address.origin), MAX_ORIGIN);
    return address.protocol.slice(0, -1).slice(0, 32).toLowerCase();
  }
  return KEYWORD.test(trimmed) ? trimmed.toLowerCase() : 'other';
}

/** The path alone: a query or fragment can carry a search, a token, a name. */
function documentPath(value: string): string {
  if (!URL.canParse(value)) return '(unknown)';
  return capped(printable(new URL(value).pathname), MAX_PATH);
}

function printable(value: string): string {
  return value.replace(UNPRINTABLE, '');
}

function capped(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}
