import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { TeamId, UserId } from '../../../../core/shared/ids';
import type { Member } from '../../../../core/workspace/member';
import { readCookies, sessionCookieName, type CookieSettings } from './session-cookie';
import type { SessionService } from './session-service';
import { sendDomainError, sendHttpError } from './api-errors';

/** Who is asking, from the server-side session. The team id comes from here and nowhere else. */
export interface SignedIn {
  readonly teamId: TeamId;
  readonly userId: UserId;
}

/** The workspace's members as read for this request, and whether (else why not) Slack could list them. */
export interface ListedMembers {
  readonly members: Member[];
  readonly failed: boolean;
  readonly error?: unknown;
}

interface Locals {
  signedIn?: SignedIn;
  members?: ListedMembers;
}

/** Loads the session named by the cookie, if any, for every request below it. */
export function loadSession(sessions: SessionService, cookies: CookieSettings): RequestHandler {
  const name = sessionCookieName(cookies);
  return async (req, res, next) => {
    const session = await sessions.resolve(readCookies(req).get(name));
    if (session) {
      (res.locals as Locals).signedIn = { teamId: session.teamId, userId: session.userId };
    }
    next();
  };
}

/** Keeps the members read for this request (`listedMembers`), so Slack is asked once per request. */
export function keepListedMembers(res: Response, listed: ListedMembers): void {
  (res.locals as Locals).members = listed;
}

/** The rest of the request goes on signed out (the session was just ended). */
export function forgetSignedIn(res: Response): void {
  delete (res.locals as Locals).signedIn;
}

/** The members `endDeactivatedSessions` read for this request, so it asks Slack only once. */
export function listedMembers(res: Response): ListedMembers | undefined {
  return (res.locals as Locals).members;
}

export function currentUser(res: Response): SignedIn | undefined {
  return (res.locals as Locals).signedIn;
}

/** The signed-in user; only call after `requireSignIn`. */
export function signedIn(res: Response): SignedIn {
  const user = currentUser(res);
  if (!user) throw new Error('signedIn() used on a route without requireSignIn');
  return user;
}

/** 401 'Your Slack workspace ID is not set. You need to sign in first.' without a session. */
export const requireSignIn: RequestHandler = (req, res, next) => {
  if (!currentUser(res)) {
    sendDomainError(req, res, { code: 'AUTH.TEAM_ID_MISSING' });
    return;
  }
  next();
};

const ID_FIELDS = [
  ['teamId', 'TEAM_MISMATCH', 'teamId'],
  ['team_id', 'TEAM_MISMATCH', 'teamId'],
] as const;

/**
 * Tenancy guard: the team is the session's. A request that names any other team (query,
 * body or route parameter `teamId`) is refused with 403 before any handler runs, so it can
 * neither read nor change another workspace's data.
 */
export function rejectForeignTeam(req: Request, res: Response, next: NextFunction): void {
  const user = currentUser(res);
  if (!user) {
    next();
    return;
  }
  const sources: unknown[] = [req.query, req.params, isRecord(req.body) ? req.body : undefined];
  for (const source of sources) {
    if (!isRecord(source)) continue;
    for (const [field, code, key] of ID_FIELDS) {
      const value = source[field];
      if (value === undefined || value === '') continue;
      const named = Array.isArray(value) ? value : [value];
      if (named.some((v) => v !== user[key])) {
        sendHttpError(req, res, 403, code);
        return;
      }
    }
  }
  next();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
