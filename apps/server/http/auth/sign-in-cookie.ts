import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SignInTransaction } from './slack-oidc';

export const SIGN_IN_COOKIE = 'tomo_signin';
/** A sign-in left unfinished for this long must start again. */
export const SIGN_IN_TTL_MS = 10 * 60_000;

export interface PendingSignIn extends SignInTransaction {
  returnTo: string;
  expiresAt: number;
}

/**
 * The pending sign-in travels in a short-lived cookie, encrypted and authenticated
 * (AES-256-GCM under a key derived from SESSION_SECRET): the browser can neither read the
 * PKCE verifier nor change the return address or the expected state and nonce.
 */
export class SignInCookieSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`tomo sign-in cookie\0${secret}`).digest();
  }

  seal(pending: PendingSignIn): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** null when missing, tampered with, or expired. */
  open(sealed: string | undefined, now: Date): PendingSignIn | null {
    if (!sealed) return null;
    const [ivText, bodyText] = sealed.split('.');
    if (!ivText || !bodyText) return null;
    try {
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(ivText, 'base64url'));
      decipher.setAuthTag(body.subarray(body.length - 16));
      const json = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
      const pending = JSON.parse(json) as PendingSignIn;
      return pending.expiresAt > now.getTime() ? pending : null;
    } catch {
      return null;
    }
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
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
