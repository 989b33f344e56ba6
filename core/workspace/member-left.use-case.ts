import type { IntegrationConnections } from '../integrations/integration-connections';
import type { SeatAssignmentRepository } from '../seats/seat-assignment-repository.port';
import type { TeamId, UserId } from '../shared/ids';

export interface MemberLeftResult {
  /** Integration connections of theirs revoked at the provider. */
  readonly revoked: number;
  /** Their connection rows deleted, history included. */
  readonly connections: number;
  /** Seats of theirs released, on every subscription (manual and automatic alike). */
  readonly seats: number;
}

/**
 * A person left the workspace (Slack deactivated their account): what they granted Tomo ends.
 * Their integration connections are revoked at each provider and deleted (a private knowledge
 * repository they added is no longer read with their GitHub connection), and the seats they
 * hold are released for others. Nothing else of theirs is touched (instructions, schedules,
 * knowledge they added stay the workspace's). Idempotent: Slack may deliver the news twice, and
 * a second run finds nothing left. A reactivated person starts with nothing connected and no
 * seat until an admin assigns one (or their first question takes a free one).
 */
export class ReleaseMemberWhoLeft {
  constructor(
    private readonly deps: {
      readonly connections: Pick<IntegrationConnections, 'forgetPerson'>;
      readonly seats: Pick<SeatAssignmentRepository, 'listByMember' | 'unassign'>;
    },
  ) {}

  async execute(input: { readonly teamId: TeamId; readonly userId: UserId }): Promise<MemberLeftResult> {
    const { teamId, userId } = input;
    const { revoked, deleted } = await this.deps.connections.forgetPerson(teamId, userId);
    let seats = 0;
    for (const seat of await this.deps.seats.listByMember(teamId, userId)) {
      if (await this.deps.seats.unassign(teamId, seat.subscriptionId, userId)) seats += 1;
    }
    return { revoked, connections: deleted, seats };
  }
}
