import type { PendingConnect } from '../../../../core/integrations/integration-oauth.port';
import { ExpiringCookieSealer } from '../session/expiring-cookie-sealer';

/** A connect left unfinished for this long must start again. */
export const CONNECT_TTL_MS = 10 * 60_000;
export const CONNECT_COOKIE_PATH = '/api/auth';

/** One cookie per provider, so two tabs connecting two services do not undo each other. */
export const connectCookieName = (provider: string) => `tomo_connect_${provider.replace(/[^a-z0-9]/g, '_')}`;

/** What the callback must find: this browser's attempt, by this person, for this provider. */
export interface PendingConnectCookie extends PendingConnect {
  readonly provider: string;
  readonly teamId: string;
  readonly userId: string;
  readonly returnTo: string;
  readonly expiresAt: number;
}

/**
 * The connect attempt travels in a short-lived sealed cookie, under a key apart from the
 * sign-in cookie's: the browser can neither read the PKCE verifier nor change the state, the
 * person or the return address. This binds the state to the browser that started.
 */
export class ConnectCookieSealer extends ExpiringCookieSealer<PendingConnectCookie> {
  constructor(secret: string) {
    super('tomo integration connect cookie', secret);
  }
}
