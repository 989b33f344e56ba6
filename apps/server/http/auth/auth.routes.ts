import express, { Router, type Request, type Response } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import type { Clock } from '../../../../core/shared/clock.port';
import type { SignInUser } from '../../../../core/workspace/sign-in-user.use-case';
import type { UsedAuthStates } from '../../../../core/workspace/used-auth-states.port';
import { translate } from '../../../shared/messages';
import { requestLocale } from '../session/request-locale';
import { sameOriginOnly } from '../session/same-origin';
import { clearCookie, isLoopbackHostname, readCookies, sessionCookieName, setCookie, type CookieSettings } from '../session/session-cookie';
import { SESSION_LIFETIME_MS, type SessionService } from '../session/session-service';
import { safeReturnTo, signInCookieName, SIGN_IN_TTL_MS, type SignInCookieSealer } from './sign-in-cookie';
import type { SlackOidc } from './slack-oidc';
import { authErrorPage } from './auth-error-page';

export interface AuthRoutesDeps {
  /** undefined when SLACK_CLIENT_ID / SLACK_CLIENT_SECRET are not configured. */
  oidc: SlackOidc | undefined;
  sealer: SignInCookieSealer;
  sessions: SessionService;
  /** States already taken to Slack's token endpoint, shared by every server: a replay stops here. */
  usedStates: UsedAuthStates;
  signInUser: SignInUser;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  cookies: CookieSettings;
}

/**
 * Sign in with Slack (OpenID Connect): /auth/signin → Slack → /auth/callback → back to the
 * page the person started from, signed in. POST /auth/signout ends the session.
 */
export function authRoutes(deps: AuthRoutesDeps): Router {
  const router = Router();
  const { cookies } = deps;
  const sessionCookie = sessionCookieName(cookies);
  const signInCookie = signInCookieName(cookies);

  router.get('/auth/signin', async (req, res) => {
    // Opened at 127.0.0.1 while PUBLIC_URL says localhost (or the other way round): the sign-in
    // cookie must be set on the host Slack sends the person back to, so start again there.
    const home = new URL(deps.publicUrl);
    if (req.get('host') !== home.host && isLoopbackHostname(req.hostname) && isLoopbackHostname(home.hostname)) {
      // The path and query only: a request line in absolute form ('GET http://evil.test/auth/signin')
      // names another host, and the way on is always PUBLIC_URL's.
      const { pathname, search } = new URL(req.originalUrl, home);
      res.redirect(302, `${home.origin}${pathname}${search}`);
      return;
    }
    const returnTo = safeReturnTo(req.query.returnTo);
    if (!deps.oidc) {
      authErrorPage(res, 503, localeOf(returnTo), 'NOT_CONFIGURED', returnTo);
      return;
    }
    let started;
    try {
      started = await deps.oidc.authorizationUrl();
    } catch (error) {
      // Slack's OpenID discovery out of reach: a page to try again from, not the API's JSON error.
      deps.logger.warn({ err: error }, 'sign-in with Slack could not start');
      authErrorPage(res, 503, localeOf(returnTo), 'FAILED', returnTo);
      return;
    }
    const { url, transaction } = started;
    const sealed = deps.sealer.seal({ ...transaction, returnTo, expiresAt: deps.clock.now().getTime() + SIGN_IN_TTL_MS });
    setCookie(res, signInCookie, sealed, { ...cookies, maxAgeMs: SIGN_IN_TTL_MS });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, url.href);
  });

  router.get('/auth/callback', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const pending = deps.sealer.open(readCookies(req).get(signInCookie), deps.clock.now());
    clearCookie(res, signInCookie, cookies);
    if (!pending || !deps.oidc) {
      // The cookie that named the page the person started from is what is missing: the
      // browser's language is the best guess left.
      const guess = requestLocale(req);
      authErrorPage(res, 400, guess, 'EXPIRED', guess === 'ja' ? '/ja' : '/');
      return;
    }
    const locale = localeOf(pending.returnTo);
    if (typeof req.query.error === 'string') {
      // The person pressed Cancel on Slack's page: back where they were, still signed out.
      res.redirect(303, pending.returnTo);
      return;
    }
    // One use per sign-in, across every server: a callback sent again (a script that kept the
    // cookie) is refused here, before Slack's token endpoint is asked about the spent code. A
    // state other than the cookie's is left to openid-client, which refuses it without asking.
    if (req.query.state === pending.state) {
      let first;
      try {
        first = await deps.usedStates.claim('sign-in', pending.state, new Date(pending.expiresAt), deps.clock.now());
      } catch (error) {
        deps.logger.warn({ err: error }, 'sign-in with Slack could not be recorded');
        authErrorPage(res, 503, locale, 'FAILED', pending.returnTo);
        return;
      }
      if (!first) {
        deps.logger.warn('sign-in with Slack refused: its state was already used');
        authErrorPage(res, 400, locale, 'EXPIRED', pending.returnTo);
        return;
      }
    }
    let identity;
    try {
      identity = await deps.oidc.complete(new URL(req.originalUrl, deps.publicUrl), pending);
    } catch (error) {
      deps.logger.warn({ err: error }, 'sign-in with Slack failed');
      authErrorPage(res, 400, locale, 'FAILED', pending.returnTo);
      return;
    }
    const signedIn = await deps.signInUser.execute({
      teamId: identity.teamId,
      userId: identity.userId,
      email: identity.email,
      name: identity.name,
      locale: identity.locale,
    });
    if (!signedIn.ok) {
      res.status(400).type('html').send(page(locale, translate(signedIn.error.code, signedIn.error.params, locale)));
      return;
    }
    const { user, created } = signedIn.value;
    await deps.sessions.revoke(readCookies(req).get(sessionCookie));
    const session = await deps.sessions.start(user.teamId, user.userId);
    setCookie(res, sessionCookie, session.id, { ...cookies, maxAgeMs: SESSION_LIFETIME_MS });
    deps.logger.info({ teamId: user.teamId, userId: user.userId, created }, 'signed in with Slack');
    res.redirect(303, pending.returnTo);
  });

  router.post(
    '/auth/signout',
    sameOriginOnly(deps.publicUrl),
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req: Request, res: Response) => {
      await deps.sessions.revoke(readCookies(req).get(sessionCookie));
      clearCookie(res, sessionCookie, cookies);
      res.setHeader('Cache-Control', 'no-store');
      const body = req.body as Record<string, unknown> | undefined;
      const returnTo = safeReturnTo(body?.returnTo ?? refererPath(req, deps.publicUrl) ?? '/');
      if (req.accepts(['html', 'json']) === 'json') res.status(204).end();
      else res.redirect(303, returnTo);
    },
  );

  return router;
}

function localeOf(path: string): 'en' | 'ja' {
  return path === '/ja' || path.startsWith('/ja/') || path.startsWith('/ja?') ? 'ja' : 'en';
}

/** The Referer's path when it is one of Tomo's pages: at PUBLIC_URL (a proxy may rewrite `Host`), or the host asked. */
function refererPath(req: Request, publicUrl: string): string | undefined {
  const referer = req.get('referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === new URL(publicUrl).host || url.host === req.get('host') ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

function page(locale: 'en' | 'ja', message: string): string {
  return `<!doctype html><html lang="${locale}"><meta charset="utf-8"><title>Tomo</title><p>${escapeHtml(message)}</p><p><a href="${locale === 'ja' ? '/ja' : '/'}">Tomo</a></p></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
