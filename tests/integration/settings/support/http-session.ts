import type { FakeSlack } from '../../../../adapters/slack-emulator/fake-slack';

/** A browser-like HTTP client for one person: remembers cookies, sends the page language and, with a change, its Origin. */
export class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly locale: 'en' | 'ja' = 'en',
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('tomo_session') ?? this.cookies.get('__Host-tomo_session');
  }

  /** Signs in through the real OIDC flow against the Slack fake; returns where it landed. */
  async signIn(slack: FakeSlack, who: { teamId: string; userId: string }, returnTo = '/settings/app'): Promise<string> {
    slack.oidc.signInAs(who);
    const start = await this.request(`/auth/signin?returnTo=${encodeURIComponent(returnTo)}`);
    if (start.status !== 302) throw new Error(`sign-in did not redirect: ${start.status}`);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = authorize.headers.get('location');
    if (!callback) throw new Error(`authorize did not redirect: ${authorize.status}`);
    // Its path only: a deployment's public address (behind a proxy) is not where the test reaches it.
    const landing = new URL(callback);
    const done = await this.request(landing.pathname + landing.search);
    if (done.status !== 303) throw new Error(`callback failed: ${done.status} ${await done.text()}`);
    return done.headers.get('location')!;
  }

  /**
   * A page the browser opens itself (a link, a provider's redirect back): no page-language header,
   * only the browser's Accept-Language.
   */
  async navigate(path: string, acceptLanguage: string): Promise<Response> {
    return this.request(path, { headers: { 'accept-language': acceptLanguage, 'sec-fetch-site': 'cross-site' }, pageLanguage: false });
  }

  async request(path: string, init: RequestInit & { json?: unknown; pageLanguage?: false } = {}): Promise<Response> {
    const { pageLanguage, ...rest } = init;
    init = rest;
    const headers = new Headers(init.headers);
    if (pageLanguage !== false) headers.set('x-tomo-locale', this.locale);
    // As a browser does for every request that is not a GET or HEAD, from Tomo's own pages too
    // (`origin: ''` sends none, as an old browser or a header-stripping extension would).
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', new URL(this.baseUrl).origin);
    if (headers.get('origin') === '') headers.delete('origin');
    // As a browser says of every request made from Tomo's own pages (a link, a fetch, a form);
    // a test of a request from elsewhere names its own (`'sec-fetch-site': ''` sends none).
    if (!headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin');
    if (headers.get('sec-fetch-site') === '') headers.delete('sec-fetch-site');
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await fetch(path.startsWith('http') ? path : `${this.baseUrl}${path}`, {
      ...init,
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string): Promise<Response> {
    return this.request(path);
  }

  send(method: string, path: string, json?: unknown): Promise<Response> {
    return this.request(path, { method, ...(json === undefined ? {} : { json }) });
  }

  /** Sets a raw cookie (to replay a stolen or revoked one). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}
