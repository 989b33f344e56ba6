import { FakeClock } from '../../../adapters/memory/fake-clock';
import { InMemoryAppCustomizationRepository } from '../../../adapters/memory/in-memory-app-customization-repository';
import { InMemoryAutoReplySettingsRepository } from '../../../adapters/memory/in-memory-auto-reply-settings-repository';
import { InMemoryCustomerRepository } from '../../../adapters/memory/in-memory-customer-repository';
import { InMemoryInstallationRepository } from '../../../adapters/memory/in-memory-installation-repository';
import { InMemoryInstructionRepository } from '../../../adapters/memory/in-memory-instruction-repository';
import { InMemoryReactionSettingsRepository } from '../../../adapters/memory/in-memory-reaction-settings-repository';
import { InMemoryScheduleSettingsRepository } from '../../../adapters/memory/in-memory-schedule-settings-repository';
import { InMemorySeatAssignmentRepository } from '../../../adapters/memory/in-memory-seat-assignment-repository';
import { InMemorySubscriptionRepository } from '../../../adapters/memory/in-memory-subscription-repository';
import { InMemoryUsageEventRepository } from '../../../adapters/memory/in-memory-usage-event-repository';
import { InMemoryUserRepository } from '../../../adapters/memory/in-memory-user-repository';
import { SequentialIdGenerator } from '../../../adapters/memory/sequential-id-generator';

/** Every port of the domain core backed by its in-memory adapter, and a clock tests move. */
export function aWorkspaceFixture(start = '2025-01-15T09:00:00.000Z') {
  const subscriptions = new InMemorySubscriptionRepository();
  return {
    clock: new FakeClock(start),
    ids: new SequentialIdGenerator(),
    installations: new InMemoryInstallationRepository(),
    subscriptions,
    customers: new InMemoryCustomerRepository(),
    seats: new InMemorySeatAssignmentRepository(subscriptions),
    usage: new InMemoryUsageEventRepository(),
    users: new InMemoryUserRepository(),
    instructions: new InMemoryInstructionRepository(),
    customizations: new InMemoryAppCustomizationRepository(),
    autoReplies: new InMemoryAutoReplySettingsRepository(),
    reactions: new InMemoryReactionSettingsRepository(),
    schedules: new InMemoryScheduleSettingsRepository(),
  };
}

export type WorkspaceFixture = ReturnType<typeof aWorkspaceFixture>;
