import type { Logger } from '../../adapters/logging/logger';
import type { Database } from '../../adapters/postgres/database';
import { PgAppCustomizationRepository } from '../../adapters/postgres/pg-app-customization-repository';
import { PgAutoReplySettingsRepository } from '../../adapters/postgres/pg-auto-reply-settings-repository';
import { PgInstallationRepository } from '../../adapters/postgres/pg-installation-repository';
import { PgInstructionRepository } from '../../adapters/postgres/pg-instruction-repository';
import { PgObjectStorage } from '../../adapters/postgres/pg-object-storage';
import { PgPluginSettingsRepository } from '../../adapters/postgres/pg-plugin-settings-repository';
import { PgReactionSettingsRepository } from '../../adapters/postgres/pg-reaction-settings-repository';
import { PgScheduleSettingsRepository } from '../../adapters/postgres/pg-schedule-settings-repository';
import { PgSeatAssignmentRepository } from '../../adapters/postgres/pg-seat-assignment-repository';
import { PgSessionStore } from '../../adapters/postgres/pg-session-store';
import { PgSubscriptionRepository } from '../../adapters/postgres/pg-subscription-repository';
import { PgUsageEventRepository } from '../../adapters/postgres/pg-usage-event-repository';
import { IntegrationEndpoints, integrationSettingsFromEnv } from '../../adapters/integrations/integration-settings';
import { ProviderOAuth } from '../../adapters/integrations/provider-oauth';
import { PgConnectionLock } from '../../adapters/postgres/pg-connection-lock';
import { PgOAuthTokenRepository } from '../../adapters/postgres/pg-oauth-token-repository';
import { PgUsedAuthStates } from '../../adapters/postgres/pg-used-auth-states';
import { PgUserRepository } from '../../adapters/postgres/pg-user-repository';
import { SlackDirectory } from '../../adapters/slack/slack-directory';
import { SystemClock } from '../../adapters/system/system-clock';
import { UuidIdGenerator } from '../../adapters/system/uuid-id-generator';
import { TiktokenTokenizer } from '../../adapters/tokenizer/tiktoken-tokenizer';
import { APP_ICON_BUCKET } from '../../core/shared/object-storage.port';
import { secretBoxFromConfig } from '../shared/secret-box';
import type { ServerConfig } from './config';
import type { SignedInPorts } from './http/session/signed-in-api';

/** The signed-in API's ports bound to their production adapters (PostgreSQL, Slack, tiktoken). */
export function signedInPorts(config: ServerConfig, database: Database, logger: Logger): SignedInPorts {
  const { orm } = database;
  const clock = new SystemClock();
  const secrets = secretBoxFromConfig(config);
  const installations = new PgInstallationRepository(orm, secrets);
  const integrationEndpoints = new IntegrationEndpoints(integrationSettingsFromEnv(config));
  return {
    clock,
    ids: new UuidIdGenerator(),
    tokenizer: new TiktokenTokenizer(),
    sessions: new PgSessionStore(orm),
    usedAuthStates: new PgUsedAuthStates(orm),
    directory: new SlackDirectory({ installations, clock, slackApiUrl: config.SLACK_API_URL, logger }),
    users: new PgUserRepository(orm),
    installations,
    subscriptions: new PgSubscriptionRepository(orm),
    seats: new PgSeatAssignmentRepository(orm),
    usage: new PgUsageEventRepository(orm),
    instructions: new PgInstructionRepository(orm),
    reactions: new PgReactionSettingsRepository(orm),
    schedules: new PgScheduleSettingsRepository(orm),
    autoReplies: new PgAutoReplySettingsRepository(orm),
    customizations: new PgAppCustomizationRepository(orm),
    plugins: new PgPluginSettingsRepository(orm),
    icons: new PgObjectStorage(orm, APP_ICON_BUCKET),
    oauthTokens: new PgOAuthTokenRepository(orm, secrets),
    integrationOAuth: new ProviderOAuth(integrationEndpoints),
    integrationEndpoints,
    connectionLock: new PgConnectionLock(orm),
  };
}
