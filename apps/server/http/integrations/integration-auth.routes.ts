import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Logger } from '../../../../adapters/logging/logger';
import type { IntegrationConnections } from '../../../../core/integrations/integration-connections';
import type { IntegrationOAuth } from '../../../../core/integrations/integration-oauth.port';
import { findProvider, type IntegrationProvider } from '../../../../core/integrations/integration-provider';
import type { Clock } from '../../../../core/shared/clock.port';
import type { InstallationRepository } from '../../../../core/workspace/installation-repository.port';
import type { UsedAuthStates } from '../../../../core/workspace/used-auth-states.port';
import type { UserRepository } from '../../../../core/workspace/user-repository.port';
import { withFormActionSource } from '../content-security-policy';
import { escapeHtml } from '../auth/auth.routes';
import { safeReturnTo } from '../auth/sign-in-cookie';
import type { Locale } from '../../../../core/workspace/user';
import { translate, type MessageCode } from '../../../shared/messages';
import { requestLocale } from '../session/request-locale';
import { sameOriginOnly } from '../session/same-origin';
import { clearCookie, readCookies, setCookie, type CookieSettings } from '../session/session-cookie';
import { currentUser, type SignedIn } from '../session/signed-in';
import { CONNECT_COOKIE_PATH, CONNECT_TTL_MS, connectCookieName, type ConnectCookieSealer } from './connect-cookie';

export interface IntegrationAuthDeps {
  connections: IntegrationConnections;
  installations: Pick<InstallationRepository, 'find'>;
  /** The signed-in person's name, for the confirmation page. */
  users: Pick<UserRepository, 'find'>;
  oauth: IntegrationOAuth;
  sealer: ConnectCookieSealer;
  /** States already taken to a provider's token endpoint, shared by every server: a replay stops here. */
  usedStates: UsedAuthStates;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  cookies: CookieSettings;
}

/** Why connecting stopped, as its catalogue text (ServerMessageCodes; NOT_INSTALLED is the HTTP layer's). */
const TEXTS = {
  SIGN_IN_FIRST: 'INTEGRATION.SIGN_IN_FIRST',
  NOT_FOUND: 'INTEGRATION.NOT_FOUND',
  NOT_CONFIGURED: 'INTEGRATION.NOT_CONFIGURED',
  EXPIRED: 'INTEGRATION.EXPIRED',
  FAILED: 'INTEGRATION.FAILED',
  SCOPES_DECLINED: 'INTEGRATION.SCOPES_DECLINED',
  NOT_INSTALLED: 'NOT_INSTALLED',
} as const satisfies Record<string, MessageCode>;
type Reason = keyof typeof TEXTS;
const INTEGRATIONS_PAGE = { en: '/settings/integrations', ja: '/ja/settings/integrations' } as const;

const providerParam = z.object({ provider: z.string().min(1).max(64) });
const trelloBody = z.object({ state: z.string().min(1).max(200), token: z.string().min(1).max(200) });

/**
 * Connecting a service (spec 7): GET /api/auth/request/{provider} (from Tomo's own pages; from
 * anywhere else a confirmation page whose button POSTs to the same path) → the provider's consent
 * page → GET /api/auth/callback/{provider} → back to the Integrations page; POST
 * /api/auth/revoke/{provider} disconnects. Team and user come from the session only; the
 * state and PKCE verifier are bound to the browser by a sealed cookie that also names the
 * person, so a callback in another browser or session is refused.
 */
export function integrationAuthRoutes(deps: IntegrationAuthDeps): Router {
  const router = Router();
  const { cookies } = deps;
  const redirectUri = (provider: IntegrationProvider) => new URL(`/api/auth/callback/${provider.id}`, deps.publicUrl).href;
  const installed = async (teamId: string) => {
    const installation = await deps.installations.find(teamId);
    return installation !== null && installation.uninstalledAt === null;
  };
  router.use('/api/auth', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  /** Seals the attempt into this browser's cookie and sends it to the provider's consent page. */
  const begin = async (res: Response, provider: IntegrationProvider, user: SignedIn, returnTo: string, status: 302 | 303) => {
    const { url, pending } = await deps.oauth.start(provider, redirectUri(provider));
    const sealed = deps.sealer.seal({
      ...pending,
      provider: provider.id,
      teamId: user.teamId,
      userId: user.userId,
      returnTo,
      expiresAt: deps.clock.now().getTime() + CONNECT_TTL_MS,
    });
    setCookie(res, connectCookieName(provider.id), sealed, { ...cookies, path: CONNECT_COOKIE_PATH, maxAgeMs: CONNECT_TTL_MS });
    res.redirect(status, url.href);
  };

  /**
   * Asks before connecting: the person sees the service and who they are signed in as, and
   * starts with a button whose same-origin POST no other site can send. The page's policy lets
   * its one form lead on to the provider's consent page (browsers hold a form's redirects to
   * `form-action` too), and to nowhere else.
   */
  const confirmPage = async (res: Response, locale: Locale, provider: IntegrationProvider, user: SignedIn, returnTo: string) => {
    const [person, installation, { url }] = await Promise.all([
      deps.users.find(user.teamId, user.userId),
      deps.installations.find(user.teamId),
      // Only for the address of the consent page: nothing of this attempt is kept.
      deps.oauth.start(provider, redirectUri(provider)),
    ]);
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string') res.setHeader('Content-Security-Policy', withFormActionSource(policy, url.origin));
    const words = {
      service: escapeHtml(provider.title),
      user: escapeHtml(person?.name || user.userId),
      workspace: escapeHtml(installation?.teamName || user.teamId),
    };
    const text = (code: MessageCode) => translate(code, words, locale);
    res
      .status(200)
      .type('html')
      .send(
        `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="robots" content="noindex">` +
          `<title>${text('INTEGRATION.CONFIRM_TITLE')} - Tomo</title><main><h1>${text('INTEGRATION.CONFIRM_TITLE')}</h1>` +
          `<p>${text('INTEGRATION.CONFIRM_WHO')}</p><p>${text('INTEGRATION.CONFIRM_WHY')}</p>` +
          `<form method="post" action="/api/auth/request/${escapeHtml(provider.id)}">` +
          `<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">` +
          `<button type="submit">${text('INTEGRATION.CONFIRM_BUTTON')}</button></form>` +
          `<p><a href="${escapeHtml(returnTo)}">${translate('INTEGRATION.BACK', {}, locale)}</a></p></main></html>`,
      );
  };

  /** The page to go back to (`returnTo` of the query or the form, if safe; else Integrations) and its language. */
  const pageBack = (req: Request, asked: unknown): { locale: Locale; returnTo: string } => {
    const safe = typeof asked === 'string' ? safeReturnTo(asked) : undefined;
    const locale = localeOf(req, safe);
    return { locale, returnTo: safe ?? INTEGRATIONS_PAGE[locale] };
  };

  /**
   * Answers why connecting cannot start or finish, if it cannot: the service is not set up here,
   * or Tomo is not installed (uninstalling wiped the workspace's tokens: none are taken for it
   * afterwards, nothing would ever use or delete them).
   */
  const cannotConnect = async (res: Response, provider: IntegrationProvider, user: SignedIn, locale: Locale, returnTo: string): Promise<boolean> => {
    if (!deps.oauth.isActive(provider)) resultPage(res, 503, locale, 'NOT_CONFIGURED', returnTo);
    else if (!(await installed(user.teamId))) resultPage(res, 409, locale, 'NOT_INSTALLED', returnTo);
    else return false;
    return true;
  };

  router.get('/api/auth/request/:provider', async (req, res) => {
    const { locale, returnTo } = pageBack(req, req.query.returnTo);
    const provider = providerOf(req);
    if (!provider) return resultPage(res, 404, locale, 'NOT_FOUND', returnTo);
    const user = currentUser(res);
    if (!user) {
      // Sign in, then come straight back here to continue connecting.
      res.redirect(302, `/auth/signin?returnTo=${encodeURIComponent(req.originalUrl)}`);
      return;
    }
    if (await cannotConnect(res, provider, user, locale, returnTo)) return;
    // A click on Tomo's own pages goes straight on. Anything else — a link on another site
    // (SameSite=Lax sends the session with it), Slack's client, the way back from signing in
    // (through Slack's pages), a typed address, a browser that does not say — asks first, so a
    // page elsewhere cannot connect (or reconnect) the person's account without their click.
    if (req.get('sec-fetch-site') !== 'same-origin') return confirmPage(res, locale, provider, user, returnTo);
    await begin(res, provider, user, returnTo, 302);
  });

  router.post(
    '/api/auth/request/:provider',
    sameOriginOnly(deps.publicUrl),
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req, res) => {
      const { locale, returnTo } = pageBack(req, (req.body as Record<string, unknown> | undefined)?.returnTo);
      const provider = providerOf(req);
      if (!provider) return resultPage(res, 404, locale, 'NOT_FOUND', returnTo);
      const user = currentUser(res);
      if (!user) {
        // The session ended on the way (or a form elsewhere on Tomo's pages posts here): sign in,
        // then back to the GET, which asks again before connecting.
        const again = `/api/auth/request/${provider.id}?returnTo=${encodeURIComponent(returnTo)}`;
        res.redirect(303, `/auth/signin?returnTo=${encodeURIComponent(again)}`);
        return;
      }
      if (await cannotConnect(res, provider, user, locale, returnTo)) return;
      await begin(res, provider, user, returnTo, 303);
    },
  );

  const callback = async (req: Request, res: Response, callbackUrl: URL) => {
    const provider = providerOf(req);
    if (!provider) return notFound(req, res);
    const name = connectCookieName(provider.id);
    const pending = deps.sealer.open(readCookies(req).get(name), deps.clock.now());
    // An attempt that expired (or another browser's) names no page: the browser's language says which.
    const locale = localeOf(req, pending?.returnTo);
    const returnTo = pending?.returnTo ?? INTEGRATIONS_PAGE[locale];
    const user = currentUser(res);
    if (!user) return resultPage(res, 401, locale, 'SIGN_IN_FIRST', returnTo);
    clearCookie(res, name, { ...cookies, path: CONNECT_COOKIE_PATH });
    if (!pending || pending.provider !== provider.id || pending.teamId !== user.teamId || pending.userId !== user.userId) {
      return resultPage(res, 400, locale, 'EXPIRED', returnTo);
    }
    if (callbackUrl.searchParams.get('state') !== pending.state) return resultPage(res, 400, locale, 'EXPIRED', returnTo);
    const error = callbackUrl.searchParams.get('error');
    if (error === 'access_denied') {
      // The person pressed Cancel at the provider: back to the page, nothing connected.
      res.redirect(303, returnTo);
      return;
    }
    if (error !== null) {
      // The provider could not grant (invalid_scope, server_error…): say so rather than return as if cancelled.
      deps.logger.warn({ provider: provider.id, teamId: user.teamId, error: error.slice(0, 64) }, 'the provider refused to connect an integration');
      return resultPage(res, 400, locale, 'FAILED', returnTo);
    }
    if (await cannotConnect(res, provider, user, locale, returnTo)) return;
    // One use per connect, across every server: the callback sent again with its cookie (or
    // Trello's relay posted again) is refused here, before the provider is asked about the code.
    let first;
    try {
      first = await deps.usedStates.claim('connect', pending.state, new Date(pending.expiresAt), deps.clock.now());
    } catch (error) {
      deps.logger.warn({ err: error, provider: provider.id, teamId: user.teamId }, 'a connect could not be recorded');
      return resultPage(res, 503, locale, 'FAILED', returnTo);
    }
    if (!first) {
      deps.logger.warn({ provider: provider.id, teamId: user.teamId }, 'connect refused: its state was already used');
      return resultPage(res, 400, locale, 'EXPIRED', returnTo);
    }
    let saved: 'connected' | 'scopes_declined';
    try {
      const granted = await deps.oauth.complete(provider, callbackUrl, pending, redirectUri(provider));
      saved = await deps.connections.saveGrant(user.teamId, user.userId, provider, granted);
    } catch (error) {
      deps.logger.warn({ err: error, provider: provider.id, teamId: user.teamId }, 'connecting an integration failed');
      return resultPage(res, 400, locale, 'FAILED', returnTo);
    }
    if (saved === 'scopes_declined') return resultPage(res, 400, locale, 'SCOPES_DECLINED', returnTo);
    res.redirect(303, returnTo);
  };

  router.get(TRELLO_RELAY_SCRIPT_PATH, (_req, res) => {
    res.type('text/javascript').send(TRELLO_RELAY_SCRIPT);
  });

  router.get('/api/auth/callback/:provider', async (req, res) => {
    const provider = providerOf(req);
    if (provider?.family === 'trello' && !req.query.token) {
      // Trello hands the token back in the URL fragment, which only the browser sees: this
      // page posts it here, with the state, from Tomo's own origin. Its own callback path, never
      // the request's: a request line in absolute form ('GET http://evil.test/api/auth/callback/…')
      // would name another host, and the page would post the token there.
      res.type('html').send(trelloRelayPage(new URL(redirectUri(provider)).pathname));
      return;
    }
    await callback(req, res, new URL(req.originalUrl, deps.publicUrl));
  });

  router.post(
    '/api/auth/callback/:provider',
    sameOriginOnly(deps.publicUrl),
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req, res) => {
      const body = trelloBody.safeParse(req.body);
      if (providerOf(req)?.family !== 'trello' || !body.success) {
        const locale = localeOf(req, undefined);
        return resultPage(res, 400, locale, 'FAILED', INTEGRATIONS_PAGE[locale]);
      }
      const url = new URL(req.originalUrl, deps.publicUrl);
      url.search = new URLSearchParams({ state: body.data.state, token: body.data.token }).toString();
      await callback(req, res, url);
    },
  );

  router.post(
    '/api/auth/revoke/:provider',
    sameOriginOnly(deps.publicUrl),
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req, res) => {
      const { locale, returnTo } = pageBack(req, (req.body as Record<string, unknown> | undefined)?.returnTo);
      const wantsJson = req.accepts(['html', 'json']) === 'json';
      const provider = providerOf(req);
      const user = currentUser(res);
      if (!provider) return wantsJson ? res.status(404).json(errorBody('NOT_FOUND', locale)) : resultPage(res, 404, locale, 'NOT_FOUND', returnTo);
      if (!user) return wantsJson ? res.status(401).json(errorBody('SIGN_IN_FIRST', locale)) : resultPage(res, 401, locale, 'SIGN_IN_FIRST', returnTo);
      await deps.connections.disconnect(user.teamId, user.userId, provider);
      deps.logger.info({ teamId: user.teamId, userId: user.userId, provider: provider.id }, 'integration disconnected');
      if (wantsJson) res.status(204).end();
      else res.redirect(303, returnTo);
    },
  );

  return router;
}

function providerOf(req: Request): IntegrationProvider | undefined {
  const parsed = providerParam.safeParse(req.params);
  return parsed.success ? findProvider(parsed.data.provider) : undefined;
}

/** The language of the page the person goes back to, else (no page named) the browser's. */
function localeOf(req: Request, returnTo: string | undefined): Locale {
  if (returnTo === undefined) return requestLocale(req);
  return returnTo === '/ja' || returnTo.startsWith('/ja/') || returnTo.startsWith('/ja?') ? 'ja' : 'en';
}

function notFound(req: Request, res: Response): void {
  const locale = localeOf(req, undefined);
  resultPage(res, 404, locale, 'NOT_FOUND', INTEGRATIONS_PAGE[locale]);
}

function errorBody(reason: Reason, locale: Locale) {
  return { error: { code: `INTEGRATION.${reason}`, message: translate(TEXTS[reason], {}, locale) } };
}

/** A small page for a connect that cannot continue, with a way back to the cards. */
function resultPage(res: Response, status: number, locale: Locale, reason: Reason, returnTo: string): void {
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="robots" content="noindex">` +
        `<title>Tomo</title><main><p role="alert">${translate(TEXTS[reason], {}, locale)}</p>` +
        `<p><a href="${escapeHtml(returnTo)}">${translate('INTEGRATION.BACK', {}, locale)}</a></p></main></html>`,
    );
}

/** Where the relay page's script is served: a file of Tomo's own origin, as the policy's `script-src 'self'` asks (ADR 10). */
const TRELLO_RELAY_SCRIPT_PATH = '/api/auth/trello-relay.js';

/** Fills the relay page's form with the state (query) and Trello's token (fragment), takes the token out of the address, and posts. */
const TRELLO_RELAY_SCRIPT =
  `(function(){var f=document.forms[0];var q=new URLSearchParams(location.search);var h=new URLSearchParams(location.hash.slice(1));` +
  `f.state.value=q.get('state')||'';f.token.value=h.get('token')||'';history.replaceState(null,'',location.pathname);f.submit();})();`;

/** The page that posts Trello's token from the fragment to `path`, a path on Tomo's own origin. */
function trelloRelayPage(path: string): string {
  const target = escapeHtml(path);
  return (
    `<!doctype html><html><meta charset="utf-8"><meta name="robots" content="noindex"><title>Tomo</title>` +
    `<form method="post" action="${target}"><input type="hidden" name="state"><input type="hidden" name="token"></form>` +
    `<script src="${TRELLO_RELAY_SCRIPT_PATH}"></script></html>`
  );
}
