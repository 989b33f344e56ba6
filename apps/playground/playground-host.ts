import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { isLoopbackHostname } from '../server/http/session/session-cookie';
import { refuse } from './playground-errors';

/**
 * The playground signs in whoever asks as the demo admin and answers with the configured model,
 * on the visitor's key: it is for the person at this machine. Two kinds of strangers are refused.
 *
 * Another device on the network: the server listens on every interface, so without this anyone
 * who could reach the port signed in as the admin (the sign-in relay) and spent the model key.
 * A request whose connection comes from elsewhere is served only when PUBLIC_URL names a host
 * that is not this machine, i.e. someone published the playground there on purpose. The socket's
 * own address, not `req.ip`: with a proxy trusted on loopback, Express reads X-Forwarded-For.
 *
 * DNS rebinding: a page on another site whose name the attacker re-points at 127.0.0.1 is, to
 * the browser, same-origin with the playground, so the Origin check passes and it reads every
 * answer. Its requests still name the attacker's host in `Host` (a browser cannot change that
 * header), so only PUBLIC_URL's host and this machine's own names are answered. The raw header,
 * not `req.hostname`, which would read X-Forwarded-Host (a rebound page may set it).
 */
export function playgroundVisitorsOnly(publicUrl: string): RequestHandler {
  const home = new URL(publicUrl);
  const homeHost = home.host.toLowerCase();
  const published = !isLoopbackHostname(home.hostname);
  return (req, res, next) => {
    if (!published && !isLoopbackAddress(req.socket.remoteAddress)) {
      refuse(req, res, 403, 'FORBIDDEN_PEER', 'NOT_THIS_MACHINE');
      return;
    }
    const host = (req.get('host') ?? '').toLowerCase();
    if (host !== homeHost && !isLoopbackHostname(hostnameOf(host))) {
      refuse(req, res, 403, 'FORBIDDEN_HOST', 'FOREIGN_HOST');
      return;
    }
    next();
  };
}

/** 127.0.0.0/8 or ::1, also written IPv4-mapped (::ffff:127.0.0.1) as a dual-stack socket reports it. */
function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}
