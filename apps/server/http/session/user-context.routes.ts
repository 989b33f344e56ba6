import { Router, type Request, type Response } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import type { SubscriptionRepository } from '../../../../core/billing/subscription-repository.port';
import type { Clock } from '../../../../core/shared/clock.port';
import type { InstallationRepository } from '../../../../core/workspace/installation-repository.port';
import type { UserRepository } from '../../../../core/workspace/user-repository.port';
import type { WorkspaceDirectory } from '../../../../core/workspace/workspace-directory.port';
import { activeSubscriptions, channelView, memberView } from '../slack-api/views';
import { unnamedTexts } from './unnamed-texts';
import { requestLocale } from './request-locale';
import { currentUser, listedMembers, requireSignIn, signedIn } from './signed-in';
import type { WorkspaceAccess } from './workspace-access';

export interface UserContextDeps {
  users: UserRepository;
  installations: InstallationRepository;
  subscriptions: SubscriptionRepository;
  directory: WorkspaceDirectory;
  access: WorkspaceAccess;
  clock: Clock;
  logger: Logger;
}

/**
 * GET /api/me: everything the signed-in pages need about the person and their workspace
 * (spec 3 "User context"). 401 without a session. Slack lookups that fail are logged and
 * leave their part empty, so the pages still render.
 *
 * GET /api/session: the same for public pages, which ask on every visit whether someone is
 * signed in: 200 `{ signedIn: false }` without a session, so a signed-out visit makes no
 * failing request (a 401 is a console error in every browser).
 */
export function userContextRoutes(deps: UserContextDeps): Router {
  const userContext = sendUserContext(deps);
  return Router()
    .get('/api/me', requireSignIn, userContext)
    .get('/api/session', async (req, res) => {
      if (currentUser(res)) return userContext(req, res);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ signedIn: false });
    });
}

function sendUserContext(deps: UserContextDeps) {
  return async (req: Request, res: Response) => {
    const { teamId, userId } = signedIn(res);
    const now = deps.clock.now();
    const [user, installation, subscriptions, { members, failed: membersFailed }, channels, team] = await Promise.all([
      deps.users.find(teamId, userId),
      deps.installations.find(teamId),
      deps.subscriptions.listByTeam(teamId),
      listedMembers(res) ?? deps.access.members(teamId),
      deps.access.channels({ teamId, userId }, listedMembers(res)?.members).catch((error: unknown) => {
        deps.logger.warn({ err: error, teamId }, 'channel list failed');
        return [];
      }),
      deps.directory.teamInfo(teamId).catch((error: unknown) => {
        deps.logger.warn({ err: error, teamId }, 'team info failed');
        return null;
      }),
    ]);
    const actor = await deps.access.actor({ teamId, userId }, members);
    const locale = user?.locale ?? requestLocale(req);
    const { noName } = unnamedTexts(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      signedIn: true,
      user: { userId, email: user?.email ?? '', name: user?.name ?? '' },
      userId,
      teamId,
      teamName: team?.name || installation?.teamName || null,
      email: user?.email ?? '',
      isAdmin: actor.isAdmin,
      // A guest or a person of another organization (Slack Connect) sees the workspace-wide
      // settings read-only; while Slack cannot list the members this is false too (the API refuses).
      mayChangeWorkspace: !membersFailed && (await deps.access.mayChangeWorkspace({ teamId, userId }, members)),
      // Slack could not list the members, so nobody's role is known: admin pages ask the API.
      ...(membersFailed ? { membersFailed: true } : {}),
      locale,
      lang: locale,
      installed: installation !== null && installation.uninstalledAt === null,
      activeSubscriptions: activeSubscriptions(subscriptions, now),
      // Names in the page's language when a member or channel has none ('<id>: (名前なし)' on /ja).
      channels: channels.map((c) => channelView(c, noName)),
      members: members.map((m) => memberView(m, noName)),
    });
  };
}
