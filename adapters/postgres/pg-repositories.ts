import type { MikroORM } from '@mikro-orm/postgresql';
import { APP_ICON_BUCKET } from '../../core/shared/object-storage.port';
import type { SecretBox } from '../crypto/secret-box';
import { PgAppCustomizationRepository } from './pg-app-customization-repository';
import { PgAutoReplySettingsRepository } from './pg-auto-reply-settings-repository';
import { PgCustomerRepository } from './pg-customer-repository';
import { PgEgressAuditLog } from './pg-egress-audit-log';
import { PgImageGenerationLog } from './pg-image-generation-log';
import { PgInstallationRepository } from './pg-installation-repository';
import { PgInstructionRepository } from './pg-instruction-repository';
import { PgOAuthTokenRepository } from './pg-oauth-token-repository';
import { PgObjectStorage } from './pg-object-storage';
import { PgProcessedEventLog } from './pg-processed-event-log';
import { PgReactionSettingsRepository } from './pg-reaction-settings-repository';
import { PgScheduleSettingsRepository } from './pg-schedule-settings-repository';
import { PgSeatAssignmentRepository } from './pg-seat-assignment-repository';
import { PgSessionStore } from './pg-session-store';
import { PgSubscriptionRepository } from './pg-subscription-repository';
import { PgAssistantThreadRepository, PgAutoReplyCounter, PgHomeViewHashRepository, PgTriggerInputStash } from './pg-trigger-state';
import { PgUsageEventRepository } from './pg-usage-event-repository';
import { PgUsedAuthStates } from './pg-used-auth-states';
import { PgUserRepository } from './pg-user-repository';

/** Every Postgres adapter of a core port, for the composition roots. */
export function createPgRepositories(orm: MikroORM, secrets: SecretBox) {
  return {
    appCustomizations: new PgAppCustomizationRepository(orm),
    assistantThreads: new PgAssistantThreadRepository(orm),
    autoReplyCounter: new PgAutoReplyCounter(orm),
    autoReplySettings: new PgAutoReplySettingsRepository(orm),
    customers: new PgCustomerRepository(orm),
    egressAudit: new PgEgressAuditLog(orm),
    homeViewHashes: new PgHomeViewHashRepository(orm),
    iconStorage: new PgObjectStorage(orm, APP_ICON_BUCKET),
    imageGenerations: new PgImageGenerationLog(orm),
    installations: new PgInstallationRepository(orm, secrets),
    instructions: new PgInstructionRepository(orm),
    oauthTokens: new PgOAuthTokenRepository(orm, secrets),
    processedSlackEvents: new PgProcessedEventLog(orm, 'slack'),
    processedStripeEvents: new PgProcessedEventLog(orm, 'stripe'),
    reactionSettings: new PgReactionSettingsRepository(orm),
    scheduleSettings: new PgScheduleSettingsRepository(orm),
    seatAssignments: new PgSeatAssignmentRepository(orm),
    sessions: new PgSessionStore(orm),
    subscriptions: new PgSubscriptionRepository(orm),
    triggerInputs: new PgTriggerInputStash(orm, secrets),
    usageEvents: new PgUsageEventRepository(orm),
    usedAuthStates: new PgUsedAuthStates(orm),
    users: new PgUserRepository(orm),
  };
}

export type PgRepositories = ReturnType<typeof createPgRepositories>;
