import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TomoMetrics } from '../../../adapters/metrics/prometheus-metrics';
import { startTestApp, type TestApp } from '../../support/app';
import { capturingLogger } from '../../support/logger';

// POST /csp-reports over HTTP against the real server: what visitors' browsers send when the
// Content-Security-Policy refuses something, in the Reporting API's format and the legacy one.
// Anyone can post here (no cookies come with a report), so what reaches the log is checked too.
const TOKEN = 'csp-metrics-token-0123456789abcdef';
const log = capturingLogger('info');
const metrics = new TomoMetrics({ process: 'server' });
let app: TestApp;
/** Each test posts from an address of its own (the loopback proxy's X-Forwarded-For): a budget of its own. */
let client = 0;

beforeAll(async () => {
  app = await startTestApp({ WEB_DIST_DIR: 'tests/fixtures/web-dist', RATE_LIMIT_PER_MINUTE: '5', METRICS_TOKEN: TOKEN }, { worker: false, metrics, logger: log.logger });
});

afterAll(async () => {
  await app?.close();
});

function poster(): (body: string, type?: string) => Promise<Response> {
  client += 1;
  const address = `198.51.100.${client}`;
  return (body, type = 'application/reports+json') =>
    fetch(`${app.baseUrl}/csp-reports`, { method: 'POST', headers: { 'content-type': type, 'x-forwarded-for': address }, body });
}

/** The violation lines the server logged since `from` (an offset into the captured output). */
function violationLines(from: number): Record<string, unknown>[] {
  return log
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.includes('content security policy violation'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function violationCount(directive: string): Promise<number> {
  const text = await (await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith('tomo_csp_violations_total{') && l.includes(`directive="${directive}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** What Chromium sends to a `report-to` endpoint: a batch of reports (Reporting API, CSPViolationReportBody). */
const reportingApiBatch = [
  {
    type: 'csp-violation',
    age: 12,
    url: 'https://tomo.example.com/settings/knowledge?q=our+secret+merger',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0',
    body: {
      documentURL: 'https://tomo.example.com/settings/knowledge?q=our+secret+merger#results',
      blockedURL: 'https://cdn.vendor.example/lib/widget.js?session=abc123',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'self'; script-src 'self'; report-uri /csp-reports; report-to csp-endpoint",
      disposition: 'enforce',
      referrer: 'https://tomo.example.com/?ref=mail',
      sample: '',
      statusCode: 200,
      sourceFile: 'https://tomo.example.com/assets/entry-x1.js',
      lineNumber: 1,
      columnNumber: 20,
    },
  },
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://tomo.example.com/pricing',
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: 'https://tomo.example.com/pricing',
      blockedURL: 'inline',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'self'",
      disposition: 'enforce',
      sample: "alert('my password is hunter2')",
      statusCode: 200,
    },
  },
  { type: 'deprecation', age: 3, url: 'https://tomo.example.com/', user_agent: 'Mozilla/5.0', body: { id: 'X', message: 'gone soon' } },
];

/** What a browser without the Reporting API (or Firefox) sends to `report-uri`. */
const legacyReport = {
  'csp-report': {
    'document-uri': 'https://tomo.example.com/ja/settings/instructions?draft=Please+never+mention+Project+Falcon',
    referrer: '',
    'violated-directive': 'style-src-attr',
    'effective-directive': 'style-src-attr',
    'original-policy': "default-src 'self'; style-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 3,
    'source-file': 'https://tomo.example.com/ja/settings/instructions',
    'status-code': 200,
    'script-sample': 'color: red /* Project Falcon */',
  },
};

describe('POST /csp-reports', () => {
  it('takes a Reporting API batch: 204, one line per violation with the directive, the origin or keyword and the path only, counted', async () => {
    const from = log.output().length;
    const before = await violationCount('script-src-elem');
    const response = await poster()(JSON.stringify(reportingApiBatch));
    expect([response.status, await response.text()]).toEqual([204, '']);
    const lines = violationLines(from);
    expect(lines.map((line) => [line.csp, line.count, line.level])).toEqual([
      [{ directive: 'script-src-elem', blocked: 'https://cdn.vendor.example', page: '/settings/knowledge' }, 1, 40],
      [{ directive: 'script-src-elem', blocked: 'inline', page: '/pricing' }, 1, 40],
    ]);
    // Nothing of the queries, the fragment, the sample, the referrer or the policy reached the log.
    const written = log.output().slice(from);
    for (const secret of ['secret', 'merger', 'results', 'session', 'abc123', 'hunter2', 'ref=mail', 'Chrome/', "default-src"]) expect(written).not.toContain(secret);
    expect(await violationCount('script-src-elem')).toBe(before + 2);
  });

  it('takes the legacy report-uri format (application/csp-report) the same way', async () => {
    const from = log.output().length;
    const before = await violationCount('style-src-attr');
    const response = await poster()(JSON.stringify(legacyReport), 'application/csp-report');
    expect(response.status).toBe(204);
    expect(violationLines(from).map((line) => line.csp)).toEqual([{ directive: 'style-src-attr', blocked: 'inline', page: '/ja/settings/instructions' }]);
    const written = log.output().slice(from);
    for (const secret of ['Falcon', 'draft', 'never mention', 'color: red']) expect(written).not.toContain(secret);
    expect(await violationCount('style-src-attr')).toBe(before + 1);
  });

  it("takes an older browser's report with only violated-directive (the whole directive) as its first word", async () => {
    const from = log.output().length;
    const report = { 'csp-report': { 'document-uri': 'https://tomo.example.com/', 'violated-directive': "img-src 'self'", 'blocked-uri': 'data' } };
    expect((await poster()(JSON.stringify(report), 'application/json')).status).toBe(204);
    expect(violationLines(from).map((line) => line.csp)).toEqual([{ directive: 'img-src', blocked: 'data', page: '/' }]);
  });

  it('logs a batch repeating one violation once, with its count', async () => {
    const from = log.output().length;
    const one = reportingApiBatch[0]!;
    expect((await poster()(JSON.stringify([one, one, one]))).status).toBe(204);
    expect(violationLines(from).map((line) => [line.csp, line.count])).toEqual([
      [{ directive: 'script-src-elem', blocked: 'https://cdn.vendor.example', page: '/settings/knowledge' }, 3],
    ]);
  });

  it('cannot be used to write text of its own into the log: control characters, made-up directives and long values go', async () => {
    const from = log.output().length;
    const forged = [
      {
        type: 'csp-violation',
        body: {
          documentURL: `https://tomo.example.com/a\n{"level":60,"msg":"admin signed in"}/${'x'.repeat(5_000)}`,
          blockedURL: 'inline\r\n{"level":60,"msg":"forged"}',
          effectiveDirective: 'script-src\n{"level":60}',
        },
      },
      { type: 'csp-violation', body: { documentURL: 'not a url\u001b[31m', blockedURL: 'https://evil.example/\u202ex', effectiveDirective: 'made-up-directive' } },
    ];
    expect((await poster()(JSON.stringify(forged))).status).toBe(204);
    const lines = violationLines(from);
    expect(lines.map((line) => line.csp)).toEqual([
      { directive: 'other', blocked: 'other', page: expect.stringMatching(/^\/a%7B%22level%22:60,%22msg%22:%22admin%20signed%20in%22%7D\/x+…$/) },
      { directive: 'other', blocked: 'https://evil.example', page: '(unknown)' },
    ]);
    expect(((lines[0]!.csp as { page: string }).page).length).toBeLessThanOrEqual(201);
    // Every line the request caused is one JSON object: nothing started a line of its own.
    const written = log.output().slice(from).trim().split('\n');
    for (const line of written) expect(() => JSON.parse(line) as unknown).not.toThrow();
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    expect(written.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
  });

  it.each([
    ['not JSON', '{"csp-report":', 'application/csp-report', 'INVALID_JSON'],
    ['JSON of neither format', '{"hello":"world"}', 'application/csp-report', 'BAD_REQUEST'],
    ['an empty batch', '[]', 'application/reports+json', 'BAD_REQUEST'],
    ['a csp-violation without its fields', '[{"type":"csp-violation","body":{"blockedURL":"inline"}}]', 'application/reports+json', 'BAD_REQUEST'],
    ['a field of the wrong type', '{"csp-report":{"document-uri":7,"effective-directive":"img-src"}}', 'application/csp-report', 'BAD_REQUEST'],
    ['a bare string', '"csp"', 'application/json', 'INVALID_JSON'],
  ])('answers %s with 400 and a plain message, no stack', async (_what, body, type, code) => {
    const from = log.output().length;
    const response = await poster()(body, type);
    const answer = (await response.json()) as { error: { code: string; message: string } };
    expect([response.status, answer.error.code]).toEqual([400, code]);
    expect(JSON.stringify(answer)).not.toMatch(/at .*\.(ts|js):\d+|SyntaxError|ZodError/);
    expect(violationLines(from)).toEqual([]);
  });

  it('answers a body of another type with 415', async () => {
    const response = await poster()(JSON.stringify(legacyReport), 'text/plain');
    expect([response.status, ((await response.json()) as { error: { code: string } }).error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('refuses a body over 64 KB with 413, and reads nothing of it', async () => {
    const from = log.output().length;
    const big = JSON.stringify([{ ...reportingApiBatch[0], body: { ...reportingApiBatch[0]!.body, sample: 'x'.repeat(70 * 1024) } }]);
    const response = await poster()(big);
    expect([response.status, ((await response.json()) as { error: { code: string } }).error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(violationLines(from)).toEqual([]);
    // Just under the limit is still a report.
    const fits = JSON.stringify([{ ...reportingApiBatch[0], body: { ...reportingApiBatch[0]!.body, sample: 'x'.repeat(60 * 1024) } }]);
    expect((await poster()(fits)).status).toBe(204);
  });

  it('gives an address RATE_LIMIT_PER_MINUTE reports a minute, then 429, without logging the refused ones', async () => {
    const post = poster();
    const from = log.output().length;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await post(JSON.stringify(legacyReport), 'application/csp-report')).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
    expect(violationLines(from)).toHaveLength(5);
    // Another address still has its budget.
    expect((await poster()(JSON.stringify(legacyReport), 'application/csp-report')).status).toBe(204);
  });
});
