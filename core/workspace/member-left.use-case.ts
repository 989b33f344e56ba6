import type { IntegrationConnections } from '../integrations/integration-connections';
import type { SeatAssignmentRepository } from '../seats/seat-assignment-repository.port';
import type { TeamId, UserId } from '../shared/ids';
import type { InstallationRepository } from './installation-repository.port';
import type { SessionStore } from './session-store.port';

export interface MemberLeftResult {
  /** The workspaces swept: the event's own, and every other installation of Tomo the event concerns. */
  readonly workspaces: number;
  /** Integration connections of theirs revoked at the provider. */
  readonly revoked: number;
  /** Their connection rows deleted, history included. */
  readonly connections: number;
  /** Seats of theirs released, on every subscription (manual and automatic alike). */
  readonly seats: number;
  /** Their signed-in browser sessions (Settings) ended. */
  readonly sessions: number;
  /** Scheduled summaries they owned turned off here (their channels told). */
  readonly summaries: number;
}

/**
 * Which workspaces an event is visible to (Slack's `apps.event.authorizations.list` for the
 * event's `event_context`): their team ids, or null when that cannot be known (no app-level
 * token, or Slack refused; the adapter says why in the log).
 */
export interface EventInstallations {
  teamsSeeing(eventContext: string): Promise<readonly TeamId[] | null>;
}

/**
 * A person left the workspace (Slack deactivated their account): what they granted Tomo ends.
 * Their integration connections are revoked at each provider and deleted (a private knowledge
 * repository they added is no longer read with their GitHub connection), the seats they
 * hold are released for others, and every Settings session of theirs in the workspace ends at
 * once (not at their next request, when Slack's member list would say so). A scheduled summary
 * they own (saved last, so run as their request) is turned off and its channel told, as its next
 * run would (TurnOffGoneOwnersSummaries). Nothing else of theirs is touched (instructions, other
 * schedules, knowledge they added stay the workspace's).
 *
 * One deactivation may concern several of Tomo's installations: Enterprise Grid workspaces each
 * installing Tomo (a person's user id is the same in every workspace of the organization), a Slack
 * Connect partner's. Slack delivers the event once, naming one of them; given the event's context,
 * every installation it lists that Tomo holds is swept the same way. Without that list, only the
 * event's own workspace is.
 *
 * Idempotent: Slack may deliver the news twice, and a second run finds nothing left. A
 * reactivated person starts with nothing connected, no seat and their summaries off until someone
 * assigns one or turns them on again.
 */
export class ReleaseMemberWhoLeft {
  constructor(
    private readonly deps: {
      readonly connections: Pick<IntegrationConnections, 'forgetPerson'>;
      readonly seats: Pick<SeatAssignmentRepository, 'listByMember' | 'unassign'>;
      readonly sessions: Pick<SessionStore, 'revokeAllForUser'>;
      readonly summaries: { execute(input: { readonly teamId: TeamId; readonly userId: UserId }): Promise<number> };
      readonly installations: Pick<InstallationRepository, 'find'>;
      readonly eventInstallations: EventInstallations;
    },
  ) {}

  async execute(input: { readonly teamId: TeamId; readonly userId: UserId; readonly eventContext?: string | undefined }): Promise<MemberLeftResult> {
    const totals = { workspaces: 0, revoked: 0, connections: 0, seats: 0, sessions: 0, summaries: 0 };
    for (const teamId of await this.workspacesOf(input)) {
      const swept = await this.sweep(teamId, input.userId);
      totals.workspaces += 1;
      totals.revoked += swept.revoked;
      totals.connections += swept.connections;
      totals.seats += swept.seats;
      totals.sessions += swept.sessions;
      totals.summaries += swept.summaries;
    }
    return totals;
  }

  /** The event's own workspace first (swept as before, installed or not), then the others Tomo is installed in. */
  private async workspacesOf(input: { readonly teamId: TeamId; readonly eventContext?: string | undefined }): Promise<TeamId[]> {
    const teams = [input.teamId];
    if (input.eventContext === undefined) return teams;
    for (const teamId of (await this.deps.eventInstallations.teamsSeeing(input.eventContext)) ?? []) {
      if (teams.includes(teamId)) continue;
      const installation = await this.deps.installations.find(teamId);
      if (installation && installation.uninstalledAt === null && installation.botToken) teams.push(teamId);
    }
    return teams;
  }

  private async sweep(teamId: TeamId, userId: UserId): Promise<Omit<MemberLeftResult, 'workspaces'>> {
    // Sessions first: a signed-in page of theirs must not change anything while the rest runs.
    const sessions = await this.deps.sessions.revokeAllForUser(teamId, userId);
    const { revoked, deleted } = await this.deps.connections.forgetPerson(teamId, userId);
    let seats = 0;
    for (const seat of await this.deps.seats.listByMember(teamId, userId)) {
      if (await this.deps.seats.unassign(teamId, seat.subscriptionId, userId)) seats += 1;
    }
    // Last: it speaks in Slack, and a retry after a failure there redoes only what is left.
    const summaries = await this.deps.summaries.execute({ teamId, userId });
    return { revoked, connections: deleted, seats, sessions, summaries };
  }
}
