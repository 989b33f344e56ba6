import type { Request, Response } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import type { IntegrationConnections } from '../../../../core/integrations/integration-connections';
import type { Actor } from '../../../../core/shared/actor';
import type { Outcome } from '../../../../core/shared/domain-error';
import type { Member } from '../../../../core/workspace/member';
import { memberDisplayName, type NoNameText } from '../../../../core/workspace/member';
import type { ChannelEntry } from '../../../../core/workspace/channel';
import { WorkspaceNotInstalledError } from '../../../../core/workspace/workspace-directory.port';
import { sendDomainError, sendHttpError } from '../session/api-errors';
import type { SignedInPorts } from '../session/signed-in-ports';
import { listedMembers, signedIn, type SignedIn } from '../session/signed-in';
import type { WorkspaceAccess } from '../session/workspace-access';

export interface SettingsDeps extends SignedInPorts {
  access: WorkspaceAccess;
  logger: Logger;
  publicUrl: string;
  integrations: IntegrationConnections;
}

/**
 * The signed-in person, the workspace's members (empty when Slack cannot be asked, then
 * `membersFailed`) and their rights (no admin rights while the members cannot be read).
 */
export async function whoIsAsking(
  deps: SettingsDeps,
  res: Response,
): Promise<{ user: SignedIn; members: Member[]; membersFailed: boolean; actor: Actor }> {
  const user = signedIn(res);
  const { members, failed } = listedMembers(res) ?? (await deps.access.members(user.teamId));
  return { user, members, membersFailed: failed, actor: await deps.access.actor(user, members) };
}

/**
 * Admin-only pages (Members, Usage, seat changes) when Slack could not list the members: 502
 * with the unknown-error text, not the permission message an admin would wrongly get from an
 * empty list (spec 8: member load failures are logged and rethrown). True once sent.
 */
export function membersUnavailable(req: Request, res: Response, membersFailed: boolean): boolean {
  if (!membersFailed) return false;
  sendDomainError(req, res, { code: 'UNKNOWN' }, { status: 502 });
  return true;
}

/**
 * A change to what applies to the whole workspace (app name and icon, plugins, custom reactions,
 * auto replies) by a guest or a person of another organization (Slack Connect): 403
 * `PERMISSION.GUEST_READ_ONLY`, nothing saved; they may still read the page. When Slack could
 * not list the members nobody's role is known: 502 with the unknown-error text, as admin-only
 * pages answer. True once the refusal is sent. `unreadBody`: the request's body is not read
 * (an upload), so a refusal closes the connection instead of draining it (the header has to be
 * set before the answer goes out).
 */
export async function workspaceChangeRefused(deps: SettingsDeps, req: Request, res: Response, options: { unreadBody?: boolean } = {}): Promise<boolean> {
  const user = signedIn(res);
  const { members, failed } = listedMembers(res) ?? (await deps.access.members(user.teamId));
  if (!failed && (await deps.access.mayChangeWorkspace(user, members))) return false;
  if (options.unreadBody) res.setHeader('Connection', 'close');
  if (membersUnavailable(req, res, failed)) return true;
  sendDomainError(req, res, { code: 'PERMISSION.GUEST_READ_ONLY' });
  return true;
}

/**
 * A person's display name for "updated by" columns; the id when they are not in the list.
 * `noName`: how one listed without any name is shown, in the page's language (`unnamedTexts`);
 * required, so no page falls back to the English '(No Name)' on /ja.
 */
export function nameOf(members: readonly Member[], userId: string | null | undefined, noName: NoNameText): string | null {
  if (!userId) return null;
  const member = members.find((m) => m.id === userId);
  return member ? memberDisplayName(member, noName) : userId;
}

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** Sends a failed outcome as its catalogue message; true when the outcome failed. */
export function failed<T>(req: Request, res: Response, outcome: Outcome<T>): outcome is Extract<Outcome<T>, { ok: false }> {
  if (outcome.ok) return false;
  const named = outcome.error.params.field;
  const field = FIELD_OF_CODE[outcome.error.code] ?? (typeof named === 'string' ? named : undefined);
  sendDomainError(req, res, outcome.error, field ? { field } : {});
  return true;
}

/**
 * The request field a rule's refusal is about, named in the answer (`error.field`, as zod's
 * refusals name theirs), so the page shows the message under that input.
 */
const FIELD_OF_CODE: Partial<Record<string, string>> = {
  'REACTION.NAME_REQUIRED': 'name',
  'REACTION.NAME_TOO_LONG': 'name',
  'REACTION.NAME_EXISTS': 'name',
  'REACTION.NAME_NOT_EMOJI_NAME': 'name',
  'REACTION.PROMPT_REQUIRED': 'prompt',
  'REACTION.PROMPT_TOO_LONG': 'prompt',
  'INSTRUCTIONS.NAME_TOO_LONG': 'name',
  'INSTRUCTIONS.TEXT_REQUIRED': 'text',
  'INSTRUCTIONS.TEXT_TOO_LONG': 'text',
  'AUTO_REPLY.INSTRUCTION_REQUIRED': 'instruction',
  'AUTO_REPLY.INSTRUCTION_TOO_LONG': 'instruction',
  'SCHEDULE.INVALID_LOCAL_TIME': 'localTime',
  'SCHEDULE.INVALID_LOOKBACK_DAYS': 'lookbackDays',
};

/**
 * The channels Tomo can see that the person may see (no private channel they are not in), for
 * a change that names one; null once the refusal is sent: 409 when Tomo is not installed in the
 * workspace, 502 when Slack cannot be asked (logged). `allOfTomos`: every channel Slack lists
 * for Tomo, private ones the person is not in too (to tell a channel Slack no longer lists).
 */
export async function channelsForChange(
  deps: SettingsDeps,
  req: Request,
  res: Response,
  user: SignedIn,
  { allOfTomos = false } = {},
): Promise<ChannelEntry[] | null> {
  const { teamId } = user;
  try {
    return await (allOfTomos ? deps.directory.listChannels(teamId) : deps.access.channels(user, listedMembers(res)?.members));
  } catch (error) {
    if (error instanceof WorkspaceNotInstalledError) {
      sendHttpError(req, res, 409, 'NOT_INSTALLED');
    } else {
      deps.logger.error({ err: error, teamId }, 'channel list failed');
      sendDomainError(req, res, { code: 'UNKNOWN' }, { status: 502 });
    }
    return null;
  }
}
