import type { UserId } from '../shared/ids';

/** A member of the Slack workspace (users.list), in core's shape. Missing flags mean false. */
export interface Member {
  readonly id: UserId;
  readonly name?: string;
  /** Top-level real_name (the second real name of the fallback chain). */
  readonly realName?: string;
  readonly profile?: {
    readonly title?: string;
    readonly displayName?: string;
    readonly displayNameNormalized?: string;
    readonly realName?: string;
    readonly realNameNormalized?: string;
  };
  readonly isPrimaryOwner?: boolean;
  readonly isOwner?: boolean;
  readonly isAdmin?: boolean;
  readonly isRestricted?: boolean;
  readonly isUltraRestricted?: boolean;
  readonly isBot?: boolean;
  readonly isAppUser?: boolean;
  readonly isWorkflowBot?: boolean;
  readonly deleted?: boolean;
  /** The person's own workspace (Slack: `team_id`); another one for a Slack Connect partner's people. */
  readonly homeTeamId?: string;
  /** Slack calls them a stranger: of another workspace, in no shared conversation Tomo sees. */
  readonly isStranger?: boolean;
  /** Enterprise Grid: the organization's workspaces they are in (Slack: `enterprise_user.teams`). */
  readonly enterpriseTeamIds?: readonly string[];
}

export const NO_NAME_SUFFIX = ': (No Name)';

/**
 * How a member or channel without a name is shown: "<id>: (No Name)" (spec 3). The settings
 * pages pass their language's words (the catalogue's `UI.NO_NAME`, '<id>: (名前なし)' in
 * Japanese); what Tomo writes for the model or stores stays in English.
 */
export type NoNameText = (id: string) => string;
export const englishNoName: NoNameText = (id) => `${id}${NO_NAME_SUFFIX}`;

/**
 * Display-name fallback (spec 3): profile.display_name, profile.display_name_normalized,
 * profile.real_name, profile.real_name_normalized, name, real_name, else "<id>: (No Name)".
 * Empty strings fall through.
 */
export function memberDisplayName(member: Member, noName: NoNameText = englishNoName): string {
  const p = member.profile;
  const candidates = [
    p?.displayName,
    p?.displayNameNormalized,
    p?.realName,
    p?.realNameNormalized,
    member.name,
    member.realName,
  ];
  return candidates.find((c) => c !== undefined && c !== '') ?? noName(member.id);
}

export function memberTitle(member: Member): string {
  return member.profile?.title ?? '';
}

/** isAdmin is true with is_admin, is_owner or is_primary_owner (spec 6). */
export function isAdmin(member: Member | null | undefined): boolean {
  return Boolean(member && (member.isAdmin || member.isOwner || member.isPrimaryOwner));
}

/**
 * A full member of workspace `teamId`, who may change what applies to the whole workspace:
 * not a guest (`is_restricted`, `is_ultra_restricted`), not a person of another organization
 * (Slack Connect: their own `team_id`, or a stranger), not deactivated, not a bot; missing from
 * the workspace's member list (`member` undefined) counts as not a full member either.
 * On Enterprise Grid `enterpriseTeamIds` lists every workspace of the organization they are in.
 */
export function isFullMemberOf(member: Member | null | undefined, teamId: string): boolean {
  if (!member || member.deleted || member.isRestricted || member.isUltraRestricted || member.isStranger || isBotMember(member)) return false;
  return member.homeTeamId === undefined || member.homeTeamId === teamId || (member.enterpriseTeamIds ?? []).includes(teamId);
}

/**
 * Slackbot, Slack's own user in every workspace (USLACKBOT): users.list lists it with `is_bot`
 * false, and the reminders people set (`/remind #channel @Tomo …`) are posted as its messages.
 * It is neither a person nor a bot an admin could give a seat to, so it never asks Tomo.
 */
export const SLACKBOT_USER_ID = 'USLACKBOT';

export function isSlackbot(userId: string | null | undefined): boolean {
  return userId === SLACKBOT_USER_ID;
}

export function isBotMember(member: Member): boolean {
  return Boolean(member.isBot || member.isAppUser || member.isWorkflowBot);
}

export type MemberRole =
  | 'primary_owner'
  | 'owner'
  | 'admin'
  | 'member'
  | 'restricted'
  | 'ultra_restricted'
  | 'bot'
  | 'other';

/** The member's authority, strongest flag first; deactivated accounts are 'other'. */
export function memberRole(member: Member): MemberRole {
  if (member.deleted) return 'other';
  if (member.isPrimaryOwner) return 'primary_owner';
  if (member.isOwner) return 'owner';
  if (member.isAdmin) return 'admin';
  if (isBotMember(member)) return 'bot';
  if (member.isUltraRestricted) return 'ultra_restricted';
  if (member.isRestricted) return 'restricted';
  return 'member';
}

const ROLE_RANK: Readonly<Record<MemberRole, number>> = {
  primary_owner: 1,
  owner: 2,
  admin: 3,
  member: 4,
  restricted: 5,
  ultra_restricted: 6,
  bot: 7,
  other: 9,
};

/** Role rank for sorting (spec 6): primary owner 1 … bot/app/workflow bot 7, other 9. */
export function roleRank(member: Member): number {
  return ROLE_RANK[memberRole(member)];
}
