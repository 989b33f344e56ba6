import type { Database } from '../../../../../adapters/postgres/database';
import { nativePool } from '../../../../../adapters/postgres/native-pool';
import type { PgRepositories } from '../../../../../adapters/postgres/pg-repositories';
import { SlackViews } from '../../../../../adapters/slack/slack-views';
import { UuidIdGenerator } from '../../../../../adapters/system/uuid-id-generator';
import { PgKnowledgeSourceRepository } from '../../../../../adapters/vector/pg-knowledge-source-repository';
import { AddKnowledgeSource } from '../../../../../core/knowledge/add-source.use-case';
import { knowledgePlanOf } from '../../../../../core/knowledge/knowledge-plan';
import type { Clock } from '../../../../../core/shared/clock.port';
import type { JobQueue } from '../../../../../core/shared/job-queue.port';
import { KNOWLEDGE_QUEUES } from '../../../../shared/knowledge-jobs';
import { secretBoxFromConfig } from '../../../../shared/secret-box';
import type { ServerConfig } from '../../../config';
import type { InteractionHandler } from './interaction-handler';
import { knowledgeInteractions } from './knowledge.interaction';

/** The uploaders' interaction handler bound to PostgreSQL, the queue and Slack's Web API. */
export function knowledgeHandler(config: ServerConfig, database: Database, repositories: PgRepositories, queue: JobQueue, clock: Clock): InteractionHandler {
  // Titles and URLs are sealed at rest (ADR 52): the uploaders seal what they add.
  const sources = new PgKnowledgeSourceRepository(nativePool(database.orm), secretBoxFromConfig(config));
  const planOf = async (teamId: string) => knowledgePlanOf(await repositories.subscriptions.listByTeam(teamId), clock.now());
  return knowledgeInteractions({
    installations: repositories.installations,
    sources,
    add: new AddKnowledgeSource({ sources, queue, ids: new UuidIdGenerator(), clock, planOf, ingestQueue: KNOWLEDGE_QUEUES.knowledgeIngest.name }),
    views: new SlackViews({ slackApiUrl: config.SLACK_API_URL }),
    planOf,
    appName: 'Tomo',
  });
}
