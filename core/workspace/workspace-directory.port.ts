import type { TeamId, UserId } from '../shared/ids';
import type { ChannelEntry } from './channel';
import type { Member } from './member';

export interface TeamInfo {
  readonly id: TeamId;
  readonly name: string;
  readonly domain: string | null;
}

/**
 * Read access to a Slack workspace's directory: its members, channels and name, read with
 * the workspace's bot token. Failures (not installed, token revoked, Slack down) are thrown.
 */
export interface WorkspaceDirectory {
  listMembers(teamId: TeamId): Promise<Member[]>;
  listChannels(teamId: TeamId): Promise<ChannelEntry[]>;
  /** The channels `userId` (a person, a bot, or Tomo itself) is a member of; private ones only where Tomo is too. */
  channelsOf(teamId: TeamId, userId: UserId): Promise<ChannelEntry[]>;
  /**
   * `channelsOf` for many people or bots at once (the Auto replies page's hundreds of bots),
   * read a few at a time at Slack's pace instead of all together; by id.
   */
  channelsOfEach(teamId: TeamId, userIds: readonly UserId[]): Promise<Map<UserId, ChannelEntry[]>>;
  teamInfo(teamId: TeamId): Promise<TeamInfo>;
}

/** Thrown when Tomo is not installed in the workspace (or its token was revoked). */
export class WorkspaceNotInstalledError extends Error {
  override readonly name = 'WorkspaceNotInstalledError';
  constructor(readonly teamId: TeamId) {
    super(`Tomo is not installed in workspace ${teamId}`);
  }
}
