import { IntegrationEndpoints, integrationSettingsFromEnv } from '../../adapters/integrations/integration-settings';
import { googleDocsReader, googleSheetsReader, googleSlidesReader, googleTools } from '../../adapters/integrations/google';
import type { TokenRefused } from '../../adapters/integrations/integration-tool';
import { integrationProviderTools, notionPageReader } from '../../adapters/integrations/provider-tools';
import { ProviderOAuth } from '../../adapters/integrations/provider-oauth';
import type { Logger } from '../../adapters/logging/logger';
import type { Database } from '../../adapters/postgres/database';
import { PgConnectionLock } from '../../adapters/postgres/pg-connection-lock';
import { PgOAuthTokenRepository } from '../../adapters/postgres/pg-oauth-token-repository';
import { SystemClock } from '../../adapters/system/system-clock';
import { IntegrationConnections } from '../../core/integrations/integration-connections';
import type { Reader } from '../../core/readers/reader';
import type { AskerResources, Tool } from '../../core/tools/tool';
import type { TeamId, UserId } from '../../core/shared/ids';
import { secretBoxFromConfig } from '../shared/secret-box';
import type { WorkerConfig } from './config';

export interface IntegrationTools {
  readonly connections: IntegrationConnections;
  /** Readers of Google Docs, Sheets and Slides links, with the asker's token. */
  readonly readers: Reader[];
  /** One or more tools per provider, offered only to people who connected it. */
  readonly tools: Tool[];
  /** The asker's own tokens (refreshed before they expire), never anyone else's. */
  resources(teamId: TeamId, userId: UserId, base?: Pick<AskerResources, 'hasKnowledgeBase'>): AskerResources;
}

/**
 * The integrations' tools and readers, bound to the configured providers and the sealed token store.
 * Built once by the worker's composition root (container.ts) and handed to whatever needs them.
 */
export function integrationTools(config: WorkerConfig, database: Database, logger: Logger): IntegrationTools {
  const endpoints = new IntegrationEndpoints(integrationSettingsFromEnv(config));
  const connections = new IntegrationConnections({
    tokens: new PgOAuthTokenRepository(database.orm, secretBoxFromConfig(config)),
    oauth: new ProviderOAuth(endpoints),
    lock: new PgConnectionLock(database.orm),
    clock: new SystemClock(),
    log: logger,
  });
  // A provider's 401 (a token revoked on its side) turns the card to "reconnect needed".
  const refused: TokenRefused = (teamId, userId, provider, token) => connections.refusedByProvider(teamId, userId, provider, token);
  return {
    connections,
    readers: [googleDocsReader(endpoints, refused), googleSheetsReader(endpoints, refused), googleSlidesReader(endpoints, refused), notionPageReader(endpoints, refused)],
    tools: [...googleTools(endpoints, refused), ...integrationProviderTools(endpoints, refused)],
    resources: (teamId, userId, base) => connections.resourcesFor(teamId, userId, base),
  };
}
