import { Router } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import type { Clock } from '../../../../core/shared/clock.port';
import type { InstallWorkspace } from '../../../../core/workspace/install-workspace.use-case';
import type { UsedAuthStates } from '../../../../core/workspace/used-auth-states.port';
import { clearCookie, readCookies, setCookie, type CookieSettings } from '../session/session-cookie';
import { INSTALL_STATE_COOKIE, INSTALL_STATE_TTL_MS, type InstallStateSigner } from './install-state';
import { PRICING_PATH, requestLocale, sendInstallPage } from './install-pages';
import { authorizeUrl, exchangeInstallCode, SlackInstallError, type SlackOAuthSettings } from './slack-oauth-exchange';
import { SLACK_BOT_SCOPES } from './slack-scopes';

export interface SlackInstallDeps {
  /** undefined when SLACK_CLIENT_ID / SLACK_CLIENT_SECRET are not configured. */
  oauth: SlackOAuthSettings | undefined;
  installWorkspace: Pick<InstallWorkspace, 'execute'>;
  states: InstallStateSigner;
  /** States already taken to oauth.v2.access, shared by every server: a replay stops here. */
  usedStates: UsedAuthStates;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  cookies: CookieSettings;
}

const STATE_COOKIE_PATH = '/slack';

/**
 * "Add to Slack": GET /slack/install → Slack's authorize page → GET /slack/oauth_redirect,
 * which exchanges the code for the bot token, stores the installation (token encrypted by
 * the repository) and starts the trial the domain decides (14 days, 7 on re-install).
 */
export function slackInstallRoutes(deps: SlackInstallDeps): Router {
  const router = Router();
  const redirectUri = new URL('/slack/oauth_redirect', deps.publicUrl).href;

  router.get('/slack/install', (req, res) => {
    if (!deps.oauth) {
      sendInstallPage(res, 503, requestLocale(req), { kind: 'not_configured' });
      return;
    }
    const { state, cookie } = deps.states.issue(deps.clock.now());
    setCookie(res, INSTALL_STATE_COOKIE, cookie, { ...deps.cookies, path: STATE_COOKIE_PATH, maxAgeMs: INSTALL_STATE_TTL_MS });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, authorizeUrl(deps.oauth, { scopes: SLACK_BOT_SCOPES, redirectUri, state }).href);
  });

  router.get('/slack/oauth_redirect', async (req, res) => {
    const locale = requestLocale(req);
    const cookie = readCookies(req).get(INSTALL_STATE_COOKIE);
    clearCookie(res, INSTALL_STATE_COOKIE, { ...deps.cookies, path: STATE_COOKIE_PATH });
    if (!deps.oauth) {
      sendInstallPage(res, 503, locale, { kind: 'not_configured' });
      return;
    }
    if (!deps.states.verify(cookie, req.query.state, deps.clock.now())) {
      sendInstallPage(res, 400, locale, { kind: 'expired' });
      return;
    }
    if (typeof req.query.error === 'string') {
      // The installer pressed Cancel on Slack's page.
      sendInstallPage(res, 200, locale, { kind: 'cancelled' });
      return;
    }
    const code = req.query.code;
    if (typeof code !== 'string' || code === '') {
      sendInstallPage(res, 400, locale, { kind: 'failed' });
      return;
    }
    // One use per install, across every server: the callback sent again with its cookie is
    // refused here, before oauth.v2.access is asked about the spent code. The state expires
    // within INSTALL_STATE_TTL_MS of now at the latest (verify checked the cookie's expiry).
    let first;
    try {
      first = await deps.usedStates.claim('install', req.query.state as string, new Date(deps.clock.now().getTime() + INSTALL_STATE_TTL_MS), deps.clock.now());
    } catch (error) {
      deps.logger.error({ err: error }, 'Slack install: the state could not be recorded');
      sendInstallPage(res, 500, locale, { kind: 'error' });
      return;
    }
    if (!first) {
      deps.logger.warn('Slack install refused: its state was already used');
      sendInstallPage(res, 400, locale, { kind: 'expired' });
      return;
    }
    let input;
    try {
      input = await exchangeInstallCode(deps.oauth, code, redirectUri);
    } catch (error) {
      deps.logger.warn({ err: error }, 'Slack install: code exchange failed');
      // An org admin who chose the whole Enterprise Grid organization: Slack did install, Tomo refuses
      // (it is installed one workspace at a time), so "Slack did not confirm" would send them round in circles.
      const enterprise = error instanceof SlackInstallError && error.reason === 'enterprise_install';
      sendInstallPage(res, 400, locale, { kind: enterprise ? 'enterprise' : 'failed' });
      return;
    }
    let result;
    try {
      result = await deps.installWorkspace.execute(input);
    } catch (error) {
      // The database failing: the installer gets a page, not the API's JSON error, and tries again.
      deps.logger.error({ err: error, teamId: input.teamId }, 'Slack install: storing the installation failed');
      sendInstallPage(res, 500, locale, { kind: 'error' });
      return;
    }
    deps.logger.info(
      { teamId: input.teamId, installCount: result.installation.installCount, trialDays: result.trialGrant?.days ?? null },
      'Slack workspace installed',
    );
    sendInstallPage(res, 200, locale, {
      kind: 'installed',
      teamId: input.teamId,
      teamName: input.teamName,
      trialDays: result.trialGrant?.days ?? null,
      refusal: result.refusal,
      links: { pricingUrl: new URL(PRICING_PATH[locale], deps.publicUrl).href, subscriptionUrl: new URL('/settings/subscription', deps.publicUrl).href, membersUrl: new URL('/settings/members', deps.publicUrl).href },
    });
  });

  return router;
}
