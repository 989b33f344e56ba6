import type { PlanKey } from '../../../core/billing/plan';
import type { SubscriptionRecord } from '../../../core/billing/subscription';
import type { SeatAssignmentRecord } from '../../../core/seats/seat-assignment';
import type { InstallationRecord } from '../../../core/workspace/installation';
import type { Member } from '../../../core/workspace/member';

export const TEAM = 'T0001';
export const OTHER_TEAM = 'T0002';
export const TOMO_BOT_USER = 'UTOMO';
export const TOMO_BOT_ID = 'BTOMO';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

class MemberBuilder {
  private member: Mutable<Member>;
  constructor(id: string) {
    this.member = { id, name: id.toLowerCase() };
  }
  named(displayName: string): this {
    this.member.profile = { ...this.member.profile, displayName };
    return this;
  }
  withProfile(profile: NonNullable<Member['profile']>): this {
    this.member.profile = profile;
    return this;
  }
  withName(name: string | undefined): this {
    this.member.name = name;
    return this;
  }
  withRealName(realName: string): this {
    this.member.realName = realName;
    return this;
  }
  titled(title: string): this {
    this.member.profile = { ...this.member.profile, title };
    return this;
  }
  primaryOwner(): this {
    this.member.isPrimaryOwner = true;
    this.member.isOwner = true;
    this.member.isAdmin = true;
    return this;
  }
  owner(): this {
    this.member.isOwner = true;
    this.member.isAdmin = true;
    return this;
  }
  admin(): this {
    this.member.isAdmin = true;
    return this;
  }
  restricted(): this {
    this.member.isRestricted = true;
    return this;
  }
  ultraRestricted(): this {
    this.member.isRestricted = true;
    this.member.isUltraRestricted = true;
    return this;
  }
  bot(): this {
    this.member.isBot = true;
    return this;
  }
  appUser(): this {
    this.member.isAppUser = true;
    return this;
  }
  workflowBot(): this {
    this.member.isBot = true;
    this.member.isWorkflowBot = true;
    return this;
  }
  deleted(): this {
    this.member.deleted = true;
    return this;
  }
  build(): Member {
    return { ...this.member };
  }
}

let memberCounter = 0;
export function aMember(id?: string): MemberBuilder {
  memberCounter += 1;
  return new MemberBuilder(id ?? `UMEMBER${memberCounter}`);
}

class SubscriptionBuilder {
  private record: Mutable<SubscriptionRecord>;
  constructor(id: string) {
    const start = new Date('2025-01-01T00:00:00.000Z');
    this.record = {
      id,
      teamId: TEAM,
      kind: 'paid',
      planKey: 'gpt50',
      interval: 'monthly',
      billingMode: 'fixed_rate',
      status: 'active',
      quantity: 10,
      currentPeriodStart: start,
      currentPeriodEnd: new Date('2025-02-01T00:00:00.000Z'),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      externalId: `sub_${id}`,
      createdAt: start,
      updatedAt: start,
    };
  }
  forTeam(teamId: string): this {
    this.record.teamId = teamId;
    return this;
  }
  onPlan(planKey: PlanKey): this {
    this.record.planKey = planKey;
    return this;
  }
  yearly(): this {
    this.record.interval = 'yearly';
    return this;
  }
  payAsYouGo(): this {
    this.record.billingMode = 'pay_as_you_go';
    return this;
  }
  withSeats(quantity: number): this {
    this.record.quantity = quantity;
    return this;
  }
  period(start: string, end: string): this {
    this.record.currentPeriodStart = new Date(start);
    this.record.currentPeriodEnd = new Date(end);
    return this;
  }
  createdAt(at: string): this {
    this.record.createdAt = new Date(at);
    return this;
  }
  trial(start: string, end: string): this {
    Object.assign(this.record, {
      kind: 'trial',
      planKey: 'free',
      interval: null,
      billingMode: null,
      status: 'trialing',
      quantity: 0,
      cancelAtPeriodEnd: true,
      externalId: null,
    });
    return this.period(start, end).createdAt(start);
  }
  cancelingAtPeriodEnd(): this {
    this.record.cancelAtPeriodEnd = true;
    return this;
  }
  /** The payment provider stopped collecting an unpaid invoice (Stripe's `unpaid`). */
  suspended(): this {
    this.record.status = 'suspended';
    return this;
  }

  /** The payment provider paused it: its trial ended without a payment method (Stripe's `paused`). */
  paused(): this {
    this.record.status = 'paused';
    return this;
  }

  canceled(): this {
    this.record.status = 'canceled';
    this.record.canceledAt = this.record.currentPeriodStart;
    return this;
  }
  pastDue(): this {
    this.record.status = 'past_due';
    return this;
  }
  build(): SubscriptionRecord {
    return { ...this.record };
  }
}

let subscriptionCounter = 0;
export function aSubscription(id?: string): SubscriptionBuilder {
  subscriptionCounter += 1;
  return new SubscriptionBuilder(id ?? `sub-${subscriptionCounter}`);
}

export function anInstallation(overrides: Partial<InstallationRecord> = {}): InstallationRecord {
  const at = new Date('2025-01-01T00:00:00.000Z');
  return {
    teamId: TEAM,
    teamName: 'Acme',
    botUserId: TOMO_BOT_USER,
    botId: TOMO_BOT_ID,
    botToken: 'xoxb-secret',
    installedBy: 'UINSTALLER',
    firstInstalledAt: at,
    installedAt: at,
    uninstalledAt: null,
    installCount: 1,
    ...overrides,
  };
}

export function anAssignment(
  subscription: Pick<SubscriptionRecord, 'id' | 'planKey' | 'teamId'>,
  memberId: string,
  overrides: Partial<SeatAssignmentRecord> = {},
): SeatAssignmentRecord {
  return {
    teamId: subscription.teamId,
    subscriptionId: subscription.id,
    memberId,
    memberKind: 'user',
    planKey: subscription.planKey,
    assignmentKind: 'manual',
    assignedBy: 'UADMIN',
    assignedAt: new Date('2025-01-02T00:00:00.000Z'),
    ...overrides,
  };
}

export const anAdmin = { userId: 'UADMIN', isAdmin: true } as const;
export const aRegularMember = { userId: 'UREGULAR', isAdmin: false } as const;
