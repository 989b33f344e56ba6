import type { Logger } from '../../../../adapters/logging/logger';
import type { Actor } from '../../../../core/shared/actor';
import type { Member } from '../../../../core/workspace/member';
import { isAdmin } from '../../../../core/workspace/member';
import type { WorkspaceDirectory } from '../../../../core/workspace/workspace-directory.port';
import type { SignedIn } from './signed-in';

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
    try {
      return await this.deps.directory.listMembers(teamId);
    } catch (error) {
      this.deps.logger.warn({ err: error, teamId }, 'member list failed');
      return [];
    }
  }

  /** Not an admin when the member list cannot be read: admin-only work waits for Slack. */
  async actor(user: SignedIn, members?: readonly Member[]): Promise<Actor> {
    const list = members ?? (await this.membersOrEmpty(user.teamId));
    return { userId: user.userId, isAdmin: isAdmin(list.find((m) => m.id === user.userId)) };
  }
}
