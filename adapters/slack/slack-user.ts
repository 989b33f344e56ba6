import type { Member } from '../../core/workspace/member';

/** Slack's user object as users.info and users.list return it (the fields Tomo reads). */
export interface SlackUser {
  id?: string;
  /** The person's own workspace: a Slack Connect partner's for people of a shared channel's other side. */
  team_id?: string;
  /** True for a person of another workspace in no shared channel Tomo can see. */
  is_stranger?: boolean;
  /** Enterprise Grid: the organization the person belongs to, and its workspaces they are in. */
  enterprise_user?: { enterprise_id?: string; teams?: string[] };
  name?: string;
  real_name?: string;
  deleted?: boolean;
  is_admin?: boolean;
  is_owner?: boolean;
  is_primary_owner?: boolean;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  is_bot?: boolean;
  is_app_user?: boolean;
  is_workflow_bot?: boolean;
  locale?: string;
  tz?: string;
  profile?: {
    title?: string;
    display_name?: string;
    display_name_normalized?: string;
    real_name?: string;
    real_name_normalized?: string;
  };
}

/**
 * Slack's user in the workspace context's `Member` shape: names and flags copied as Slack
 * sent them (absent stays absent), so callers choose how to treat a missing flag; their own
 * workspace, a stranger's flag and Enterprise Grid's workspaces too (Slack Connect).
 */
export function slackUserToMember(user: SlackUser & { id: string }): Member {
  const p = user.profile;
  return stripUndefined({
    id: user.id,
    name: user.name,
    realName: user.real_name,
    profile: p
      ? stripUndefined({
          title: p.title,
          displayName: p.display_name,
          displayNameNormalized: p.display_name_normalized,
          realName: p.real_name,
          realNameNormalized: p.real_name_normalized,
        })
      : undefined,
    isPrimaryOwner: user.is_primary_owner,
    isOwner: user.is_owner,
    isAdmin: user.is_admin,
    isRestricted: user.is_restricted,
    isUltraRestricted: user.is_ultra_restricted,
    isBot: user.is_bot,
    isAppUser: user.is_app_user,
    isWorkflowBot: user.is_workflow_bot,
    deleted: user.deleted,
    // Who may change what applies to the whole workspace (`isFullMemberOf`): guests are flagged
    // above, other organizations' people by their own workspace.
    homeTeamId: user.team_id,
    isStranger: user.is_stranger === true ? true : undefined,
    enterpriseTeamIds: user.enterprise_user?.teams,
  }) as Member;
}

function stripUndefined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}
