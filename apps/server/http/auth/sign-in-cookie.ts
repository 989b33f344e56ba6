import { ExpiringCookieSealer } from '../session/expiring-cookie-sealer';
import type { SignInTransaction } from './slack-oidc';

export const SIGN_IN_COOKIE = 'tomo_signin';
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
