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
  /**
   * One person by id (Slack: users.info), for someone the listing does not hold: they joined
   * after it was read, or are past the pages it reads. Null when Slack does not know them, or
   * hides them from Tomo (a person of another organization).
   */
  member(teamId: TeamId, userId: UserId): Promise<Member | null>;
  listChannels(teamId: TeamId): Promise<ChannelEntry[]>;
  /** The channels `userId` (a person, a bot, or Tomo itself) is a member of; private ones only where Tomo is too. */
  channelsOf(teamId: TeamId, userId: UserId): Promise<ChannelEntry[]>;
  /**
   * What is known of `userId`'s channels, without waiting on Slack's pace: a list older than the
   * cache time (or none yet) is read again in the background, and the older one stays meanwhile.
   * A read this call starts is waited for `waitMs` at most (default 0), so a small workspace's
   * list comes in the first answer.
   */
  knownChannelsOf(teamId: TeamId, userId: UserId, waitMs?: number): Promise<KnownChannels>;
  /**
   * `knownChannelsOf` for many people or bots at once (the Auto replies page's hundreds of bots):
   * the lists missing (or old) are read in the background, a few at a time at Slack's pace, each
   * once however often it is asked for meanwhile; the reads this call queues are waited for
   * `waitMs` at most; by id.
   */
  knownChannelsOfEach(teamId: TeamId, userIds: readonly UserId[], waitMs?: number): Promise<Map<UserId, KnownChannels>>;
  teamInfo(teamId: TeamId): Promise<TeamInfo>;
}

/** One person's or bot's channels as far as they are known, while Slack is read in the background. */
export interface KnownChannels {
  /** The last list Slack gave (possibly older than the cache time while it is read again); null before any. */
  readonly channels: readonly ChannelEntry[] | null;
  /** A read is waiting or under way: a missing list fills in, an older one may change. */
  readonly loading: boolean;
  /** The last read failed and none is under way: it is tried again when asked after the cache time. */
  readonly failed: boolean;
}

/** Thrown when Tomo is not installed in the workspace (or its token was revoked). */
export class WorkspaceNotInstalledError extends Error {
  override readonly name = 'WorkspaceNotInstalledError';
  constructor(readonly teamId: TeamId) {
    super(`Tomo is not installed in workspace ${teamId}`);
  }
}
