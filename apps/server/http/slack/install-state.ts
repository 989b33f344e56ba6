import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const INSTALL_STATE_COOKIE = 'tomo_slack_install';
/** An install left unfinished for this long must start again. */
export const INSTALL_STATE_TTL_MS = 10 * 60_000;

/**
 * The OAuth `state` of an install, bound to the browser that started it: the same random
 * value goes to Slack in the URL and into a short-lived cookie signed with a server secret.
 * Only that browser, within 10 minutes, can complete the install (no login CSRF, no replay).
 */
export class InstallStateSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', 'tomo slack install state').update(secret).digest();
  }

  /** A fresh state and the cookie value that vouches for it. */
  issue(now: Date): { state: string; cookie: string } {
    const state = randomBytes(24).toString('base64url');
    const expiresAt = now.getTime() + INSTALL_STATE_TTL_MS;
    return { state, cookie: `${state}.${expiresAt}.${this.mac(state, expiresAt)}` };
  }

  /** True when the cookie is ours, unexpired, and names the same state Slack sent back. */
  verify(cookie: string | undefined, state: unknown, now: Date): boolean {
    if (!cookie || typeof state !== 'string' || state === '') return false;
    const [cookieState, expiresText, mac] = cookie.split('.');
    if (!cookieState || !expiresText || !mac || !/^\d+$/.test(expiresText)) return false;
    const expiresAt = Number(expiresText);
    if (!equal(mac, this.mac(cookieState, expiresAt))) return false;
    if (expiresAt <= now.getTime()) return false;
    return equal(cookieState, state);
  }

  private mac(state: string, expiresAt: number): string {
    return createHmac('sha256', this.key).update(`${state}.${expiresAt}`).digest('base64url');
  }
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
