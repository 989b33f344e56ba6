import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The build's inline scripts, as CSP hash sources (`'sha256-…'`): the prerenderer writes them to
 * this file of dist/ (apps/web/prerender/prerender-site.ts). A dot file, so it is not served.
 */
export const INLINE_SCRIPT_HASHES_FILE = '.csp-script-hashes.json';

/** Stripe's hosted Checkout, Customer Portal and invoice pages, where the billing forms' posts are redirected. */
const STRIPE_HOSTED_PAGES = ['https://checkout.stripe.com', 'https://billing.stripe.com', 'https://invoice.stripe.com'];

/**
 * Where browsers send violation reports (apps/server/http/csp-report.routes.ts): `report-to` names
 * the `Reporting-Endpoints` entry (the Reporting API), `report-uri` serves browsers without it
 * (they ignore `report-to`; those with it ignore `report-uri`). Relative, so it is the origin the
 * page came from, whatever host the proxy answered on.
 *
 * Chromium keeps the Reporting API to https pages: on an http page it drops the
 * `Reporting-Endpoints` header, and a policy naming `report-to` then reports nowhere, not even to
 * `report-uri` (tried with Chromium 156). So `report-to` is named only when Tomo is served over
 * https (PUBLIC_URL); over http, `report-uri` alone.
 */
export const CSP_REPORT_PATH = '/csp-reports';
export const CSP_REPORT_GROUP = 'csp-endpoint';
/** The `Reporting-Endpoints` header naming the group the policy's `report-to` reports to. */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

export interface PolicySources {
  /** `ANALYTICS_SCRIPT_URL`: its origin may serve scripts, and receive page views and pixels. */
  analyticsScriptUrl?: string | undefined;
  /** `BOOKING_URL`: its origin may be framed (/booking/demo). */
  bookingUrl?: string | undefined;
  /** `STRIPE_API_URL`: a Stripe stand-in serves its hosted pages there, so forms may go there too. */
  stripeApiUrl?: string | undefined;
  /** `STRIPE_CUSTOM_DOMAIN_URL`: the account's own domain for Checkout and the Customer Portal, where the forms' 303s go. */
  stripeCustomDomainUrl?: string | undefined;
  /** Served over https (PUBLIC_URL): reports go through the Reporting API too (`report-to`). */
  reportingApi?: boolean | undefined;
  /** `'sha256-…'` of each inline script the build's pages carry. */
  inlineScriptHashes?: readonly string[];
}

function originOf(url: string | undefined): string[] {
  if (!url || !URL.canParse(url)) return [];
  const { protocol, origin } = new URL(url);
  return protocol === 'http:' || protocol === 'https:' ? [origin] : [];
}

/**
 * Every page's policy (ADR 10, amended): scripts, styles, images, fetches and fonts from Tomo's
 * own origin only, plus the inline scripts the build hashed and the origins this deployment
 * configured (analytics, booking embed); forms post to Tomo or to Stripe's hosted pages (its own
 * hosts, the account's custom domain). Violations are reported to Tomo's own endpoint.
 */
export function contentSecurityPolicy(sources: PolicySources): string {
  const analytics = originOf(sources.analyticsScriptUrl);
  const booking = originOf(sources.bookingUrl);
  const stripe = [...originOf(sources.stripeCustomDomainUrl), ...originOf(sources.stripeApiUrl)];
  const hashes = (sources.inlineScriptHashes ?? []).map((hash) => `'${hash}'`);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, ...analytics]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", ...analytics]],
    ['connect-src', ["'self'", ...analytics]],
    ['frame-src', booking.length > 0 ? booking : ["'none'"]],
    ['form-action', ["'self'", ...STRIPE_HOSTED_PAGES, ...stripe]],
    ['frame-ancestors', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['report-uri', [CSP_REPORT_PATH]],
    ...(sources.reportingApi ? ([['report-to', [CSP_REPORT_GROUP]]] as [string, string[]][]) : []),
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

/**
 * `policy` with one more source for `form-action`: a page whose form's answer redirects to
 * another origin (the integrations' confirmation page, on to the provider's consent page) names
 * that origin, as browsers hold a form submission's redirects to the directive too.
 */
export function withFormActionSource(policy: string, origin: string): string {
  return policy
    .split('; ')
    .map((directive) => (directive.startsWith('form-action ') && !directive.split(' ').includes(origin) ? `${directive} ${origin}` : directive))
    .join('; ');
}

/** The hashes the build wrote; none when dist/ has no such file (a build without inline scripts, a test fixture). */
export function readInlineScriptHashes(distDir: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(distDir, INLINE_SCRIPT_HASHES_FILE), 'utf8');
  } catch {
    return [];
  }
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((hash) => typeof hash === 'string' && /^sha256-[A-Za-z0-9+/]+=*$/.test(hash))) {
    throw new Error(`${INLINE_SCRIPT_HASHES_FILE} in ${distDir} is not a list of sha256 hashes`);
  }
  return parsed as string[];
}
