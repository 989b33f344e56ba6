// Small builders of core records for contract suites: a valid default, overridden per test.
import type { AutoReplySettingRecord } from '../../../core/auto-replies/auto-reply-setting';
import type { CustomerRecord } from '../../../core/billing/customer';
import type { SubscriptionRecord } from '../../../core/billing/subscription';
import type { AppCustomizationRecord } from '../../../core/customization/app-customization';
import type { InstructionRecord } from '../../../core/instructions/instruction';
import type { CustomReactionRecord } from '../../../core/reactions/reaction';
import type { ScheduleSettingRecord } from '../../../core/schedules/schedule-setting';
import type { SeatAssignmentRecord } from '../../../core/seats/seat-assignment';
import type { UsageEventRecord } from '../../../core/usage/usage-event';
import type { InstallationRecord } from '../../../core/workspace/installation';
import type { UserRecord } from '../../../core/workspace/user';

export const TEAM_A = 'T0000000A';
export const TEAM_B = 'T0000000B';

/** Distinct, increasing instants (whole milliseconds, as a database stores them). */
export function at(minute: number): Date {
  return new Date(Date.UTC(2026, 0, 1, 9, 0) + minute * 60_000);
}

export function anInstallation(overrides: Partial<InstallationRecord> = {}): InstallationRecord {
  return {
    teamId: TEAM_A,
    teamName: 'Acme',
    botUserId: 'U0BOT',
    botId: 'B0BOT',
    botToken: 'xoxb-111-222-secretvalue',
    installedBy: 'U0ADMIN',
    firstInstalledAt: at(0),
    installedAt: at(0),
    uninstalledAt: null,
    installCount: 1,
    ...overrides,
  };
}

export function aCustomer(overrides: Partial<CustomerRecord> = {}): CustomerRecord {
  return { teamId: TEAM_A, externalCustomerId: 'cus_A', email: 'billing@acme.test', createdAt: at(0), ...overrides };
}

export function aSubscription(overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    id: 'sub-1',
    teamId: TEAM_A,
    kind: 'paid',
    planKey: 'gpt50',
    interval: 'monthly',
    billingMode: 'fixed_rate',
    status: 'active',
    quantity: 10,
    currentPeriodStart: at(0),
    currentPeriodEnd: at(60 * 24 * 30),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    pauseReason: null,
    externalId: 'sub_ext_1',
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

export function aSeat(overrides: Partial<SeatAssignmentRecord> = {}): SeatAssignmentRecord {
  return {
    teamId: TEAM_A,
    subscriptionId: 'sub-1',
    memberId: 'U001',
    memberKind: 'user',
    planKey: 'gpt50',
    assignmentKind: 'manual',
    assignedBy: 'U0ADMIN',
    assignedAt: at(1),
    ...overrides,
  };
}

export function aUser(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    teamId: TEAM_A,
    userId: 'U001',
    email: 'ann@acme.test',
    name: 'Ann',
    locale: 'en',
    createdAt: at(0),
    lastSignedInAt: at(1),
    ...overrides,
  };
}

export function anAppCustomization(overrides: Partial<AppCustomizationRecord> = {}): AppCustomizationRecord {
  return {
    teamId: TEAM_A,
    appName: 'Helper',
    iconKey: `${TEAM_A}/icon.png`,
    greetingWhenJoiningChannel: false,
    updatedBy: 'U0ADMIN',
    updatedAt: at(1),
    ...overrides,
  };
}

export function anAutoReply(overrides: Partial<AutoReplySettingRecord> = {}): AutoReplySettingRecord {
  return {
    teamId: TEAM_A,
    botUserId: 'U0DEPLOYBOT',
    botName: 'Deploy bot',
    instruction: 'Summarise failed deploys',
    enabled: true,
    updatedBy: 'U0ADMIN',
    updatedAt: at(1),
    ...overrides,
  };
}

export function aSchedule(overrides: Partial<ScheduleSettingRecord> = {}): ScheduleSettingRecord {
  return {
    teamId: TEAM_A,
    channelId: 'C001',
    channelName: 'general',
    isSummaryEnabled: true,
    startTimeUtc: '01:30',
    lookbackDays: 1,
    timezoneOffsetMinutes: -540,
    timeZone: null,
    updatedBy: 'U0ADMIN',
    updatedAt: at(1),
    ...overrides,
  };
}

export function anInstruction(overrides: Partial<InstructionRecord> = {}): InstructionRecord {
  return {
    teamId: TEAM_A,
    level: 'channel',
    targetId: 'C001',
    name: 'Tone',
    text: 'Answer briefly.',
    createdBy: 'U0ADMIN',
    createdAt: at(1),
    updatedBy: 'U0ADMIN',
    updatedAt: at(1),
    ...overrides,
  };
}

export function aReaction(overrides: Partial<CustomReactionRecord> = {}): CustomReactionRecord {
  return {
    teamId: TEAM_A,
    id: 'r-1',
    name: 'eyes',
    prompt: 'Review this message.',
    category: 'custom',
    updatedBy: 'U0ADMIN',
    updatedAt: at(1),
    ...overrides,
  };
}

export function aUsageEvent(overrides: Partial<UsageEventRecord> = {}): UsageEventRecord {
  return {
    id: 'u-1',
    teamId: TEAM_A,
    memberId: 'U001',
    subscriptionId: 'sub-1',
    kind: 'channel_mention',
    occurredAt: at(1),
    ...overrides,
  };
}
