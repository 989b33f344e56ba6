import { ExpiringCookieSealer } from '../session/expiring-cookie-sealer';
import { hostOnlyCookieName, type CookieSettings } from '../session/session-cookie';
import type { SignInTransaction } from './slack-oidc';

/**
 * The pending sign-in's cookie: `__Host-` where cookies are Secure, hence at `Path=/`. Under a
 * plain name a sibling subdomain could plant a sign-in of its own and send the person to its
 * callback: they would come back signed in as its author (login CSRF), and what they connected
 * in Settings would be the author's.
 */
export function signInCookieName(settings: CookieSettings): string {
  return hostOnlyCookieName('tomo_signin', settings);
}
/** A sign-in left unfinished for this long must start again. */
export const SIGN_IN_TTL_MS = 10 * 60_000;

export interface PendingSignIn extends SignInTransaction {
  returnTo: string;
  expiresAt: number;
}

/**
 * The pending sign-in travels in a short-lived sealed cookie: the browser can neither read the
 * PKCE verifier nor change the return address or the expected state and nonce.
 */
export class SignInCookieSealer extends ExpiringCookieSealer<PendingSignIn> {
  constructor(secret: string) {
    super('tomo sign-in cookie', secret);
  }
}

/**
 * Where to go after signing in: a path on this site only ('/ja/settings/app?tab=1'), never
 * another host ('//evil.test', '/\\evil.test', 'https://…'); anything else goes home.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return '/';
  try {
    const url = new URL(value, 'http://tomo.invalid');
    if (url.origin !== 'http://tomo.invalid') return '/';
    // Dot segments fold "/.//evil.test" into "//evil.test", which a browser reads as another site.
    if (url.pathname.startsWith('//')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
