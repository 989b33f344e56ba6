import type { RequestHandler } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import type { SessionService } from './session-service';
import { currentUser, forgetSignedIn, keepListedMembers } from './signed-in';
import type { WorkspaceAccess } from './workspace-access';

/**
 * Someone Slack now lists as deactivated is signed out at their next request: every session of
 * theirs ends and the request goes on without one (401 where a session is needed). A session
 * lasts a year, and their admin rights already lapse with the account (read from Slack's member
 * flags on each request); without this, a person offboarded in Slack would keep changing the
 * workspace's instructions, reactions and schedules and reading its member list from Tomo.
 * The member list comes through the directory's 60-second cache, like admin rights, and is kept
 * for the rest of the request (`listedMembers`). When Slack cannot list the members nobody is
 * signed out; someone missing from the list (a list read just before they joined) is not either:
 * only Slack's own word that the account is deactivated ends their sessions. Slack's `user_change`
 * event ends them sooner (ReleaseMemberWhoLeft, in the worker); this catches a deactivation Tomo
 * did not hear of.
 */
export function endDeactivatedSessions(access: WorkspaceAccess, sessions: SessionService, logger: Logger): RequestHandler {
  return async (_req, res, next) => {
    const user = currentUser(res);
    if (!user) {
      next();
      return;
    }
    const listed = await access.members(user.teamId);
    keepListedMembers(res, listed);
    if (listed.members.some((m) => m.id === user.userId && m.deleted === true)) {
      const ended = await sessions.revokeAllForUser(user.teamId, user.userId);
      logger.info({ teamId: user.teamId, userId: user.userId, ended }, 'sessions of a deactivated Slack account ended');
      forgetSignedIn(res);
    }
    next();
  };
}
