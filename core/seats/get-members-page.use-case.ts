import { PLANS } from '../billing/plan-catalog';
import { Subscription } from '../billing/subscription';
import type { SubscriptionRepository } from '../billing/subscription-repository.port';
import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import type { Member, MemberRole, NoNameText } from '../workspace/member';
import { isSlackbot, memberDisplayName, memberRole, memberTitle } from '../workspace/member';
import type { MemberRow } from '../workspace/member-list';
import { searchMembers, sortMemberRows } from '../workspace/member-list';
import type { AssignButtonState, AssignmentSummary } from './seat-rules';
import { assignButtonState, assignmentSummary } from './seat-rules';
import type { SeatAssignmentRepository } from './seat-assignment-repository.port';

export interface MembersPageRow {
  readonly number: number;
  readonly memberId: UserId;
  readonly authority: MemberRole;
  readonly title: string;
  readonly memberName: string;
  readonly updatedAt: Date | null;
  readonly updatedBy: UserId | null;
  readonly assignButton: AssignButtonState;
}

export interface MembersPage {
  readonly rows: MembersPageRow[];
  /** Summary of the selected subscription; null when none is selected. */
  readonly summary: AssignmentSummary | null;
}

/**
 * The Members page (admins only): members and bots (not workflow bots, not Tomo; deactivated
 * accounts only while they hold a seat) sorted by the spec's rule, filtered by the search, with
 * the selected subscription's summary.
 */
export class GetMembersPage {
  constructor(
    private readonly deps: {
      readonly subscriptions: SubscriptionRepository;
      readonly seats: SeatAssignmentRepository;
      readonly clock: Clock;
    },
  ) {}

  async execute(input: {
    readonly teamId: TeamId;
    readonly actor: Actor;
    readonly members: readonly Member[];
    readonly tomoBotUserId: UserId;
    readonly selectedSubscriptionId: SubscriptionId | null;
    readonly query: string;
    /** How a member without a name is shown (and sorted and found), in the page's language (default English). */
    readonly noName?: NoNameText;
  }): Promise<Outcome<MembersPage>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.MEMBERS_PAGE');
    const now = this.deps.clock.now();
    const assignments = await this.deps.seats.listByTeam(input.teamId);
    const usable = (await this.deps.subscriptions.listByTeam(input.teamId)).filter((s) =>
      Subscription.fromRecord(s).isUsableAt(now),
    );
    const holdsSeat = (member: Member) =>
      assignments.some((a) => a.memberId === member.id && usable.some((s) => s.id === a.subscriptionId));
    // A deactivated account is listed only while it still holds a seat: it counts against the
    // seats bought, and the admin can only free it from this page. Slackbot (users.list lists it
    // as a member, `is_bot` false) likewise: a seat it took before it stopped asking can be freed.
    // So is a workflow bot, which no admin can assign but which takes a free seat by usage when a
    // workflow's message mentions Tomo: hidden, that seat could never be freed.
    const listed = input.members.filter(
      (m) => ((!m.deleted && !isSlackbot(m.id) && !m.isWorkflowBot) || holdsSeat(m)) && m.id !== input.tomoBotUserId,
    );

    // A seat is on the plan its subscription has now: a plan switched in the Customer Portal
    // changes the subscription, not the plan stamped on the assignment when it was made.
    const planPosition = (a: (typeof assignments)[number]) => {
      const subscription = usable.find((s) => s.id === a.subscriptionId);
      return PLANS[subscription?.planKey ?? a.planKey].position;
    };
    const rows: MemberRow[] = listed.map((member) => {
      const held = assignments
        .filter((a) => a.memberId === member.id && usable.some((s) => s.id === a.subscriptionId))
        .sort((a, b) => planPosition(b) - planPosition(a))[0];
      return {
        member,
        assignment: held ? { planPosition: planPosition(held), updatedAt: held.assignedAt, updatedBy: held.assignedBy } : null,
      };
    });

    const selected = usable.find((s) => s.id === input.selectedSubscriptionId) ?? null;
    const selectedId = selected?.id ?? null;
    const pageRows = searchMembers(sortMemberRows(rows, input.noName), input.query, input.noName).map((row, index) => ({
      number: index + 1,
      memberId: row.member.id,
      authority: memberRole(row.member),
      title: memberTitle(row.member),
      memberName: memberDisplayName(row.member, input.noName),
      updatedAt: row.assignment?.updatedAt ?? null,
      updatedBy: row.assignment?.updatedBy ?? null,
      assignButton: assignButtonState(
        selectedId,
        assignments.filter((a) => a.memberId === row.member.id),
      ),
    }));
    const summary = selected
      ? assignmentSummary(selected.quantity, assignments.filter((a) => a.subscriptionId === selected.id))
      : null;
    return ok({ rows: pageRows, summary });
  }
}
