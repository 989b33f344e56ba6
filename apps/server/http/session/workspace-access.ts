import type { Logger } from '../../../../adapters/logging/logger';
import type { Actor } from '../../../../core/shared/actor';
import { channelsVisibleTo, type ChannelEntry } from '../../../../core/workspace/channel';
import type { Member } from '../../../../core/workspace/member';
import { isAdmin, isFullMemberOf } from '../../../../core/workspace/member';
import type { WorkspaceDirectory } from '../../../../core/workspace/workspace-directory.port';
import type { ListedMembers, SignedIn } from './signed-in';

/**
 * The signed-in person as the workspace knows them. Admin rights are read from Slack's
 * member flags (is_admin, is_owner, is_primary_owner) on each request, through the
 * directory's short cache, so a role change in Slack takes effect without signing in again.
 */
export class WorkspaceAccess {
  constructor(
    private readonly deps: { directory: WorkspaceDirectory; logger: Logger },
  ) {}

  /** The workspace's members, or [] when Slack cannot be asked (the failure is logged). */
  async membersOrEmpty(teamId: string): Promise<Member[]> {
    return (await this.members(teamId)).members;
  }

  /**
   * The workspace's members, and whether Slack could list them: when it could not (a page of the
   * listing failed, a 429 longer than is waited out), `members` is empty, `failed` true and
   * `error` says why, so a page can say the list failed rather than take nobody for an admin (logged).
   */
  async members(teamId: string): Promise<ListedMembers> {
    try {
      return { members: await this.deps.directory.listMembers(teamId), failed: false };
    } catch (error) {
      this.deps.logger.warn({ err: error, teamId }, 'member list failed');
      return { members: [], failed: true, error };
    }
  }

  /**
   * The channels Tomo can see that this person may see: public ones, and private ones only when
   * they are a member (admins included, as in Slack). A guest (`is_restricted`,
   * `is_ultra_restricted`) sees only the channels they were invited to, public ones too, as in
   * Slack; so does a person of another organization (Slack Connect). Throws as `listChannels`
   * does; when their own channels cannot be read, no private channel is shown, and a guest no
   * channel at all (the failure is logged). `members`: the
   * request's listing when it has one, so Slack is asked once per request.
   */
  async channels(user: SignedIn, members?: readonly Member[]): Promise<ChannelEntry[]> {
    const [all, guest] = await Promise.all([this.deps.directory.listChannels(user.teamId), this.isGuest(user, members)]);
    if (!guest && !all.some((c) => c.isPrivate === true)) return all;
    const theirs = await this.deps.directory.channelsOf(user.teamId, user.userId).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, teamId: user.teamId }, "a person's channel list failed");
      return [] as ChannelEntry[];
    });
    const memberOf = new Set(theirs.map((c) => c.id));
    return guest ? all.filter((c) => memberOf.has(c.id)) : channelsVisibleTo(all, memberOf);
  }

  /**
   * A guest of the workspace, by Slack's member flags (through the directory's short cache), or a
   * person of another organization (Slack Connect), who is not in the workspace's list at all.
   * Nobody is, while Slack cannot list the members.
   */
  private async isGuest(user: SignedIn, members?: readonly Member[]): Promise<boolean> {
    const list = members ?? (await this.membersOrEmpty(user.teamId));
    return list.length > 0 && !(await this.mayChangeWorkspace(user, list));
  }

  /**
   * Whether this person may change what applies to the whole workspace (app name and icon,
   * plugins, custom reactions, auto replies): a full member, not a guest nor a person of another
   * organization (Slack Connect), by the workspace's member list (`isFullMemberOf`), or by Slack
   * itself for someone the list does not hold (`member`); the caller decides what a list Slack
   * could not read means.
   */
  async mayChangeWorkspace(user: SignedIn, members: readonly Member[]): Promise<boolean> {
    return isFullMemberOf(await this.member(user, members), user.teamId);
  }

  /** Not an admin when Slack cannot say who they are: admin-only work waits for Slack. */
  async actor(user: SignedIn, members?: readonly Member[]): Promise<Actor> {
    const list = members ?? (await this.membersOrEmpty(user.teamId));
    return { userId: user.userId, isAdmin: isAdmin(await this.member(user, list)) };
  }

  /**
   * The signed-in person from the listing, or, when it does not hold them (they joined after it
   * was read, within the directory's cache time, or are past the pages it reads), from Slack
   * itself (users.info, cached the same way); null when neither knows them, or while Slack cannot
   * list the members at all. A failed lookup is logged and counts as unknown.
   */
  private async member(user: SignedIn, list: readonly Member[]): Promise<Member | null> {
    const listed = list.find((m) => m.id === user.userId);
    // An empty listing is one Slack failed (Tomo's own bot is always in it): nobody is known then.
    if (listed || list.length === 0) return listed ?? null;
    try {
      return await this.deps.directory.member(user.teamId, user.userId);
    } catch (error) {
      this.deps.logger.warn({ err: error, teamId: user.teamId }, 'member lookup failed');
      return null;
    }
  }
}
