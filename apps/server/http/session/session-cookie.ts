import type { Request, Response } from 'express';

/**
 * A cookie's name where cookies are Secure: with the `__Host-` prefix, the browser keeps it only
 * as this origin set it (Secure, `Path=/`, no `Domain`), so a sibling subdomain cannot plant one
 * of its own for a path of Tomo's, which the browser would send first. Plain http on localhost
 * cannot have the prefix.
 */
export function hostOnlyCookieName(name: string, settings: CookieSettings): string {
  return settings.secure ? `__Host-${name}` : name;
}

/** The session cookie's name: a planted one would sign the browser in as someone else. */
export function sessionCookieName(settings: CookieSettings): string {
  return hostOnlyCookieName('tomo_session', settings);
}

/** Cookies of a request, by name (no cookie-parser: one header, a few lines). */
export function readCookies(req: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // A malformed value is treated as absent.
    }
  }
  return cookies;
}

/** Cookies are Secure everywhere except on localhost, where browsers allow plain http. */
export function cookieIsSecure(publicUrl: string): boolean {
  const { protocol, hostname } = new URL(publicUrl);
  return protocol === 'https:' || !isLoopbackHostname(hostname);
}

/** localhost, 127.0.0.1 or [::1]: this machine, under any of its names. */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export interface CookieSettings {
  secure: boolean;
}

export function setCookie(
  res: Response,
  name: string,
  value: string,
  options: CookieSettings & { path?: string; maxAgeMs?: number },
): void {
  res.cookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: options.path ?? '/',
    ...(options.maxAgeMs !== undefined ? { maxAge: options.maxAgeMs } : {}),
  });
}

export function clearCookie(res: Response, name: string, options: CookieSettings & { path?: string }): void {
  res.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: options.secure, path: options.path ?? '/' });
}
