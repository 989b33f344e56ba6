import type { IntegrationConnections } from '../integrations/integration-connections';
import type { SeatAssignmentRepository } from '../seats/seat-assignment-repository.port';
import type { TeamId, UserId } from '../shared/ids';
import type { SessionStore } from './session-store.port';

export interface MemberLeftResult {
  /** Integration connections of theirs revoked at the provider. */
  readonly revoked: number;
  /** Their connection rows deleted, history included. */
  readonly connections: number;
  /** Seats of theirs released, on every subscription (manual and automatic alike). */
  readonly seats: number;
  /** Their signed-in browser sessions (Settings) ended. */
  readonly sessions: number;
}

/**
 * A person left the workspace (Slack deactivated their account): what they granted Tomo ends.
 * Their integration connections are revoked at each provider and deleted (a private knowledge
 * repository they added is no longer read with their GitHub connection), the seats they
 * hold are released for others, and every Settings session of theirs in the workspace ends at
 * once (not at their next request, when Slack's member list would say so). Nothing else of
 * theirs is touched (instructions, schedules, knowledge they added stay the workspace's; a
 * summary they own is turned off at its next run, SummarizeChannel). Idempotent: Slack may deliver the news twice, and
 * a second run finds nothing left. A reactivated person starts with nothing connected and no
 * seat until an admin assigns one (or their first question takes a free one).
 */
export class ReleaseMemberWhoLeft {
  constructor(
    private readonly deps: {
      readonly connections: Pick<IntegrationConnections, 'forgetPerson'>;
      readonly seats: Pick<SeatAssignmentRepository, 'listByMember' | 'unassign'>;
      readonly sessions: Pick<SessionStore, 'revokeAllForUser'>;
    },
  ) {}

  async execute(input: { readonly teamId: TeamId; readonly userId: UserId }): Promise<MemberLeftResult> {
    const { teamId, userId } = input;
    // Sessions first: a signed-in page of theirs must not change anything while the rest runs.
    const sessions = await this.deps.sessions.revokeAllForUser(teamId, userId);
    const { revoked, deleted } = await this.deps.connections.forgetPerson(teamId, userId);
    let seats = 0;
    for (const seat of await this.deps.seats.listByMember(teamId, userId)) {
      if (await this.deps.seats.unassign(teamId, seat.subscriptionId, userId)) seats += 1;
    }
    return { revoked, connections: deleted, seats, sessions };
  }
}
