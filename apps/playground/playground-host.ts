import type { RequestHandler } from 'express';
import { isLoopbackHostname } from '../server/http/session/session-cookie';
import { refuse } from './playground-errors';

/**
 * DNS rebinding: a page on another site whose name the attacker re-points at 127.0.0.1 is, to
 * the browser, same-origin with the playground, so its Origin check passes and it reads every
 * answer. It could read the emulated workspace and post messages that spend the visitor's model
 * key. Its requests still name the attacker's host in `Host` (a browser cannot change that
 * header), so the playground answers only requests addressed to PUBLIC_URL's host or to this
 * machine's own names. The raw header, not `req.hostname`: with a proxy trusted on loopback,
 * Express would read X-Forwarded-Host, which a rebound page may set.
 */
export function playgroundHostOnly(publicUrl: string): RequestHandler {
  const home = new URL(publicUrl).host.toLowerCase();
  return (req, res, next) => {
    const host = (req.get('host') ?? '').toLowerCase();
    if (host === home || isLoopbackHostname(hostnameOf(host))) {
      next();
      return;
    }
    refuse(req, res, 403, 'FORBIDDEN_HOST', 'FOREIGN_HOST');
  };
}

function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}
