import type { LlmProviderName } from '../billing/plan';
import type { SubscriptionRepository } from '../billing/subscription-repository.port';
import type { SeatAssignmentRepository } from '../seats/seat-assignment-repository.port';
import type { Clock } from '../shared/clock.port';
import type { TeamId, UserId } from '../shared/ids';
import { usageWindow } from '../usage/request-limit';
import type { UsageEventRepository } from '../usage/usage-event-repository.port';
import type { InstallationRepository } from '../workspace/installation-repository.port';
import type { EntitlementDenial, EntitlementGrant } from './entitlement';
import { decideEntitlement, deny } from './entitlement';

export interface CheckEntitlementInput {
  readonly teamId: TeamId;
  /** The member or bot user asking. */
  readonly memberId: UserId;
  readonly memberIsBot: boolean;
  /** False for a person of another workspace (Slack Connect): no seat of this one (default true). */
  readonly memberOfWorkspace?: boolean;
  readonly preferredProvider?: LlmProviderName;
  /** Links the Slack message points to ({pricingUrl}, {membersUrl}); added to the denial's params. */
  readonly links?: Readonly<Record<string, string>>;
  /**
   * The caller will answer and count the request: hold it against the seat's monthly limit
   * now (`reservationId` of the grant), so requests asked together cannot pass the limit.
   * The caller records it (`RecordUsage` with the id) or gives it back (`ReleaseUsage`).
   */
  readonly reserve?: boolean;
}

/** A grant, with the request it holds when the caller asked to reserve one on a limited plan. */
export type CheckedEntitlement = EntitlementDenial | (EntitlementGrant & { readonly reservationId?: string });

/** A held request nobody finished (the worker died and no retry came) stops holding it then: an answer job's expiry. */
export const RESERVATION_HOLD_MS = 15 * 60_000;

/** Losing the race for the last free seat makes us decide again with fresh facts, a few times at most. */
const MAX_ATTEMPTS = 3;

/**
 * Asks the one entitlement decision with facts from the repositories and, when the member
 * gets an unassigned seat by usage, fills it atomically (automatic assignment).
 */
export class CheckEntitlement {
  constructor(
    private readonly deps: {
      readonly installations: InstallationRepository;
      readonly subscriptions: SubscriptionRepository;
      readonly seats: SeatAssignmentRepository;
      readonly usage: UsageEventRepository;
      readonly clock: Clock;
    },
  ) {}

  async execute(input: CheckEntitlementInput): Promise<CheckedEntitlement> {
    const { teamId, memberId } = input;
    const now = this.deps.clock.now();
    const installation = await this.deps.installations.find(teamId);
    const subscriptions = await this.deps.subscriptions.listByTeam(teamId);
    const since = usageWindow(now).start;
    const usedThisMonth: Record<string, number> = {};
    for (const s of subscriptions) {
      usedThisMonth[s.id] = await this.deps.usage.countForSeat(teamId, s.id, memberId, since);
    }

    const withLinks = (denial: EntitlementDenial): EntitlementDenial =>
      input.links ? { ...denial, error: { ...denial.error, params: { ...denial.error.params, ...input.links } } } : denial;

    for (let attempt = 1; ; attempt += 1) {
      const assignments = await this.deps.seats.listByTeam(teamId);
      const decision = decideEntitlement({
        now,
        installation,
        memberId,
        ...(input.memberOfWorkspace === false ? { memberOfWorkspace: false } : {}),
        subscriptions,
        assignments,
        usedThisMonth,
        ...(input.preferredProvider ? { preferredProvider: input.preferredProvider } : {}),
      });
      if (!decision.allowed) return withLinks(decision);
      if (decision.seat === 'auto_assign') {
        const result = await this.deps.seats.assignIfSeatAvailable(
          teamId,
          {
            teamId,
            subscriptionId: decision.subscriptionId,
            memberId,
            memberKind: input.memberIsBot ? 'bot' : 'user',
            planKey: decision.plan.key,
            assignmentKind: 'automatic',
            assignedBy: null,
            assignedAt: now,
          },
          decision.subscription.quantity,
        );
        if (result === 'no_seat_available') {
          if (attempt >= MAX_ATTEMPTS) return withLinks(deny('no_seat'));
          continue;
        }
      }
      const limit = decision.requestLimit.limit;
      if (input.reserve !== true || limit === null) return decision;
      const reservationId = await this.deps.usage.reserve(teamId, {
        subscriptionId: decision.subscriptionId,
        memberId,
        since,
        limit,
        now,
        until: new Date(now.getTime() + RESERVATION_HOLD_MS),
      });
      if (reservationId !== null) return { ...decision, reservationId };
      // Requests asked at the same moment hold the rest of this seat's month: decide again without it.
      usedThisMonth[decision.subscriptionId] = limit;
    }
  }
}
